// serve's timeouts (issue 21): headers must arrive in time, a body that stops
// arriving is answered 408 and its bytes leave the in-flight budget (so stalled
// uploads cannot keep every write at 503), and idle keep-alive connections close.
// The door's timeouts are parameters, so these run in a fraction of the real 10 s.
import { describe, expect, it } from "vitest";
import { listening, rawSocket } from "./door-harness";
import { BodyBudget, DEFAULT_POLICY, DEFAULT_TIMEOUTS, createDoorServer, type DoorTimeouts } from "#mock/node/http-door";
import type { RawRequest, RawResponse } from "#mock/core/boundary";

// Short, but with room for a loaded machine: a live request must not look stalled.
const FAST: DoorTimeouts = { headersMs: 500, bodyIdleMs: 1_500, keepAliveMs: 300 };

const mock = {
  dispatch: async (request: RawRequest): Promise<RawResponse> => ({
    status: request.method === "POST" ? 201 : 200,
    statusText: request.method === "POST" ? "Created" : "OK",
    headers: { "content-type": "application/json" },
    body: `{"bytes":${request.body.length}}`,
  }),
};

async function start(budget = new BodyBudget()) {
  const server = createDoorServer(mock, { policy: DEFAULT_POLICY, timeouts: FAST }, undefined, budget);
  return listening(server);
}

/** A raw connection: what it received, and when it closed. */
function open(port: number) {
  const socket = rawSocket(port);
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => (received += chunk));
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(performance.now())));
  return { socket, received: () => received, closed };
}

const post = (port: number, bytes: number) =>
  fetch(`http://127.0.0.1:${port}/api/test-todos`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "x".repeat(bytes),
  });

describe("serve's timeouts", () => {
  it("are 10 s for headers and for a body that makes no progress", () => {
    expect(DEFAULT_TIMEOUTS).toMatchObject({ headersMs: 10_000, bodyIdleMs: 10_000 });
    expect(DEFAULT_TIMEOUTS.keepAliveMs).toBeLessThanOrEqual(10_000);
  });

  it("a stalled body is answered 408 {errors}, its bytes leave the budget, and writes go through again", async () => {
    const budget = new BodyBudget(1024 * 1024);
    const port = await start(budget);
    // 900 kB of a 1 MB body, then nothing.
    const stalled = open(port);
    stalled.socket.write(
      `POST /api/test-todos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${1_000_000}\r\n\r\n` +
        "x".repeat(900_000),
    );
    await expect.poll(() => budget.used).toBe(900_000);
    // Meanwhile a write does not fit beside it.
    expect((await post(port, 200_000)).status).toBe(503);
    // Once the body has stalled past the timeout: 408, the connection closed, the bytes given back.
    // The 408's own words name the 1.5 s idle limit: no clock needed to tell it from another.
    await stalled.closed;
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(stalled.received()).toContain('{"errors":["The request body stopped arriving (nothing for 1.5 s); send the request again."]}');
    expect(budget.used).toBe(0);
    const write = await post(port, 200_000);
    expect(write.status).toBe(201);
    expect(await write.json()).toEqual({ bytes: 200_000 });
  });

  it("a body that keeps arriving, slowly, is read whole", async () => {
    const port = await start();
    const slow = open(port);
    slow.socket.write("POST /api/test-todos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 6\r\nConnection: close\r\n\r\n");
    for (const piece of ["ab", "cd", "ef"]) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      slow.socket.write(piece);
    }
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 201 Created\r\n[\s\S]*\{"bytes":6\}$/);
  });

  it("headers that do not arrive in time are answered 408 and the connection closes", async () => {
    const port = await start();
    const started = performance.now();
    const partial = open(port);
    partial.socket.write("GET /api/posts HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const closedAt = await partial.closed;
    // Ours (0.5 s), not Node's own 60 s: the bound is loose so a busy machine still meets it.
    expect(closedAt - started).toBeLessThan(30_000);
    expect(partial.received()).toMatch(/^HTTP\/1\.1 408 /);
    // A connection that never says anything goes too.
    const silent = open(port);
    await silent.closed;
    expect(silent.received()).not.toMatch(/200 OK/);
  });

  it("an idle keep-alive connection is closed", async () => {
    const port = await start();
    const kept = open(port);
    kept.socket.write("GET /api/posts HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    await expect.poll(() => kept.received()).toMatch(/\{"bytes":0\}$/);
    const answeredAt = performance.now();
    expect(kept.received()).toMatch(/keep-alive/i);
    const closedAt = await kept.closed;
    // Ours (0.3 s), not Node's own 5 s: as loose as that allows.
    expect(closedAt - answeredAt).toBeLessThan(4_500);
  });
});
