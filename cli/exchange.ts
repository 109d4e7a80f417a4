// One request and its answer, whichever door it went through: in-process
// (`mock.handle`) or real HTTP (undici's request, to `mockman serve` or any server).
import { brotliDecompressSync, constants as zlibConstants, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import { SERVE_PORT, statusText } from "#mock/core/boundary";
import type { Mock } from "#mock/core/create-mock";
import { CliError } from "./errors";
import pkg from "../package.json" with { type: "json" };
import { answerReceived } from "./memory";
import { jarCookieRows, type Exchange, type OutgoingRequest, type SendOptions, type Sender } from "#mock/tester/engine/exchange";
import { textAnswer } from "#mock/tester/answer-body";

/** What a terminal shows for a binary body, the way Postman and HTTPie do. */
export const binaryNote = (type: string | undefined, bytes: Uint8Array) =>
  `(binary body: ${type || "no content-type"}, ${bytes.length.toLocaleString("en-US")} bytes; save it with -o FILE)`;

/** Bodies read as text: JSON, text/*, XML, JavaScript, forms; anything else (images) is kept as bytes. */
const isTextType = (type: string | null) => !type || /^text\/|[/+](json|xml)\b|javascript|x-www-form-urlencoded|ndjson/i.test(type);

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Bytes as text in a Content-Type's charset, as Newman reads them: answer-text.ts, loaded on first use (a file of its own in the bundle). */
const loadAnswerText = async () => (await import("./answer-text")).answerText;
type AnswerText = Awaited<ReturnType<typeof loadAnswerText>>;

/**
 * An answer read off the wire, as the engine keeps it: a text body as text, read in its Content-Type's charset
 * as Newman reads it, anything else (images) as bytes, with their text for a script that asks for it.
 */
function toExchange(
  answer: { status: number; statusText?: string; headers: Record<string, string>; rawHeaders?: Array<[string, string]>; bytes: Uint8Array },
  started: number,
  answerText: AnswerText,
): Exchange {
  const type = answer.headers["content-type"] ?? null;
  const bytes = isTextType(type) ? undefined : answer.bytes;
  const text = bytes ? "" : answerText(answer.bytes, type);
  const ms = round(performance.now() - started);
  answerReceived(bytes ? bytes.length : text.length);
  return {
    status: answer.status,
    statusText: answer.statusText || statusText(answer.status),
    headers: answer.headers,
    ...(answer.rawHeaders ? { rawHeaders: answer.rawHeaders } : {}),
    ...(bytes?.length
      ? { body: binaryNote(type ?? undefined, bytes), bytes, text: async () => answerText(bytes, type) }
      : textAnswer(text)),
    received: answer.bytes,
    ms,
  };
}

export function inProcessSender(mock: Mock, where: string, close: () => Promise<void>): Sender {
  return {
    where,
    close,
    async send(request, sendOptions) {
      // Plain data straight to the dispatcher: no Web Request for the mock to flatten again (about 10x less per request).
      const headers: Record<string, string> = {};
      const system = systemRows(request, sendOptions);
      const cookie = jarCookieRows(request, sendOptions);
      for (const [name, value] of [...request.headers, ...system]) {
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
      const { bytes } = raw;
      return {
        status: raw.status,
        statusText: raw.statusText || statusText(raw.status),
        ...(sendOptions?.systemHeaders ? { systemHeaders: cookie.listed ? [...system, cookie.listed] : system } : {}),
        // RawResponse headers are lower-case already (mock/core/boundary.ts).
        headers: raw.headers,
        ...(bytes
          ? {
              body: binaryNote(raw.headers["content-type"], bytes),
              bytes,
              text: async () => (await loadAnswerText())(bytes, raw.headers["content-type"]),
            }
          : textAnswer(raw.body)),
        ms,
      };
    },
  };
}

const TIMEOUT_MS = 30_000;

/** mockman's User-Agent, where Newman sends PostmanRuntime/<version>. */
const USER_AGENT = `mockman/${pkg.version}`;

const headerAt = (headers: Array<[string, string]>, name: string) => headers.findIndex(([key]) => key.toLowerCase() === name);
const without = (headers: Array<[string, string]>, ...names: string[]) => headers.filter(([key]) => !names.includes(key.toLowerCase()));

/**
 * The headers a request carries unless it sets them, with mockman's own User-Agent. A run's request
 * (SendOptions.systemHeaders) carries those postman-runtime's requester adds (core.js addSystemHeaders), in its
 * order, less those its protocolProfileBehavior's disabledSystemHeaders names: what Newman sends, and what a
 * test script's pm.request.headers lists after the request's own rows. Host is the server's (over HTTP).
 */
function systemRows(request: OutgoingRequest, options: SendOptions | undefined, host?: string): Array<[string, string]> {
  const disabled = options?.behaviour?.disabledSystemHeaders ?? {};
  const newman = options?.systemHeaders;
  const rows: Array<[string, string] | false | undefined> = [
    ["User-Agent", USER_AGENT],
    ["Accept", "*/*"],
    newman && ["Cache-Control", "no-cache"],
    newman && ["Postman-Token", globalThis.crypto.randomUUID()],
    host !== undefined && ["Host", host],
    ["Accept-Encoding", "gzip, deflate, br"],
  ];
  return rows.filter(
    (row): row is [string, string] => !!row && !disabled[row[0].toLowerCase()] && headerAt(request.headers, row[0].toLowerCase()) < 0,
  );
}

/**
 * What the transport writes after them (undici, as postman-request does): Connection, the body's Content-Length
 * and the jar's Cookie (jarCookieRows' `listed`) in postman-request's order: the jar's row after a text body's
 * length (set when the body is), before a form's (form-data counts it once the headers are written).
 */
function transportRows(request: OutgoingRequest, cookie?: [string, string]): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (headerAt(request.headers, "connection") < 0) rows.push(["Connection", "keep-alive"]);
  const length = typeof request.body === "string" ? new TextEncoder().encode(request.body).length : request.body?.length;
  const lengthRow: Array<[string, string]> =
    length !== undefined && headerAt(request.headers, "content-length") < 0 ? [["Content-Length", String(length)]] : [];
  const cookieRow = cookie ? [cookie] : [];
  const type = headerAt(request.headers, "content-type");
  const form = type >= 0 && /^multipart\/form-data/i.test(request.headers[type][1]);
  return [...rows, ...(form ? [...cookieRow, ...lengthRow] : [...lengthRow, ...cookieRow])];
}

/**
 * A header row as Node writes it in a head that goes with a text chunk (OutgoingRequest.textFirst): in UTF-8, so a
 * character beyond ASCII goes as its UTF-8 bytes; undici writes one byte a character, so those bytes are given as
 * characters. A value with a character past U+00FF is left as it is (Node refuses it: "Invalid character in header content").
 */
const utf8Head = ([name, value]: [string, string]): [string, string] =>
  /[\u0080-\u00ff]/.test(value) && !/[\u0100-\uffff]/.test(value) ? [name, Buffer.from(value, "utf8").toString("latin1")] : [name, value];

/**
 * Over real HTTP, through undici's request (undici loads only here: it costs more than the rest of a cold
 * start), as postman-request sends it for Newman: the path exactly as the encoder wrote it (dot segments
 * too), each header row on a line of its own (two Authorization rows go as two), a Host row of the request's
 * own kept, a body with any method. Redirects are followed as postman-request follows them, with the
 * request's protocolProfileBehavior (SendOptions.behaviour): up to 10, any 3xx but 307 and 308 as a GET
 * without its body unless followOriginalHttpMethod, a Referer of the URL before, Host and Authorization dropped when
 * the Location names another host. Every request goes to the run's one target: a Location on another origin
 * is followed there, its path and query. `insecure` accepts any TLS certificate (replay -k, as Newman's).
 */
export async function httpSender(baseUrl: string, options: { insecure?: boolean } = {}): Promise<Sender> {
  const [undici, answerText] = await Promise.all([import("undici"), loadAnswerText()]);
  const agent = new undici.Agent({ connect: { timeout: 10_000, ...(options.insecure ? { rejectUnauthorized: false } : {}) } });
  const target = new URL(baseUrl);
  const prefix = target.pathname.replace(/\/+$/, "");
  return {
    where: baseUrl,
    close: () => agent.close(),
    async send(request, sendOptions) {
      const rules = sendOptions?.behaviour ?? {};
      const started = performance.now();
      const timeoutMs = sendOptions?.timeoutMs || TIMEOUT_MS;
      const signal = AbortSignal.timeout(timeoutMs);
      let { method, body } = request;
      let path = prefix + (request.path.startsWith("/") ? request.path : `/${request.path}`);
      const system = systemRows(request, sendOptions, target.host);
      const cookie = jarCookieRows(request, sendOptions);
      let headers = [...cookie.own, ...system, ...(cookie.added ? [cookie.added] : [])];
      const systemHeaders = [...system, ...transportRows(request, cookie.listed)];
      const setCookies: string[] = [];
      // With the run's jar (SendOptions.cookies), each hop's Set-Cookie is kept for that hop's path and the next
      // hop's Cookie row made anew from it, as postman-request reads its jar at each redirect.
      const jar = sendOptions?.cookies;
      const onTarget = (at: string) => (prefix && at.startsWith(`${prefix}/`) ? at.slice(prefix.length) : at);
      for (let followed = 0; ; followed++) {
        let answer: Awaited<ReturnType<typeof agent.request>>;
        let bytes: Uint8Array;
        try {
          // Raw: the rows as the server wrote them (names in its case, one row a line), for a script's pm.response.headers.
          answer = await agent.request({
            origin: target.origin,
            path,
            method,
            headers: (body !== undefined && request.textFirst ? headers.map(utf8Head) : headers).flat(),
            body: body ?? null,
            signal,
            responseHeaders: "raw",
            // undici asks to close after a HEAD (Connection: close, answered in kind) unless told not to; postman-request keeps it alive.
            ...(method.toUpperCase() === "HEAD" ? { reset: false } : {}),
          });
          bytes = new Uint8Array(await answer.body.arrayBuffer());
        } catch (error) {
          // A header row undici will not write (Transfer-Encoding, Keep-Alive, Upgrade, Expect, a second Host): the request's fault, not the server's.
          const code = (error as { code?: string }).code;
          if (code === "UND_ERR_INVALID_ARG" || code === "UND_ERR_NOT_SUPPORTED")
            throw new CliError(`the request could not be sent: ${(error as Error).message}`, undefined, { cause: error });
          // The Node error stays as the cause: a script's pm.sendRequest gets its fields (code, errno, syscall...), as Newman's does.
          throw new CliError(unreachable(baseUrl, error, timeoutMs), undefined, { cause: error });
        }
        // undici's raw headers: name, value, name, value... (values read as latin1, as Node's http reads them).
        const flat = answer.headers as unknown as string[];
        const rows: Array<[string, string]> = [];
        for (let i = 0; i + 1 < flat.length; i += 2) rows.push([flat[i], flat[i + 1]]);
        const received: Record<string, string> = {};
        const hopCookies: string[] = [];
        for (const [name, value] of rows) {
          const key = name.toLowerCase();
          if (key === "set-cookie") hopCookies.push(value);
          // Defined, not assigned: a row named __proto__ is a header like any other.
          const joined = Object.hasOwn(received, key) ? `${received[key]}, ${value}` : value;
          Object.defineProperty(received, key, { value: joined, enumerable: true, writable: true, configurable: true });
        }
        if (hopCookies.length) {
          if (jar) jar.keep(onTarget(path), hopCookies);
          else setCookies.push(...hopCookies);
        }
        const location = received.location;
        const redirected = answer.statusCode >= 300 && answer.statusCode < 400 && location !== undefined && rules.followRedirects !== false;
        if (!redirected) {
          const empty = method.toUpperCase() === "HEAD" || [101, 204, 205, 304].includes(answer.statusCode);
          const exchange = toExchange(
            {
              status: answer.statusCode,
              statusText: answer.statusText,
              headers: received,
              rawHeaders: rows,
              bytes: empty ? new Uint8Array() : decoded(bytes, received["content-encoding"] ?? null),
            },
            started,
            answerText,
          );
          if (sendOptions?.systemHeaders) exchange.systemHeaders = systemHeaders;
          // Kept in the jar hop by hop already: none left for the run to keep.
          return jar ? { ...exchange, setCookies: [] } : setCookies.length ? { ...exchange, setCookies } : exchange;
        }
        if (followed >= (rules.maxRedirects ?? 10))
          throw new CliError(`Exceeded maxRedirects. Probably stuck in a redirect loop ${target.origin}${path}`);
        const before = `${target.origin}${path}`;
        const next = new URL(location, before);
        path = next.pathname + next.search;
        if (next.hostname !== target.hostname)
          headers = without(headers, "host", ...(rules.followAuthorizationHeader ? [] : ["authorization"]));
        if (!rules.followOriginalHttpMethod && answer.statusCode !== 307 && answer.statusCode !== 308) {
          if (method.toUpperCase() !== "HEAD") method = "GET";
          body = undefined;
          headers = without(headers, "content-type", "content-length");
        }
        if (!rules.removeRefererHeaderOnRedirect) headers = [...without(headers, "referer"), ["Referer", before]];
        if (jar) {
          const cookie = jar.rowFor(onTarget(path));
          headers = [...without(headers, "cookie"), ...(cookie ? [["Cookie", cookie] as [string, string]] : [])];
        }
      }
    },
  };
}

/**
 * A body with its Content-Encoding (gzip, deflate, br, in the order applied) undone, as leniently as postman-request
 * undoes it: an empty or cut-off gzip or deflate stream gives what it holds (Z_SYNC_FLUSH), a deflate without its
 * zlib header is read raw; a body no coding reads is kept as it came.
 */
function decoded(bytes: Uint8Array, encoding: string | null): Uint8Array {
  const lenient = { finishFlush: zlibConstants.Z_SYNC_FLUSH };
  let out = bytes;
  try {
    for (const coding of (encoding ?? "")
      .toLowerCase()
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean)
      .reverse()) {
      if (!out.length) return out;
      if (coding === "gzip" || coding === "x-gzip") out = gunzipSync(out, lenient);
      else if (coding === "deflate") out = (out[0] & 0x0f) === 8 ? inflateSync(out, lenient) : inflateRawSync(out, lenient);
      else if (coding === "br") out = brotliDecompressSync(out);
      else if (coding !== "identity") return bytes;
    }
  } catch {
    return bytes;
  }
  return out;
}

function unreachable(baseUrl: string, error: unknown, timeoutMs = TIMEOUT_MS): string {
  const { cause, name } = error as { cause?: { code?: string; message?: string }; name?: string };
  // AbortSignal.timeout's DOMException has a numeric code (23): its name says it.
  const own = (error as { code?: unknown }).code;
  const code = name === "TimeoutError" ? name : ((typeof own === "string" ? own : undefined) ?? cause?.code ?? name);
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
  if (code === "TimeoutError" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_ABORTED" || name === "AbortError")
    return `no answer from ${baseUrl} within ${timeoutMs / 1000} s. Check that the server is up`;
  return `cannot reach ${baseUrl}: ${cause?.message ?? (error as Error).message}. Check --base-url`;
}
