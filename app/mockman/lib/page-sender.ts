// The page's Sender for the tester's engine (mock/tester/engine/exchange.ts):
// what a script run sends goes out exactly as the page's Send does, through
// lib/send.ts with the page's window.fetch, so a path such as /api/posts
// reaches the in-browser mock (whose door patches this window's fetch only;
// a worker's fetch would reach the static server) and a full URL the network.
// Each answer comes back as the engine's Exchange, and as the page's Outcome
// for whoever shows it (a Send shows its own request's answer).
import type { Exchange, OutgoingRequest, Sender } from "#mock/tester/engine/exchange";
import { textAnswer } from "#mock/tester/answer-body";
import { sendRequest, type Outcome } from "./send";

export interface PageSenderOptions {
  /** The server the run targets (an environment's http:// baseUrl), or undefined for the page's own origin (the mock). */
  base?: string;
  fetcher?: typeof fetch;
  /** Each request as it went and what came of it, in order. */
  onOutcome?(request: { method: string; url: string }, outcome: Outcome): void;
}

export const IN_PAGE = "the page's mock";

/**
 * The URL a run's request goes to: the path on the run's target, the base's server or the page's own origin. Without
 * a base the path is fetched as it is, so its leading slashes become one: `//host/x` (a script's
 * `pm.sendRequest('http://t//host/x')`), `/\\host/x` or a tab or space between them is a URL of another host to the
 * browser's parser, which a run must not reach.
 */
export function joinBase(base: string | undefined, path: string): string {
  // The URL parser drops leading C0 controls and spaces, and tabs and line breaks anywhere: they go too.
  // eslint-disable-next-line no-control-regex
  if (!base) return path.replace(/^[\u0000-\u0020/\\]*/, "/");
  return base.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
}

/** The page's answer as the engine reads it (a large answer's whole text, not the page's preview of it). */
export async function exchangeOf(outcome: Outcome): Promise<Exchange> {
  if (outcome.kind === "failure") throw new Error(outcome.error);
  const r = outcome.response;
  const answer = r.blob
    ? textAnswer(await r.blob.text())
    : r.raw !== undefined
      ? textAnswer(r.raw)
      : { body: r.body === "" ? null : r.body };
  return {
    status: r.status,
    statusText: r.statusText,
    headers: r.headers,
    ...answer,
    ms: r.ms,
    ...(r.setCookies ? { setCookies: r.setCookies } : {}),
  };
}

export function pageSender(options: PageSenderOptions = {}): Sender {
  const fetcher = options.fetcher ?? ((input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init));
  return {
    where: options.base ?? IN_PAGE,
    close: async () => {},
    async send(request: OutgoingRequest) {
      const url = joinBase(options.base, request.path);
      const headers: Record<string, string> = {};
      for (const [name, value] of request.headers) {
        const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
        headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
      }
      // The engine's body is on the wire's terms already: it goes as it is, with only the types the engine set.
      const built = request.body === undefined ? {} : { body: request.body };
      const outcome = await sendRequest({ method: request.method, endpoint: url, headers, built }, fetcher);
      options.onOutcome?.({ method: request.method, url }, outcome);
      return exchangeOf(outcome);
    },
  };
}
