// serve bounds the bytes of request bodies held at once (issue 11, item 11):
// past the budget a request is answered 503 {errors} with Retry-After, and the
// bytes come back once the requests holding them are answered. A request delayed
// by the fault settings waits before its body is read, so delays cannot hold the
// budget (issue 33, item 6).
import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMock } from "#mock/core/create-mock";
import { BODY_BUDGET, BodyBudget, createDoorServer, serveRequest } from "#mock/node/http-door";
import { MemoryStore } from "#mock/store/memory";
import type { RawRequest, RawResponse } from "#mock/core/boundary";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A server on the real door whose mock holds every request until `open()`; `arrived` resolves per request it got. */
async function gatedServer(budget: BodyBudget) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const arrivals: RawRequest[] = [];
  let arrived: () => void = () => undefined;
  const mock = {
    dispatch: async (request: RawRequest): Promise<RawResponse> => {
      arrivals.push(request);
      arrived();
      await gate;
      return {
        status: 201,
        statusText: "Created",
        headers: { "content-type": "application/json" },
        body: `{"bytes":${request.body.length}}`,
      };
    },
  };
  const server = createServer((req, res) => void serveRequest(mock, req, res, budget));
  servers.push(server);
  const url = await new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
  );
  const nextArrival = () => new Promise<void>((resolve) => (arrived = resolve));
  return { url, open, arrivals, nextArrival };
}

const post = (url: string, bytes: number) =>
  fetch(`${url}/api/test-todos`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:5173" },
    body: "x".repeat(bytes),
  });

describe("request bodies in flight", () => {
  it("the default budget is 64 MB", () => {
    expect(new BodyBudget().limit).toBe(BODY_BUDGET);
    expect(BODY_BUDGET).toBe(64 * 1024 * 1024);
  });

  it("past the budget, a concurrent large body is refused 503 with Retry-After; the bytes come back after the answers", async () => {
    const budget = new BodyBudget(1024 * 1024);
    const server = await gatedServer(budget);
    // The first body is read whole and held while its request waits.
    const first = server.nextArrival();
    const held = post(server.url, 700_000);
    await first;
    expect(budget.used).toBe(700_000);
    // Two more at once: they would hold 2.1 MB; neither fits beside the first.
    const refused = await Promise.all([post(server.url, 700_000), post(server.url, 700_000)]);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("1");
      expect(answer.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
      expect((await answer.json()).errors[0]).toMatch(/busy reading other large request bodies.*retry/);
    }
    expect(server.arrivals).toHaveLength(1);
    expect(budget.used).toBe(700_000);
    // A small body still fits meanwhile.
    const small = server.nextArrival();
    const smallAnswer = post(server.url, 1_000);
    await small;
    server.open();
    expect((await held).status).toBe(201);
    expect((await smallAnswer).status).toBe(201);
    expect(budget.used).toBe(0);
    // Room again: the same body is accepted.
    expect((await post(server.url, 700_000)).status).toBe(201);
    expect(budget.used).toBe(0);
  });
});

describe("a delayed request (x-mockman-delay, or serve's --delay)", () => {
  it("holds none of the budget while it waits: other uploads go through, and its body is read after the delay", async () => {
    const mb = 1024 * 1024;
    const budget = new BodyBudget(16 * mb);
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1_000 });
    // The delays wait on a gate the test opens, so who is waiting can be counted.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let waiting = 0;
    mock.faults.wait = () => (waiting++, gate);
    const server = createDoorServer(mock, undefined, undefined, budget);
    servers.push(server);
    const url = await new Promise<string>((resolve) =>
      server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
    );
    const upload = (title: string, bytes: number, headers: Record<string, string> = {}) =>
      fetch(`${url}/api/test-todos`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ title }) + " ".repeat(bytes),
      });
    // Eight 2 MB uploads delayed a minute would fill the 16 MB budget if their bodies were held while they wait.
    const delayed = Array.from({ length: 8 }, (_, i) => upload(`delayed ${i}`, 2 * mb, { "x-mockman-delay": "60000" }));
    await vi.waitFor(() => expect(waiting).toBe(8), { timeout: 30_000 });
    expect(budget.used).toBe(0);
    const meanwhile = await upload("meanwhile", 2 * mb);
    expect(meanwhile.status).toBe(201);
    open();
    expect((await Promise.all(delayed)).map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(budget.used).toBe(0);
    await mock.shutdown();
  });

  it("the decision is made once: the delay is not waited again in dispatch, and an injected failure still changes nothing", async () => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1_000 });
    const waited: number[] = [];
    mock.faults.wait = async (ms) => void waited.push(ms);
    const server = createDoorServer(mock);
    servers.push(server);
    const url = await new Promise<string>((resolve) =>
      server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
    );
    const post = (headers: Record<string, string>) =>
      fetch(`${url}/api/test-todos`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: '{"title":"t"}',
      });
    expect((await post({ "x-mockman-delay": "250" })).status).toBe(201);
    expect(waited).toEqual([250]);
    const failed = await post({ "x-mockman-delay": "100", "x-mockman-fail": "503" });
    expect(failed.status).toBe(503);
    expect(failed.headers.get("x-mockman-injected")).toBe("503");
    expect(waited).toEqual([250, 100]);
    const bad = await post({ "x-mockman-delay": "soon" });
    expect(bad.status).toBe(400);
    const listed = await (await fetch(`${url}/api/test-todos`)).json();
    expect(listed.todos).toHaveLength(1);
    await mock.shutdown();
  });
});
