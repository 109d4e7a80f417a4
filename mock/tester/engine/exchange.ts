// One request and its answer, as the engine sees them: the page, the CLI in-process and
// the CLI over HTTP each give the engine a Sender of their own (cli/exchange.ts, app/mockman).

export interface OutgoingRequest {
  method: string;
  /** A path such as /api/posts (with its query string). */
  path: string;
  headers: Array<[string, string]>;
  body?: string;
}

/** What `--json` prints, exactly. */
export interface Exchange {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** Parsed JSON when the body is JSON, the text otherwise, null when empty; for a binary body, a note saying what it is. */
  body: unknown;
  /** A binary body (an image): its bytes. */
  bytes?: Uint8Array;
  ms: number;
}

export interface Sender {
  /** Where requests go, for messages: "in-process (FILE)" or a URL. */
  readonly where: string;
  send(request: OutgoingRequest): Promise<Exchange>;
  close(): Promise<void>;
}
