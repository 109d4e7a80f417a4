// The node:http door: a node request goes to `mock.dispatch` as plain data and
// its answer goes back out, with CORS open so any page may call it. No Web
// Request/Response in between: building the pair cost more than the request.
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BODY_BYTES, SERVED_BY, STORE_ERROR_HEADER, errorAnswer, hasNoBody, tooLarge, type RawResponse } from "#mock/boundary";
import type { Mock } from "#mock/create-mock";
import pkg from "../package.json" with { type: "json" };

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
  "access-control-expose-headers": "*",
};

/** What all request bodies held at once may add up to (read, or waiting in the queue with their answers to come). */
export const BODY_BUDGET = 64 * 1024 * 1024;

/**
 * The bytes of request bodies in flight, across every connection: many large
 * bodies at once would otherwise grow the heap without bound. Beyond the
 * budget a request is answered 503 with Retry-After before more of it is read.
 */
export class BodyBudget {
  used = 0;
  constructor(readonly limit = BODY_BUDGET) {}
  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }
  give(bytes: number) {
    this.used -= bytes;
  }
}

class TooLarge extends Error {}
class OverBudget extends Error {}

/** Reads the body, counting every chunk against the budget as it arrives; `held` says how much was taken. */
async function readBody(req: IncomingMessage, budget: BodyBudget, held: { bytes: number }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new TooLarge();
    if (!budget.take((chunk as Buffer).length)) throw new OverBudget();
    held.bytes += (chunk as Buffer).length;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body?: Buffer | string) {
  res.writeHead(status, { ...headers, ...CORS, [SERVED_BY]: pkg.version });
  res.end(body);
}

/** A refusal the door makes itself (too large, over budget), on a connection it then closes: the rest of the body goes unread. */
function refuse(res: ServerResponse, answer: RawResponse) {
  send(res, answer.status, { ...answer.headers, connection: "close" }, answer.body);
}

/** Handles one node request; resolves to the status sent and a note for the log. */
export async function serveRequest(
  mock: Pick<Mock, "dispatch">,
  req: IncomingMessage,
  res: ServerResponse,
  budget: BodyBudget = new BodyBudget(),
): Promise<{ status: number; note: string }> {
  const held = { bytes: 0 };
  try {
    return await answer(mock, req, res, budget, held);
  } finally {
    budget.give(held.bytes);
  }
}

async function answer(
  mock: Pick<Mock, "dispatch">,
  req: IncomingMessage,
  res: ServerResponse,
  budget: BodyBudget,
  held: { bytes: number },
): Promise<{ status: number; note: string }> {
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
      body = (await readBody(req, budget, held)).toString("utf8");
    } catch (error) {
      if (error instanceof OverBudget) {
        refuse(
          res,
          errorAnswer(
            503,
            `The server is busy reading other large request bodies (over ${budget.limit / 1024 / 1024} MB at once); retry in a moment.`,
            { "retry-after": "1" },
          ),
        );
        return { status: 503, note: " (bodies in flight over budget)" };
      }
      if (!(error instanceof TooLarge)) throw error;
      refuse(res, tooLarge());
      return { status: 413, note: "" };
    }
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  const response = await mock.dispatch({ method: req.method ?? "GET", url: req.url ?? "/", headers, body });
  const out = hasNoBody(req.method ?? "GET", response.status)
    ? undefined
    : response.bytes
      ? Buffer.from(response.bytes.buffer, response.bytes.byteOffset, response.bytes.byteLength)
      : Buffer.from(response.body, "utf8");
  res.statusMessage = response.statusText || "";
  send(res, response.status, out ? { ...response.headers, "content-length": String(out.length) } : response.headers, out);
  const storeError = response.headers[STORE_ERROR_HEADER];
  return { status: response.status, note: storeError ? ` (NOT SAVED: ${storeError})` : "" };
}
