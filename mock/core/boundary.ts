// The HTTP boundary, once: every rule about what crosses the wire, shared by
// the dispatcher (mock/core/create-mock.ts, mock/core/mirage/interceptor.ts, mock/core/faults.ts) and the
// node:http door (mock/node/http-door.ts). Plain data only: the Web Request and
// Response stay at the doors.
import { ApiError, MSG } from "./errors";

/** A request as the dispatcher sees it: lower-case header names, the body as text ("" for none). */
export interface RawRequest {
  method: string;
  /** A path with its query (`/api/posts?x=1`) or an absolute URL. */
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The body's bytes as they arrived, when the door has them (node:http); `body` is them read as UTF-8. */
  bytes?: Uint8Array;
}

export interface RawResponse {
  status: number;
  statusText: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** "" when the answer has no body, or when it is binary (`bytes`). */
  body: string;
  /** A binary body (a photo's bytes); `body` is "" then. */
  bytes?: Uint8Array;
}

/**
 * A handler's answer header saying its body is a data URL to be sent as the
 * image it holds (GET /api/photos/...). The dispatcher decodes it and removes
 * the header: no door ever sends it.
 */
export const PHOTO_DATA_URL = "x-mock-data-url-body";

/** The standard phrases: the mock's own answers, and a fallback for servers that send none (HTTP/2). */
export const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  301: "Moved Permanently",
  302: "Found",
  304: "Not Modified",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  421: "Misdirected Request",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  507: "Insufficient Storage",
};

export const statusText = (status: number) => STATUS_TEXT[status] ?? "";

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): RawResponse {
  return {
    status,
    statusText: statusText(status),
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

/** The one error shape (CONTRACT §8): `{"errors": [message]}`. */
export const errorAnswer = (status: number, message: string, headers: Record<string, string> = {}) =>
  json(status, { errors: [message] }, headers);

/** The largest request body any door takes. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
export const tooLarge = () => errorAnswer(413, `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`);

/**
 * The header a 507 carries beside its `{errors}` body: why the store refused
 * the write, without a final full stop, for the CLI to quote in its exit message.
 */
export const STORE_ERROR_HEADER = "x-mock-store-error";

/**
 * On a refusal that means the caller's session is over (no token, a token that
 * no longer verifies, its user gone): the app ends the session on this code,
 * never by comparing message sentences. Values: "no-token", "bad-token", "no-user".
 */
export const SESSION_ERROR_HEADER = "x-mock-session-error";
export type SessionError = "no-token" | "bad-token" | "no-user";

/** On every answer `mockman serve` gives, so `request --base-url` can tell it reached mockman and not some other server. */
export const SERVED_BY = "x-mockman";

/** Where `mockman serve` listens unless told otherwise: the address every hint and example names. */
export const SERVE_PORT = 3001;
export const SERVE_URL = `http://127.0.0.1:${SERVE_PORT}`;

/**
 * The names of this machine's loopback interface as URLs spell them
 * (`new URL(u).hostname`): what `mockman serve` answers, and the API targets the
 * app switches to without asking. Nothing outside this machine can be reached under them.
 */
export const LOOPBACK_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.includes(hostname.toLowerCase());

/**
 * Answers with no body and no Content-Length: HEAD (refusals and faults included), 204, 304. Not 205: serve sends it
 * `content-length: 0` (RFC 7231 §6.3.6), and nothing can give it a body (no route answers 205; a scenario's is refused).
 */
export const hasNoBody = (method: string, status: number) => method.toUpperCase() === "HEAD" || status === 204 || status === 304;

export const noRoute = (method: string, path: string) => errorAnswer(404, MSG.NO_ROUTE(method, path));

/** 405 with Allow, or for OPTIONS the 204 that lists the methods (HEAD wherever GET is). */
export function wrongMethod(method: string, path: string, routed: string[]): RawResponse {
  const allowed = [...routed, ...(routed.includes("GET") ? ["HEAD"] : [])];
  if (method === "OPTIONS")
    return { status: 204, statusText: statusText(204), headers: { allow: [...allowed, "OPTIONS"].join(", ") }, body: "" };
  return errorAnswer(405, MSG.METHOD_NOT_ALLOWED(method, path, allowed), { allow: allowed.join(", ") });
}

/** A request body as JSON: undefined when empty, a 400 naming the parse error (or the form type it was sent as) when it is not JSON. */
export function parseJsonBody(text: string, headers: Record<string, string> = {}): unknown {
  if (!text || !text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    const type = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
    const form = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.exec(type)?.[1];
    throw new ApiError(
      400,
      MSG.BAD_JSON(form ? `it was sent as ${form.toLowerCase()}; send JSON (a photo as a data:image URL in it)` : (error as Error).message),
    );
  }
}
