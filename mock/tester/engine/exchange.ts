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
}

/** The run's jar as a sender reads it at each hop of a redirect (paths on the target, its query included). */
export interface HopCookies {
  /** The first hop's Cookie row (the request's own URL): its own row, then the jar's cookies; "" for none. */
  first: string;
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
   * The run's cookie jar, hop by hop: the first hop's Cookie row written by the sender (withJarCookie), each hop's
   * Set-Cookie kept, the next hop's Cookie row made from it.
   */
  cookies?: HopCookies;
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
 * The first hop's rows with the run's jar (SendOptions.cookies), as postman-request writes its Cookie header:
 * a Cookie row of the request's own carries the jar's cookies after its own, where it stands; else the jar's row
 * is one the requester adds (`added`, for the sender to write after its system rows). `listed` is the Cookie row
 * the requester wrote, for the sender's Exchange.systemHeaders, in the place its transport writes it.
 */
export function withJarCookie(
  request: OutgoingRequest,
  cookies?: HopCookies,
): {
  headers: Array<[string, string]>;
  added?: [string, string];
  listed?: [string, string];
} {
  const row = cookies?.first;
  if (!row) return { headers: request.headers };
  const own = request.headers.findIndex(([name]) => name.toLowerCase() === "cookie");
  if (own < 0) return { headers: request.headers, added: ["Cookie", row], listed: ["Cookie", row] };
  const headers = request.headers.map((header, i): [string, string] => (i === own ? [header[0], row] : header));
  return { headers, listed: [request.headers[own][0], row] };
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
