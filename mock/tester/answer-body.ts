// An answer's body as the engine's Exchange holds it, whichever side sent the
// request (the CLI's senders in cli/exchange.ts, the page's in
// app/mockman/lib/page-sender.ts): its JSON when it is JSON, else its text; none is null.
import type { Exchange } from "./engine/exchange";

export function answerBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The body, and its text as the server wrote it when the parsed JSON would not give it back (spaces, escapes,
 * key order, a JSON string): a script's pm.response.text() and size() read the text sent, as Newman's do.
 */
export function textAnswer(text: string): Pick<Exchange, "body" | "text"> {
  const body = answerBody(text);
  const asWritten = typeof body === "string" ? body === text : body === null || JSON.stringify(body) === text;
  return asWritten ? { body } : { body, text: async () => text };
}
