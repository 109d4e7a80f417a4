// What the fuzzer found, kept as plain tests: each case is the shrunk
// sequence it printed, so the bug cannot come back unnoticed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMock, type Mock } from "#mock/server.ts";
import { MemoryStore } from "#mock/store/memory.ts";

let mock: Mock;
beforeEach(async () => {
  mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
});
afterEach(() => mock.shutdown());

const send = (method: string, path: string, init: RequestInit = {}) => mock.handle(new Request(`http://mock.local${path}`, { method, ...init }));

describe("fuzzer regressions", () => {
  // Counterexample: [HEAD / no-auth] -> 404 with a JSON body.
  it("HEAD never gets a body, on unknown paths and refused methods too", async () => {
    for (const path of ["/", "/api/nothing-here", "/api/auth/login", "/api/posts/like/x"]) {
      const response = await send("HEAD", path);
      expect([404, 405]).toContain(response.status);
      expect(await response.text()).toBe("");
    }
    const ok = await send("HEAD", "/api/posts");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("");
  });
});
