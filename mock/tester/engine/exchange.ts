// One request and its answer, as the engine sees them: the page, the CLI in-process and
// the CLI over HTTP each give the engine a Sender of their own (cli/exchange.ts, app/mockman).
import type { Behaviour } from "#mock/tester/postman/steps";

export interface OutgoingRequest {
  method: string;
  /** A path such as /api/posts (with its query string). */
  path: string;
  headers: Array<[string, string]>;
  /** Text, or bytes (a multipart form with a file, a binary file body). */
  body?: string | Uint8Array;
  /**
   * Its body is one postman-request writes text first (raw, urlencoded, GraphQL, a multipart form's first boundary):
   * Node then writes the request's head with that chunk, in UTF-8, so a header value's characters beyond ASCII go as
   * their UTF-8 bytes, where a head written alone (no body, a file's bytes) has one byte a character (latin1). A
   * sender over HTTP writes the head as Newman's does.
   */
  textFirst?: boolean;
}

/** The run's jar as a sender reads it at the later hops of a redirect (paths on the target, its query included). */
export interface HopCookies {
  /** The Cookie row for a later hop's path: the request's own row, then the jar's cookies; "" for none. */
  rowFor(path: string): string;
  /** Keeps an answer's Set-Cookie headers, for the path that answered. */
  keep(path: string, setCookies: string[]): void;
}

/** An answer: what `mockman request --json` prints is its status, statusText, headers, body and ms. */
export interface Exchange {
  status: number;
  statusText: string;
  /** Names in lower case, a name given twice joined by ", ". */
  headers: Record<string, string>;
  /**
   * The header rows as the server wrote them, its case and order, a name given twice in two rows (what a
   * script's pm.response.headers lists, as Newman's): from the HTTP sender. Without them, the rows are
   * `headers`' own (the mock's names are lower case, each once, as `mockman serve` writes them; a browser's
   * fetch gives no more).
   */
  rawHeaders?: Array<[string, string]>;
  /**
   * The rows the sender wrote besides the request's own, when asked (SendOptions.systemHeaders), in the order
   * Newman's requester lists its system headers: what a test script's pm.request.headers shows after the request's rows.
   */
  systemHeaders?: Array<[string, string]>;
  /** Each Set-Cookie header, when the sender can tell them apart (headers joins them). */
  setCookies?: string[];
  /** Parsed JSON when the body is JSON, the text otherwise, null when empty; for a binary body, a note saying what it is. */
  body: unknown;
  /** A binary body (an image): its bytes. */
  bytes?: Uint8Array;
  /**
   * The body as a script's pm.response.text() reads it, where `body` would not give it back: bytes decoded in
   * their charset as Newman does (the CLI's with iconv-lite, cli/answer-text.ts; the page's sender gives text
   * bodies only), or JSON as the server wrote it (answer-body.ts textAnswer).
   */
  text?(): Promise<string>;
  /**
   * The body's bytes as they arrived, their Content-Encoding undone (the HTTP sender's): a script's pm.response
   * is made of them as postman-runtime makes it of its stream (text() decodes them, responseSize counts them).
   */
  received?: Uint8Array;
  ms: number;
}

/** How one request is sent: what a sender that follows redirects itself needs besides the request. */
export interface SendOptions {
  /** Give up on the answer after this long (--timeout-request); the sender rejects with a message saying so. */
  timeoutMs?: number;
  /** The request's protocolProfileBehavior (postman/steps.ts): its redirect keys, else postman-request's defaults. */
  behaviour?: Behaviour;
  /**
   * The run's cookie jar, hop by hop: each hop's Set-Cookie kept, the next hop's Cookie row made from it (the
   * first hop's is in the request already, jarCookie).
   */
  cookies?: HopCookies;
  /**
   * The request's row that carries the run's jar, written by the engine (postman-run.ts), so no sender can lose the
   * cookies: the request's own Cookie row with the jar's cookies after its own, or a row the requester adds
   * (`added`, the request's last row). A sender lists it where its transport writes it (jarCookieRows).
   */
  jarCookie?: { at: number; added: boolean };
  /**
   * A run's request: the sender adds the system headers Newman's requester adds (Cache-Control, Postman-Token…,
   * less those the request's disabledSystemHeaders names) and says which it wrote (Exchange.systemHeaders).
   */
  systemHeaders?: boolean;
}

export interface Sender {
  /** Where requests go, for messages: "in-process (FILE)" or a URL. */
  readonly where: string;
  send(request: OutgoingRequest, options?: SendOptions): Promise<Exchange>;
  close(): Promise<void>;
}

/** Files a run reads (iteration data aside): formdata files and binary bodies, by the path the collection gives. */
export interface FileSource {
  read(path: string): Promise<Uint8Array>;
}

/** A file read for a multipart part: its bytes, and the path the collection gives (its part's name and type come from it). */
export interface FormFile {
  bytes: Uint8Array;
  path: string;
}

/**
 * One part of a multipart body, as postman-runtime's body builder (core-body-builder's formdata) hands it to
 * postman-request, which appends it to its form-data (`form.append(key, value, options)`).
 */
export interface FormPart {
  key: string;
  /**
   * Text (a text field's value, a file field's value sent as text); the bytes of a file given in base64 without
   * src (a Buffer in Newman); a file read (a read stream with its path in Newman).
   */
  value: string | Uint8Array | FormFile;
  /** The field's own fileName and Content-Type, when it has them. */
  options?: { filename?: string; contentType?: string };
}

/**
 * Writes a multipart body from its parts, with a library of the host's: the CLI's is postman-request's own
 * form-data (cli/form-data.ts), the page's the browser's FormData (app/mockman/lib/form-body.ts); the engine
 * writes none (it imports no node:* module, and form-data needs Node's streams). `boundary` is the one the
 * request's own Content-Type names: a writer keeps it if it can (form-data does, as postman-request asks). The
 * answer's `type` is `multipart/form-data; boundary=…` with the boundary the body uses.
 */
export type MultipartWriter = (parts: FormPart[], boundary?: string) => Promise<{ body: Uint8Array; type: string }>;

/**
 * Sends with --timeout-request: the sender is asked to give up too (over HTTP it aborts), and the
 * answer is not waited for past the time, in-process included. The timer is cleared on the answer,
 * so a run's last request does not hold the process open for the rest of the time.
 */
export function sendWithin(sender: Sender, request: OutgoingRequest, options: SendOptions, late: () => Error): Promise<Exchange> {
  const { timeoutMs } = options;
  if (!timeoutMs) return sender.send(request, options);
  return new Promise<Exchange>((resolve, reject) => {
    const timer = setTimeout(() => reject(late()), timeoutMs);
    sender.send(request, options).then(
      (exchange) => {
        clearTimeout(timer);
        resolve(exchange);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The request's rows and the jar's Cookie row apart (SendOptions.jarCookie): `own` the rows less a row the requester
 * adds (`added`, for a sender to write after its system rows, as postman-request does); `listed` the Cookie row the
 * requester wrote, for Exchange.systemHeaders, in the place the sender's transport writes it.
 */
export function jarCookieRows(
  request: OutgoingRequest,
  options?: SendOptions,
): { own: Array<[string, string]>; added?: [string, string]; listed?: [string, string] } {
  const jar = options?.jarCookie;
  const listed = jar && request.headers[jar.at];
  if (!listed) return { own: request.headers };
  if (!jar.added) return { own: request.headers, listed };
  return { own: request.headers.filter((_, i) => i !== jar.at), added: listed, listed };
}

/** Header rows gathered by exact name, each name at its first row's place, as Node keeps them in an object ({ Name: [a, b] }). */
export function rowsByName(rows: Iterable<[string, string]>): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const [name, value] of rows) {
    const values = byName.get(name);
    if (values) values.push(value);
    else byName.set(name, [value]);
  }
  return byName;
}
