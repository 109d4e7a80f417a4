// An answer's body as the engine's Exchange holds it, whichever side sent the
// request (the CLI's senders in cli/exchange.ts, the page's in
// app/mockman/lib/page-sender.ts): its JSON when it is JSON, else its text; none is null.
export function answerBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
