// Sends the tester's request with the page's window.fetch (the mock answers
// same-origin /api/*, the network everything else) and measures it.
import { statusText } from "#mock/boundary";
import { sendsBody } from "./body";

export interface TesterResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
  /** The body's text as it came, kept for the Raw view and Copy up to RAW_KEPT bytes (a 100 MB answer is not held twice). */
  raw?: string;
  isJson: boolean;
  /** An image answer (GET /api/photos/...) as a data URL, to show; its body is then a note saying what it is. */
  image?: string;
  ms: number;
  size: number;
}

/** An image's bytes as a data URL (off the main thread's hot path: FileReader works in the background). */
const dataUrlOf = (bytes: ArrayBuffer, type: string) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(new Blob([bytes], { type }));
  });

/** CONTRACT §4: the error's response when there is one, otherwise the error itself. */
export type Outcome = { kind: "response"; response: TesterResponse } | { kind: "failure"; error: string; ms: number };

export interface TesterRequest {
  method: string;
  endpoint: string;
  headers: Record<string, string>;
  /** The parsed body; sent as JSON on methods that carry one. */
  body: unknown;
}

/** HTTP/2 responses carry no status text; fall back to the standard phrase. */
export const statusTextOf = (status: number, given: string) => given || statusText(status);

/** Up to this size a JSON answer's own text is kept beside the parsed body. */
export const RAW_KEPT = 5 * 1024 * 1024;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How much of a body is decoded between two chances for input to run. */
const SLICE = 2 * 1024 * 1024;

/** The body's bytes (kept only when asked: images) or its text, and its size in bytes. */
async function readBody(res: Response, keepBytes: boolean): Promise<{ text: string; bytes?: ArrayBuffer; size: number }> {
  if (keepBytes || !res.body) {
    const bytes = await res.arrayBuffer();
    await nextTask();
    return { text: keepBytes ? "" : new TextDecoder().decode(bytes), bytes, size: bytes.byteLength };
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  let sinceYield = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // A chunk can be the whole answer; decode it a slice at a time. Buffered chunks also
    // resolve as microtasks, all in one task: either way, let input in every few MB.
    for (let at = 0; at < value.byteLength; at += SLICE) {
      const slice = value.subarray(at, at + SLICE);
      parts.push(decoder.decode(slice, { stream: true }));
      sinceYield += slice.byteLength;
      if (sinceYield >= SLICE) {
        sinceYield = 0;
        await nextTask();
      }
    }
  }
  parts.push(decoder.decode());
  return { text: parts.join(""), size };
}

export async function sendRequest(request: TesterRequest, fetcher: typeof fetch = window.fetch): Promise<Outcome> {
  const headers = new Headers();
  const start = performance.now();
  try {
    for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);
    const withBody = sendsBody(request.method);
    if (withBody && !headers.has("content-type")) headers.set("content-type", "application/json");
    const res = await fetcher(request.endpoint, {
      method: request.method,
      headers,
      body: withBody ? JSON.stringify(request.body) : undefined,
    });
    // Read as a stream, decoding chunk by chunk: a 50 MB answer then arrives in many
    // short tasks instead of one long copy and one long decode.
    const type = res.headers.get("content-type") ?? "";
    const image = type.startsWith("image/");
    const { text, bytes, size } = await readBody(res, image);
    const ms = performance.now() - start;
    const answer = {
      status: res.status,
      statusText: statusTextOf(res.status, res.statusText),
      headers: Object.fromEntries(res.headers.entries()),
    };
    // An image (GET /api/photos/...): a note for the body, and the picture to show.
    if (image && size > 0) {
      const note = `(binary body: ${type}, ${size.toLocaleString("en-US")} bytes)`;
      return { kind: "response", response: { ...answer, body: note, isJson: false, image: await dataUrlOf(bytes!, type), ms, size } };
    }
    // Parse in a task of its own, so it never shares one with the last chunk's decode.
    await nextTask();
    let body: unknown = text;
    let isJson = false;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
        isJson = true;
      } catch {
        // Not JSON: shown as text.
      }
      await nextTask();
    }
    const raw = isJson && size <= RAW_KEPT ? text : undefined;
    return { kind: "response", response: { ...answer, body, isJson, ms, size, ...(raw === undefined ? {} : { raw }) } };
  } catch (error) {
    return {
      kind: "failure",
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      ms: performance.now() - start,
    };
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export const formatMs = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** A login response's token, kept with the history entry for collection templates. */
export function tokenIn(response: TesterResponse): string | undefined {
  const body = response.body as { encodedToken?: unknown } | null;
  return body && typeof body === "object" && typeof body.encodedToken === "string" ? body.encodedToken : undefined;
}
