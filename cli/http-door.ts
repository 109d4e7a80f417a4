// The node:http door: a node request goes to `mock.dispatch` as plain data and
// its answer goes back out, with CORS open so any page may call it. No Web
// Request/Response in between: building the pair cost more than the request.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Mock } from "#mock/server";
import pkg from "../package.json" with { type: "json" };

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

/** On every answer `serve` gives, so `request --base-url` and `replay` can tell they reached mockman and not some other server. */
export const SERVED_BY = "x-mockman";

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body?: Buffer | string) {
  res.writeHead(status, { ...headers, ...CORS, [SERVED_BY]: pkg.version });
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
  let body = "";
  if (req.method !== "GET" && req.method !== "HEAD") {
    try {
      body = (await readBody(req)).toString("utf8");
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      send(
        res,
        413,
        { "content-type": "application/json", connection: "close" },
        JSON.stringify({ errors: ["The request body is larger than 8 MB."] }),
      );
      return { status: 413, note: "" };
    }
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  const response = await mock.dispatch({ method: req.method ?? "GET", url: req.url ?? "/", headers, body });
  const out = req.method === "HEAD" ? undefined : Buffer.from(response.body, "utf8");
  res.statusMessage = response.statusText || "";
  send(res, response.status, out ? { ...response.headers, "content-length": String(out.length) } : response.headers, out);
  const storeError = response.headers["x-mock-store-error"];
  return { status: response.status, note: storeError ? ` (NOT SAVED: ${storeError})` : "" };
}
