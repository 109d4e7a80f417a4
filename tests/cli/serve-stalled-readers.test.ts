// issue 33 item 1: a client that never reads cannot make serve hold answers without
// bound. 20 connections pipelining 50 GET /api/posts (8 MB each) and reading nothing
// took serve from 112 MB to 7.9 GB: every request was answered at once, each answer
// held in memory for a client that would never take it.
import { describe, expect, it } from "vitest";
import { listening, rawSocket } from "./door-harness";
import type { RawResponse } from "#mock/core/boundary";
import { BodyBudget, DEFAULT_POLICY, DEFAULT_TIMEOUTS, Outbox, createDoorServer } from "#mock/node/http-door";

const ANSWER = 4 * 1024 * 1024;

async function start(stallMs: number) {
  const dispatched: string[] = [];
  const mock = {
    dispatch: async (request: { url: string }): Promise<RawResponse> => {
      dispatched.push(request.url);
      const big = request.url.startsWith("/big");
      return { status: 200, statusText: "OK", headers: { "content-type": "text/plain" }, body: big ? "x".repeat(ANSWER) : "small" };
    },
  };
  const outbox = new Outbox(1024 * 1024, 256 * 1024 * 1024, stallMs);
  const timeouts = { ...DEFAULT_TIMEOUTS, writeStallMs: stallMs };
  const server = createDoorServer(mock, { policy: DEFAULT_POLICY, timeouts }, undefined, new BodyBudget(), outbox);
  return { port: await listening(server), dispatched, outbox };
}

/** A connection that sends `count` pipelined GETs in one write and never reads. */
function neverReads(port: number, count: number) {
  const socket = rawSocket(port);
  socket.pause();
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.write(Array.from({ length: count }, (_, i) => `GET /big/${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(""));
  return { socket, closed };
}

const until = async (what: () => boolean) => {
  while (!what()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("a client that pipelines requests and never reads", () => {
  it("gets one answer held for it, not one per request, and others are still answered", async () => {
    const { port, dispatched, outbox } = await start(60_000);
    const clients = Array.from({ length: 5 }, () => neverReads(port, 50));
    await until(() => dispatched.length >= 5);
    const other = await fetch(`http://127.0.0.1:${port}/small`);
    expect(await other.text()).toBe("small");
    // Each stalled connection had its first request answered; the other 49 wait unanswered, holding nothing.
    expect(dispatched.filter((url) => url.startsWith("/big")).length).toBe(5);
    expect(outbox.held()).toBeLessThanOrEqual(5 * (ANSWER + 1024));
    expect(clients).toHaveLength(5);
  });

  it("is closed once what was sent stops going out, and what it held goes back", async () => {
    const { port, outbox, dispatched } = await start(300);
    const { socket, closed } = neverReads(port, 50);
    await until(() => outbox.held() > 0);
    await until(() => outbox.held() === 0);
    // The server closed it: once the client reads again it gets what the kernel held, then the end.
    socket.resume();
    await closed;
    expect(dispatched.length).toBeLessThanOrEqual(2);
  });

  it("a client that reads slowly but steadily gets every answer", async () => {
    const { port, dispatched } = await start(2_000);
    const socket = rawSocket(port);
    let received = 0;
    socket.on("data", (chunk) => (received += chunk.length));
    socket.write(Array.from({ length: 3 }, (_, i) => `GET /big/${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(""));
    await until(() => received >= 3 * ANSWER);
    expect(dispatched).toEqual(["/big/0", "/big/1", "/big/2"]);
  });
});
