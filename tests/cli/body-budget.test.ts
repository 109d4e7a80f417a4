// serve bounds the bytes of request bodies held at once (issue 11, item 11):
// past the budget a request is answered 503 {errors} with Retry-After, and the
// bytes come back once the requests holding them are answered.
import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { BODY_BUDGET, BodyBudget, serveRequest } from "#mock/node/http-door";
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
