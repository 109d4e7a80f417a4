// The node:http door: a node request becomes a Web Request for `mock.handle`,
// and its Response goes back out, with CORS open so any page may call it.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Mock } from "#mock/server";

const MAX_BODY = 8 * 1024 * 1024;
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
  "access-control-expose-headers": "*",
};

class TooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function toWebRequest(req: IncomingMessage): Promise<Request> {
  // Pairs, not Headers.append one by one: a third cheaper, and this runs on every request.
  const headers: Array<[string, string]> = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
    method,
    headers,
    body: body && body.length ? (body as unknown as BodyInit) : undefined,
  });
}

/** The reader directly: arrayBuffer() costs three times as much in Node 20, on every request. */
async function bodyBytes(response: Response): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return chunks.length === 1 ? Buffer.from(chunks[0].buffer, chunks[0].byteOffset, chunks[0].byteLength) : Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body?: Buffer | string) {
  res.writeHead(status, { ...headers, ...CORS });
  res.end(body);
}

/** Handles one node request; resolves to the status sent and a note for the log. */
export async function serveRequest(mock: Mock, req: IncomingMessage, res: ServerResponse): Promise<{ status: number; note: string }> {
  if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
    // A CORS preflight: answer it here, the API has nothing to say about it.
    send(res, 204, {
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "authorization, content-type, accept",
      "access-control-max-age": "600",
      "content-length": "0",
    });
    return { status: 204, note: " (preflight)" };
  }
  let request: Request;
  try {
    request = await toWebRequest(req);
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    send(res, 413, { "content-type": "application/json", connection: "close" }, JSON.stringify({ errors: ["The request body is larger than 8 MB."] }));
    return { status: 413, note: "" };
  }
  const response = await mock.handle(request);
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const body = req.method === "HEAD" ? undefined : await bodyBytes(response);
  if (body) headers["content-length"] = String(body.length);
  res.statusMessage = response.statusText || "";
  send(res, response.status, headers, body);
  const storeError = response.headers.get("x-mock-store-error");
  return { status: response.status, note: storeError ? ` (NOT SAVED: ${storeError})` : "" };
}
