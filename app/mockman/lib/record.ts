// What a sent request leaves behind: its history entry, and a console line when
// it failed (CONTRACT §8: a failed tester request is shown and logged).
import { GUEST } from "#mock/data/seed";
import type { HistoryEntry } from "./history";
import { tokenIn, type Outcome } from "./send";
import type { TypedRequest } from "./typed";

/** The history entry for a request and what came of it. A login's token is kept so an export can template it. */
export function entryFor(request: TypedRequest, outcome: Outcome, sentAt = Date.now()): HistoryEntry {
  const { method, endpoint, headers, bodyText, bodies } = request;
  const entry: HistoryEntry = { sentAt, method, endpoint, headers, bodyText, ...(bodies ? { bodies } : {}) };
  if (outcome.kind === "failure") return { ...entry, failure: outcome.error };
  const { status, statusText, ms, size } = outcome.response;
  const token = tokenIn(outcome.response);
  return { ...entry, status, statusText, ms: Math.round(ms), size, ...(token ? { token } : {}) };
}

/**
 * *Use guest token* sends this like any request, so it lands in the history
 * and an exported collection refers to its token instead of copying it.
 */
export const guestLogin = (): TypedRequest => ({
  method: "POST",
  endpoint: "/api/auth/login",
  headers: [{ isUsed: true, header: "Accept", value: "*/*" }],
  bodyText: JSON.stringify({ username: GUEST.username, password: GUEST.password }, null, 2),
});

/** The first message an error body carries: `{errors: [..]}`, `{error}`, `{message}`, or a short text body. */
function errorMessage(body: unknown): string | undefined {
  if (typeof body === "string") return body.trim() ? body.trim().slice(0, 200) : undefined;
  if (!body || typeof body !== "object") return undefined;
  const { errors, error, message } = body as { errors?: unknown; error?: unknown; message?: unknown };
  const first = Array.isArray(errors) ? errors[0] : (errors ?? error ?? message);
  if (first === undefined || first === null) return undefined;
  return typeof first === "string" ? first : JSON.stringify(first);
}

/**
 * The console.error line for a failed request (no response, or status ≥ 400),
 * or null when it succeeded: method, URL, status and the error message.
 */
export function failureLine(method: string, url: string, outcome: Outcome): string | null {
  if (outcome.kind === "failure") return `mockman: ${method} ${url} failed: no response (${outcome.error})`;
  const { status, statusText, body } = outcome.response;
  if (status < 400) return null;
  const message = errorMessage(body) ?? statusText;
  return `mockman: ${method} ${url} failed: ${status} ${statusText}${message && message !== statusText ? ` - ${message}` : ""}`;
}
