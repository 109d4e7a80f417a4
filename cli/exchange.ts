// One request and its answer, whichever door it went through: in-process
// (`mock.handle`) or real HTTP (undici, to `mockman serve` or any server).
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { SERVE_PORT, statusText } from "#mock/core/boundary";
import type { Mock } from "#mock/core/create-mock";
import { CliError } from "./errors";
import { answerReceived } from "./memory";
import type { Exchange, OutgoingRequest, Sender } from "#mock/tester/engine/exchange";
import { answerBody } from "#mock/tester/answer-body";

/** What a terminal shows for a binary body, the way Postman and HTTPie do. */
export const binaryNote = (type: string | undefined, bytes: Uint8Array) =>
  `(binary body: ${type || "no content-type"}, ${bytes.length.toLocaleString("en-US")} bytes; save it with -o FILE)`;

/** Bodies read as text: JSON, text/*, XML, JavaScript, forms; anything else (images) is kept as bytes. */
const isTextType = (type: string | null) => !type || /^text\/|[/+](json|xml)\b|javascript|x-www-form-urlencoded|ndjson/i.test(type);

const round = (ms: number) => Math.round(ms * 100) / 100;

async function toExchange(response: Response, started: number): Promise<Exchange> {
  const type = response.headers.get("content-type");
  const bytes = isTextType(type) ? undefined : new Uint8Array(await response.arrayBuffer());
  const text = bytes ? "" : await response.text();
  const ms = round(performance.now() - started);
  answerReceived(bytes ? bytes.length : text.length);
  return {
    status: response.status,
    statusText: response.statusText || statusText(response.status),
    headers: Object.fromEntries(response.headers),
    body: bytes?.length ? binaryNote(type ?? undefined, bytes) : answerBody(text),
    ...(bytes?.length ? { bytes } : {}),
    ms,
  };
}

export function inProcessSender(mock: Mock, where: string, close: () => Promise<void>): Sender {
  return {
    where,
    close,
    async send(request) {
      // Plain data straight to the dispatcher: no Web Request for the mock to flatten again (about 10x less per request).
      const headers: Record<string, string> = {};
      for (const [name, value] of request.headers) {
        const key = name.toLowerCase();
        headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
      }
      const started = performance.now();
      const raw = await mock.dispatch({
        method: request.method,
        url: `http://mockman.local${request.path}`,
        headers,
        // The mock reads text: bytes (a multipart form, a file body) go as UTF-8.
        body: typeof request.body === "string" ? request.body : request.body ? new TextDecoder().decode(request.body) : "",
      });
      const ms = round(performance.now() - started);
      answerReceived(raw.bytes ? raw.bytes.length : raw.body.length);
      return {
        status: raw.status,
        statusText: raw.statusText || statusText(raw.status),
        // RawResponse headers are lower-case already (mock/core/boundary.ts).
        headers: raw.headers,
        body: raw.bytes ? binaryNote(raw.headers["content-type"], raw.bytes) : answerBody(raw.body),
        ...(raw.bytes ? { bytes: raw.bytes } : {}),
        ms,
      };
    },
  };
}

const TIMEOUT_MS = 30_000;

export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
}

/**
 * Over real HTTP. undici loads only here: it costs more than the rest of a cold start.
 * `insecure` accepts any TLS certificate (replay -k, as Newman's).
 */
export async function httpSender(baseUrl: string, options: { insecure?: boolean } = {}): Promise<Sender> {
  const undici = await import("undici");
  const agent = new undici.Agent({ connect: { timeout: 10_000, ...(options.insecure ? { rejectUnauthorized: false } : {}) } });
  /**
   * A GET or HEAD with a body (a script's pm.sendRequest, an item with `disableBodyPruning`), which Newman sends
   * and fetch refuses to: through undici's request, following redirects and decoding the body as fetch does.
   */
  const bodied = agent.compose(undici.interceptors.redirect({ maxRedirections: 20 }));
  async function bodiedGet(url: string, request: OutgoingRequest, signal: AbortSignal) {
    const answer = await undici.request(url, {
      method: request.method as "GET",
      headers: request.headers.flat(),
      body: request.body,
      dispatcher: bodied,
      signal,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
    const bytes = decoded(new Uint8Array(await answer.body.arrayBuffer()), headers.get("content-encoding"));
    const empty = request.method.toUpperCase() === "HEAD" || [101, 204, 205, 304].includes(answer.statusCode);
    return new Response(empty ? null : (bytes as Uint8Array<ArrayBuffer>), { status: answer.statusCode, headers });
  }
  return {
    where: baseUrl,
    close: () => agent.close(),
    async send(request, sendOptions) {
      const url = joinUrl(baseUrl, request.path);
      const started = performance.now();
      const timeoutMs = sendOptions?.timeoutMs || TIMEOUT_MS;
      let response: Response;
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        response =
          request.body != null && /^(GET|HEAD)$/i.test(request.method)
            ? await bodiedGet(url, request, signal)
            : ((await undici.fetch(url, {
                method: request.method,
                headers: request.headers,
                body: request.body,
                dispatcher: agent,
                signal,
              })) as unknown as Response);
      } catch (error) {
        // The Node error under undici's "fetch failed" stays as the cause: a script's pm.sendRequest
        // gets its fields (code, errno, syscall...), as Newman's does.
        throw new CliError(unreachable(baseUrl, error, timeoutMs), undefined, { cause: error });
      }
      const exchange = await toExchange(response, started);
      const cookies = response.headers.getSetCookie?.();
      return cookies?.length ? { ...exchange, setCookies: cookies } : exchange;
    },
  };
}

/** A body as fetch gives it: its Content-Encoding (gzip, deflate, br, in the order applied) undone. */
function decoded(bytes: Uint8Array, encoding: string | null): Uint8Array {
  let out = bytes;
  for (const coding of (encoding ?? "")
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean)
    .reverse()) {
    if (coding === "gzip" || coding === "x-gzip") out = gunzipSync(out);
    else if (coding === "deflate") out = inflateSync(out);
    else if (coding === "br") out = brotliDecompressSync(out);
    else if (coding !== "identity") return bytes;
  }
  return out;
}

function unreachable(baseUrl: string, error: unknown, timeoutMs = TIMEOUT_MS): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { name?: string }).name;
  const port = (() => {
    try {
      return new URL(baseUrl).port || String(SERVE_PORT);
    } catch {
      return String(SERVE_PORT);
    }
  })();
  if (code === "ECONNREFUSED")
    return `cannot reach ${baseUrl}: connection refused. Start the server (mockman serve --port ${port}) or check --base-url`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `cannot reach ${baseUrl}: unknown host. Check --base-url`;
  if (code === "TimeoutError" || code === "UND_ERR_CONNECT_TIMEOUT")
    return `no answer from ${baseUrl} within ${timeoutMs / 1000} s. Check that the server is up`;
  return `cannot reach ${baseUrl}: ${cause?.message ?? (error as Error).message}. Check --base-url`;
}
