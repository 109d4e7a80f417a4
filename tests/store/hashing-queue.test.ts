// Password hashing runs with the request queue let go (issue 11, item 10):
// a flood of wrong-password logins must not make an unrelated GET wait for
// every hash, while writes stay one at a time and signups stay unique. And at
// most two hashes use the thread pool at once, so the journal's fsyncs find a
// free thread (issue 33, item 7; the figure is tests/bench/logins.ts).
import { describe, expect, it } from "vitest";
import { GUEST } from "#mock/data/seed";
import { createMock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import { HASHES_AT_ONCE, hashPassword, hashesInLine, verifyPassword } from "#mock/core/password";
import { call } from "./helpers";

// Costly enough that 40 hashes take far longer than one GET, on any machine.
const SLOW = 50_000;

describe("login and signup hash outside the request queue", () => {
  it("a GET sent after 40 concurrent wrong-password logins answers before most of them", async () => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: SLOW });
    const order: string[] = [];
    // Through dispatch (no body to read first), so the requests join the queue in the order sent.
    const send = (method: string, url: string, body?: unknown) =>
      mock.dispatch({ method, url, headers: { "content-type": "application/json" }, body: body === undefined ? "" : JSON.stringify(body) });
    const logins = Array.from({ length: 40 }, (_, i) =>
      send("POST", "/api/auth/login", { username: GUEST.username, password: `wrong-${i}` }).then((r) => {
        order.push("login");
        return r.status;
      }),
    );
    const get = send("GET", "/api/test-todos").then((r) => {
      order.push("get");
      return r.status;
    });
    expect(await get).toBe(200);
    expect(await Promise.all(logins)).toEqual(Array(40).fill(401));
    // Queued behind every hash, the GET would come last; now it overtakes most of them.
    expect(order.indexOf("get")).toBeLessThan(20);
  });

  it("while logins hash, a right password still logs in, and concurrent signups of one name give one 201", async () => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1_000 });
    const wrong = Array.from({ length: 10 }, () => call(mock, "POST", "/api/auth/login", { ...GUEST, password: "nope" }));
    const right = call(mock, "POST", "/api/auth/login", GUEST);
    const signups = Array.from({ length: 8 }, (_, i) =>
      call(mock, "POST", "/api/auth/signup", { username: "twin", password: `secret-${i}`, firstName: "Twin" }),
    );
    expect((await right).status).toBe(200);
    expect((await Promise.all(wrong)).map((r) => r.status)).toEqual(Array(10).fill(401));
    const statuses = (await Promise.all(signups)).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    const users = (await call(mock, "GET", "/api/users")).body.users as { username: string }[];
    expect(users.filter((u) => u.username === "twin")).toHaveLength(1);
    await mock.shutdown();
  });
});

describe("hashes wait in line for the thread pool (issue 33, item 7)", () => {
  it(`at most ${HASHES_AT_ONCE} run at once, the rest wait, and every one still answers`, async () => {
    const hashes = Array.from({ length: 10 }, (_, i) => hashPassword(`password-${i}`, 5_000));
    expect(hashesInLine()).toEqual({ running: HASHES_AT_ONCE, waiting: 10 - HASHES_AT_ONCE });
    const checks = [verifyPassword("password-0", (await hashes[0])!), verifyPassword("wrong", (await hashes[1])!)];
    expect(hashesInLine().running).toBeLessThanOrEqual(HASHES_AT_ONCE);
    expect(await Promise.all(checks)).toEqual([true, false]);
    expect(new Set(await Promise.all(hashes)).size).toBe(10);
    expect(hashesInLine()).toEqual({ running: 0, waiting: 0 });
  });
});
