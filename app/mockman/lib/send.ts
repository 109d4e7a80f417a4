// Sends the tester's request with the page's window.fetch (the mock answers
// same-origin /api/*, the network everything else) and measures it.
import { readAsDataUrl } from "#app/lib/image";
import { statusText } from "#mock/core/boundary";
import { setCookiesOf } from "#mock/core/web-raw";
import { sendsBody } from "./body";
import { LargeJson, WORKER_BYTES } from "./large-json";

export interface TesterResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
  /** The body's text as it came, kept for the Raw view and Copy (answers up to WORKER_BYTES). */
  raw?: string;
  /** A larger answer's bytes as they came, for Raw, Copy and Save: its text is never held by the page. */
  blob?: Blob;
  /** A large JSON answer, parsed and kept by the JSON worker; `body` is then its top level's short values. */
  tree?: LargeJson;
  /** A large answer that is not JSON: its length in characters (`body` is its start). */
  textLength?: number;
  isJson: boolean;
  /**
   * Each Set-Cookie of the answer, when the page can read them: the page's mock answered (empty when it
   * set none). Undefined for an answer of the network, whose Set-Cookie a browser hides from the page.
   */
  setCookies?: string[];
  /** An image answer (GET /api/photos/...) as a data URL, to show; its body is then a note saying what it is. */
  image?: string;
  ms: number;
  size: number;
}

/** CONTRACT §4: the error's response when there is one, otherwise the error itself. */
export type Outcome = { kind: "response"; response: TesterResponse } | { kind: "failure"; error: string; ms: number };

export interface TesterRequest {
  method: string;
  endpoint: string;
  headers: Record<string, string>;
  /** The JSON body's text, variables filled, sent as typed (as Postman sends a raw body) on methods that carry one; a body of another type goes through the run worker. */
  body?: string;
  /** A request the engine built (lib/page-sender.ts): its body goes as it is, and no type is added. */
  built?: { body?: Uint8Array | string };
}

/** HTTP/2 responses carry no status text; fall back to the standard phrase. */
export const statusTextOf = (status: number, given: string) => given || statusText(status);

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function sendRequest(request: TesterRequest, fetcher: typeof fetch = window.fetch): Promise<Outcome> {
  const headers = new Headers();
  const start = performance.now();
  try {
    for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);
    const withBody = sendsBody(request.method);
    const { built } = request;
    if (withBody && !built && !headers.has("content-type")) headers.set("content-type", "application/json");
    const sent = built ? (built.body as BodyInit | undefined) : request.body;
    const res = await fetcher(request.endpoint, { method: request.method, headers, body: withBody ? sent : undefined });
    // Read whole into a Blob: the browser gathers the bytes off the main thread
    // (a 100 MB answer arrives without a long task), and nothing is decoded yet.
    const answerType = res.headers.get("content-type") ?? "";
    const blob = await res.blob();
    const size = blob.size;
    const ms = performance.now() - start;
    const setCookies = setCookiesOf(res);
    const answerHeaders: Record<string, string> = Object.fromEntries(res.headers.entries());
    // The mock's Set-Cookie, which the Response hid, among the headers as the server sent it.
    if (setCookies?.length) answerHeaders["set-cookie"] = setCookies.join(", ");
    const answer = {
      status: res.status,
      statusText: statusTextOf(res.status, res.statusText),
      headers: answerHeaders,
      ...(setCookies ? { setCookies } : {}),
    };
    // An image (GET /api/photos/...): a note for the body, and the picture to show.
    if (answerType.startsWith("image/") && size > 0) {
      const note = `(binary body: ${answerType}, ${size.toLocaleString("en-US")} bytes)`;
      return {
        kind: "response",
        response: { ...answer, body: note, isJson: false, image: await readAsDataUrl(new Blob([blob], { type: answerType })), ms, size },
      };
    }
    // A large answer is decoded, parsed and kept by the JSON worker; the page asks it for what it shows.
    if (size > WORKER_BYTES && typeof Worker !== "undefined") {
      const loaded = await LargeJson.load(blob);
      const response =
        loaded instanceof LargeJson
          ? { ...answer, body: loaded.head, isJson: true, blob, tree: loaded, ms, size }
          : { ...answer, body: loaded.preview, isJson: false, blob, textLength: loaded.length, ms, size };
      return { kind: "response", response };
    }
    const text = await blob.text();
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
    return { kind: "response", response: { ...answer, body, isJson, ms, size, ...(isJson ? { raw: text } : {}) } };
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
