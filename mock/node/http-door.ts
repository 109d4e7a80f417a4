// The node:http door: a node request goes to `mock.dispatch` as plain data and
// its answer goes back out. No Web Request/Response in between: building the
// pair cost more than the request.
//
// Safe by default. A page on any website can send requests to 127.0.0.1, so the
// door answers only what this machine's own tools ask:
// - the `Host` must be a loopback name (or one given with --allowed-host), else 421:
//   a DNS-rebound name (attacker.example resolving to 127.0.0.1) is refused;
// - a request carrying an `Origin` runs only when that origin is allowed (loopback
//   origins, such as the app on `npm start` or `vite dev`, plus --allow-origin),
//   else 403 before it runs: that covers "simple" POSTs a browser sends unasked;
// - CORS is granted to allowed origins only, `--cors '*'` opening it to any;
// - a body that stops arriving is answered 408 and its bytes leave the budget, and a
//   delayed request (fault settings) waits before its body is read, holding none of it;
// - a client that does not read its answers gets no more of them: the next request
//   on its connection waits until it has taken what was sent (so pipelined requests
//   cannot pile answers up in memory), and a write that makes no progress for 10 s
//   closes the connection, which gives its memory back.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import {
  LOOPBACK_HOSTS,
  MAX_BODY_BYTES,
  SERVED_BY,
  STORE_ERROR_HEADER,
  errorAnswer,
  hasNoBody,
  isLoopbackHost,
  tooLarge,
  type RawResponse,
} from "#mock/core/boundary";
import type { Mock } from "#mock/core/create-mock";
import type { FaultControl } from "#mock/core/faults";
import { ADMIN_MAX_BODY_BYTES, ADMIN_PREFIX, isEchoPath } from "./admin";
import { NETWORK_ERROR_HEADER } from "../features/scenarios";
import pkg from "../../package.json" with { type: "json" };

/** Who may reach the door: host names beyond the loopback ones, origins beyond loopback origins ("*": any). */
export interface DoorPolicy {
  hosts: readonly string[];
  origins: readonly string[] | "*";
}

export interface DoorTimeouts {
  /** The request line and headers must arrive within this (node answers 408 itself). */
  headersMs: number;
  /** A body that sends nothing for this long is answered 408. */
  bodyIdleMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A connection whose answer the client stops taking (nothing more leaves for this long) is closed (default 10 s). */
  writeStallMs?: number;
}

export const DEFAULT_POLICY: DoorPolicy = { hosts: [], origins: [] };
export const DEFAULT_TIMEOUTS: DoorTimeouts = { headersMs: 10_000, bodyIdleMs: 10_000, keepAliveMs: 5_000, writeStallMs: 10_000 };

export interface Door {
  policy: DoorPolicy;
  timeouts: DoorTimeouts;
}

const DEFAULT_DOOR: Door = { policy: DEFAULT_POLICY, timeouts: DEFAULT_TIMEOUTS };

const METHODS = "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS";

/** What the door needs of the mock: its dispatch, and its fault setting when it has one (to wait a delay before reading the body). */
export type DoorMock = Pick<Mock, "dispatch"> & { faults?: Pick<FaultControl, "waitBeforeBody"> };

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

/** Unsent answer bytes one connection may hold before its next request waits for the client to read. */
export const ANSWER_BYTES_PER_CONNECTION = 1024 * 1024;
/** Unsent answer bytes all connections may hold before every next request waits. */
export const ANSWER_BYTES_TOTAL = 64 * 1024 * 1024;

interface Connection {
  /** When its unsent bytes last went down (or it last had none). */
  movedAt: number;
  /** Settles when the connection's latest request has been answered (or the connection closed). */
  last: Promise<void>;
  stallTimer: ReturnType<typeof setInterval> | null;
}

/** Bytes written to a socket that have not reached the kernel yet: node's buffer, or libuv's queue (a write taken in part). */
function unsent(socket: Socket): number {
  const queued = (socket as unknown as { _handle?: { writeQueueSize?: number } })._handle?.writeQueueSize ?? 0;
  return Math.max(socket.writableLength, queued);
}

/**
 * The answers the door holds for its clients. Requests on one connection are
 * answered one after another (HTTP/1.1 sends their answers in order anyway), and
 * the next waits while the connection holds more than `perConnection` unsent bytes
 * or all of them hold more than `total`: a client that pipelines requests and never
 * reads gets one answer held, not one per request. Node stops reading a connection
 * whose writes wait, so its further requests stay in the kernel. A connection whose
 * unsent bytes do not go down for `stallMs` is closed, and its memory goes back.
 */
export class Outbox {
  private readonly connections = new Map<Socket, Connection>();
  constructor(
    readonly perConnection = ANSWER_BYTES_PER_CONNECTION,
    readonly total = ANSWER_BYTES_TOTAL,
    readonly stallMs = DEFAULT_TIMEOUTS.writeStallMs!,
  ) {}

  /** The unsent answer bytes held, across connections. */
  held(): number {
    let bytes = 0;
    for (const socket of this.connections.keys()) if (!socket.destroyed) bytes += socket.writableLength;
    return bytes;
  }

  private connection(socket: Socket): Connection {
    let connection = this.connections.get(socket);
    if (!connection) {
      const made: Connection = { last: Promise.resolve(), stallTimer: null, movedAt: performance.now() };
      connection = made;
      this.connections.set(socket, made);
      socket.once("close", () => {
        if (made.stallTimer) clearInterval(made.stallTimer);
        this.connections.delete(socket);
      });
    }
    return connection;
  }

  /**
   * Resolves when `res` may be answered: the answers before it on its connection are
   * out and the connection (and every connection) holds less than its cap. False when
   * the connection closed first: nothing is to be answered.
   */
  async turn(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const socket = req.socket;
    const connection = this.connection(socket);
    const before = connection.last;
    let answered!: () => void;
    connection.last = new Promise<void>((resolve) => (answered = resolve));
    // "finish" comes once the answer's last byte is taken by the kernel: not before the client reads.
    res.once("finish", () => answered());
    res.once("close", () => answered());
    await before;
    for (;;) {
      if (socket.destroyed) return false;
      if (socket.writableLength > this.perConnection) await drainedOrClosed(socket);
      else if (this.held() <= this.total) return true;
      else if (this.shed(socket)) await new Promise((resolve) => setImmediate(resolve));
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Over the total, the connection whose client has taken nothing for longest (a
   * second at least) is closed to make room, rather than everyone waiting for the
   * stall timeout. False when no connection is that stalled.
   */
  private shed(asking: Socket): boolean {
    let worst: [Socket, Connection] | null = null;
    const now = performance.now();
    for (const [socket, connection] of this.connections) {
      if (socket === asking || socket.destroyed || socket.writableLength === 0 || now - connection.movedAt < 1_000) continue;
      if (!worst || connection.movedAt < worst[1].movedAt) worst = [socket, connection];
    }
    worst?.[0].destroy();
    return worst !== null;
  }

  /** After an answer is written: closes the connection when what it holds stops going out for stallMs. */
  watch(socket: Socket) {
    const connection = this.connections.get(socket);
    if (!connection || connection.stallTimer || unsent(socket) === 0) return;
    let last = unsent(socket);
    let moved = (connection.movedAt = performance.now());
    connection.stallTimer = setInterval(
      () => {
        const now = unsent(socket);
        if (now === 0 || socket.destroyed) {
          clearInterval(connection.stallTimer!);
          connection.stallTimer = null;
          return;
        }
        if (now < last) connection.movedAt = moved = performance.now();
        last = now;
        if (performance.now() - moved >= this.stallMs) socket.destroy();
      },
      Math.max(10, this.stallMs / 5),
    );
    connection.stallTimer.unref?.();
  }
}

const drainedOrClosed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    const done = () => {
      socket.off("drain", done).off("close", done);
      resolve();
    };
    socket.on("drain", done).on("close", done);
  });

class TooLarge extends Error {}
class OverBudget extends Error {}
class Stalled extends Error {}
/** The client closed the connection before its body ended: no one is left to answer. */
class ClientGone extends Error {}

/**
 * Reads the body, counting every chunk against the budget as it arrives (`held` says
 * how much was taken); rejects with Stalled when nothing arrives for `idleMs`.
 */
function readBody(req: IncomingMessage, budget: BodyBudget, held: { bytes: number }, idleMs: number, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onGone);
      if (!error) return resolve(Buffer.concat(chunks));
      req.pause();
      reject(error);
    };
    const timer = setTimeout(() => finish(new Stalled()), idleMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(new TooLarge());
      if (!budget.take(chunk.length)) return finish(new OverBudget());
      held.bytes += chunk.length;
      chunks.push(chunk);
      timer.refresh();
    };
    const onEnd = () => finish(null);
    // An error on the request's stream is the connection's ("aborted", a reset): the client is gone either way.
    const onGone = () => finish(new ClientGone());
    req.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onGone);
  });
}

/** The host name (no port, lower case) a Host header names, or null when it is no `name[:port]`. */
function hostnameOf(host: string | undefined): string | null {
  const m = host ? /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host) : null;
  return m ? m[1].toLowerCase() : null;
}

/** Whether the door answers requests sent to this Host. */
export function hostAllowed(policy: DoorPolicy, host: string | undefined): boolean {
  const name = hostnameOf(host);
  return name !== null && (isLoopbackHost(name) || policy.hosts.includes(name));
}

/** Whether a page of this origin may use the API: a loopback origin, one given, or the door's own address. */
export function originAllowed(policy: DoorPolicy, origin: string, host: string | undefined): boolean {
  if (policy.origins === "*") return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed frame, a file), or garbage
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (isLoopbackHost(url.hostname) || policy.origins.includes(url.origin)) return true;
  // A page served under an allowed host name is the door's own origin.
  return host !== undefined && url.host === host.toLowerCase();
}

/** Whether --allow-origin could name this origin (serve accepts only http(s) origins there). */
function originAllowable(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === origin.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/** The CORS headers an answer carries: for an allowed origin (or any, with --cors '*'), none otherwise. */
export function corsHeaders(policy: DoorPolicy, origin: string | undefined): Record<string, string> {
  if (policy.origins === "*")
    return { "access-control-allow-origin": "*", "access-control-allow-methods": METHODS, "access-control-expose-headers": "*" };
  // Which origin is named depends on the request: caches must keep them apart.
  if (origin === undefined) return { vary: "origin" };
  return { "access-control-allow-origin": origin, "access-control-expose-headers": "*", vary: "origin" };
}

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body?: Buffer | string) {
  res.writeHead(status, { ...headers, [SERVED_BY]: pkg.version });
  res.end(body);
}

/**
 * A refusal the door makes itself (too large, over budget, stalled, not allowed), on a
 * connection it then closes: the rest of the body goes unread.
 */
function refuse(req: IncomingMessage, res: ServerResponse, answer: RawResponse, cors: Record<string, string> = {}) {
  res.once("finish", () => req.socket.destroy());
  send(res, answer.status, { ...answer.headers, ...cors, connection: "close" }, answer.body);
}

const LANDING = `Nothing is served at /: the Moments API is under /api/ (described at /api/openapi.json), the admin API under ${ADMIN_PREFIX}.`;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Handles one node request; resolves to the status sent and a note for the log. */
export async function serveRequest(
  mock: DoorMock,
  req: IncomingMessage,
  res: ServerResponse,
  budget: BodyBudget = new BodyBudget(),
  door: Door = DEFAULT_DOOR,
): Promise<{ status: number; note: string }> {
  const held = { bytes: 0 };
  try {
    return await answer(mock, req, res, budget, held, door);
  } finally {
    budget.give(held.bytes);
  }
}

async function answer(
  mock: DoorMock,
  req: IncomingMessage,
  res: ServerResponse,
  budget: BodyBudget,
  held: { bytes: number },
  { policy, timeouts }: Door,
): Promise<{ status: number; note: string }> {
  const host = req.headers.host;
  if (!hostAllowed(policy, host)) {
    refuse(
      req,
      res,
      errorAnswer(
        421,
        `This server does not answer for the host ${JSON.stringify(host ?? "")}: mockman serve answers ${LOOPBACK_HOSTS.join(", ")}; add another name with --allowed-host NAME.`,
      ),
    );
    return { status: 421, note: " (host not allowed)" };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !originAllowed(policy, origin, host)) {
    refuse(
      req,
      res,
      errorAnswer(
        403,
        originAllowable(origin)
          ? `Requests from pages on ${origin} are refused: mockman serve allows loopback origins; allow this one with --allow-origin ${origin} (or any with --cors '*').`
          : `Requests from pages on ${origin} are refused: that is no http(s) origin (null is a sandboxed frame or a file), so --allow-origin cannot name it; serve the page over http(s), or allow any origin with --cors '*'.`,
      ),
    );
    return { status: 403, note: " (origin not allowed)" };
  }
  const cors = corsHeaders(policy, origin);
  if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
    // A CORS preflight from an allowed origin: answer it here, the API has nothing to say about it.
    send(res, 204, {
      ...cors,
      "access-control-allow-methods": METHODS,
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "authorization, content-type, accept",
      "access-control-max-age": "600",
      // Chromium's Private Network Access asks before a public page reaches a private address.
      ...(req.headers["access-control-request-private-network"] === "true" ? { "access-control-allow-private-network": "true" } : {}),
      "content-length": "0",
    });
    return { status: 204, note: " (preflight)" };
  }
  if ((req.method === "GET" || req.method === "HEAD") && /^\/(\?|$)/.test(req.url ?? "/")) {
    // json-server's users look for a landing answer at the root.
    const { headers, body } = errorAnswer(404, LANDING);
    send(res, 404, { ...headers, ...cors, "content-length": String(Buffer.byteLength(body)) }, req.method === "GET" ? body : undefined);
    return { status: 404, note: "" };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  // A delay is waited before the body is read: a delayed request holds none of the body budget while it waits.
  // Admin calls never meet the faults.
  if (mock.faults && !(req.url ?? "").startsWith(ADMIN_PREFIX)) Object.assign(headers, await mock.faults.waitBeforeBody({ headers }));
  let body = "";
  let bytes: Buffer | undefined;
  // An export loaded through the admin API may be larger than any API request; the echo takes what the API takes.
  const bigAdmin = (req.url ?? "").startsWith(ADMIN_PREFIX) && !isEchoPath(req.url ?? "");
  if (req.method !== "GET" && req.method !== "HEAD") {
    try {
      bytes = await readBody(req, budget, held, timeouts.bodyIdleMs, bigAdmin ? ADMIN_MAX_BODY_BYTES : MAX_BODY_BYTES);
      body = bytes.toString("utf8");
    } catch (error) {
      if (error instanceof OverBudget) {
        const message = `The server is busy reading other large request bodies (over ${budget.limit / 1024 / 1024} MB at once); retry in a moment.`;
        refuse(req, res, errorAnswer(503, message, { "retry-after": "1" }), cors);
        return { status: 503, note: " (bodies in flight over budget)" };
      }
      if (error instanceof Stalled) {
        const message = `The request body stopped arriving (nothing for ${seconds(timeouts.bodyIdleMs)}); send the request again.`;
        refuse(req, res, errorAnswer(408, message), cors);
        return { status: 408, note: " (body stalled)" };
      }
      // Logged as what it was, not as a 500 the server never sent (status 0, as a dropped connection is).
      if (error instanceof ClientGone) return { status: 0, note: " (the client closed the connection before its body ended)" };
      if (!(error instanceof TooLarge)) throw error;
      refuse(
        req,
        res,
        bigAdmin ? errorAnswer(413, `The request body is larger than ${ADMIN_MAX_BODY_BYTES / 1024 / 1024} MB.`) : tooLarge(),
        cors,
      );
      return { status: 413, note: "" };
    }
  }
  const response = await mock.dispatch({ method: req.method ?? "GET", url: req.url ?? "/", headers, body, bytes });
  if (response.headers[NETWORK_ERROR_HEADER]) {
    // A scenario's network error: no answer at all, the connection is dropped (the client sees a reset).
    req.socket.resetAndDestroy();
    return { status: 0, note: ` (network error: scenario ${response.headers["x-mockman-scenario"] ?? ""})` };
  }
  const out = hasNoBody(req.method ?? "GET", response.status)
    ? undefined
    : response.bytes
      ? Buffer.from(response.bytes.buffer, response.bytes.byteOffset, response.bytes.byteLength)
      : Buffer.from(response.body, "utf8");
  res.statusMessage = response.statusText || "";
  send(res, response.status, { ...response.headers, ...cors, ...(out ? { "content-length": String(out.length) } : {}) }, out);
  const storeError = response.headers[STORE_ERROR_HEADER];
  return { status: response.status, note: storeError ? ` (NOT SAVED: ${storeError})` : "" };
}

/**
 * The node:http server of `mockman serve`: the door's timeouts, one budget for every
 * connection, and `answered` called once per request (the request log).
 */
export function createDoorServer(
  mock: DoorMock,
  door: Door = DEFAULT_DOOR,
  answered: (req: IncomingMessage, status: number, note: string, ms: number) => void = () => undefined,
  // Shared by every connection: the bytes of request bodies held at once stay bounded.
  budget = new BodyBudget(),
  // And the bytes of answers not yet taken by their clients.
  outbox = new Outbox(ANSWER_BYTES_PER_CONNECTION, ANSWER_BYTES_TOTAL, door.timeouts.writeStallMs ?? DEFAULT_TIMEOUTS.writeStallMs),
): Server {
  const { timeouts } = door;
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often node looks for requests past headersTimeout (its default, 30 s, would let them wait that long).
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, timeouts.headersMs / 4)),
    },
    async (req, res) => {
      const started = performance.now();
      let status = 500;
      let note = "";
      let logged = false;
      const log = (status: number, note: string) => {
        if (!logged) answered(req, status, note, performance.now() - started);
        logged = true;
      };
      // A whole request whose connection closed before its answer went out (the client left, or Ctrl+C stopped
      // the server while the answer waited): logged now, as nobody gets it, not later as the status it was to have.
      const unsent = (why: string) => req.complete && !res.writableFinished && log(0, ` (${why} before the answer was sent)`);
      res.once("close", () => unsent("the connection closed"));
      const stop = () => unsent("the server stopped");
      inFlight.add(stop);
      try {
        // Its turn comes once the client has taken enough of the answers before it; a client gone by then gets nothing.
        if (!(await outbox.turn(req, res))) return;
        ({ status, note } = await serveRequest(mock, req, res, budget, door));
        outbox.watch(req.socket);
      } catch (error) {
        if (!res.headersSent)
          res.writeHead(500, {
            "content-type": "application/json",
            ...corsHeaders(door.policy, req.headers.origin),
            [SERVED_BY]: pkg.version,
          });
        res.end(JSON.stringify({ errors: [error instanceof Error ? error.message : String(error)] }));
      } finally {
        inFlight.delete(stop);
      }
      log(status, note);
    },
  );
  // Stopped (Ctrl+C) with answers still being made: each is logged now, before the log's last write.
  const inFlight = new Set<() => void>();
  server.once("close", () => inFlight.forEach((stop) => stop()));
  return server;
}
