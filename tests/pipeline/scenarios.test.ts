// Scenarios (mock/features/scenarios.ts, issue 32): per-route overrides the mock meets
// before faults and the queue, so an overridden answer runs no handler and changes no
// data; its answer has the boundary's status text, JSON type and `{errors}` shape; it
// counts down its `times`; x-mockman-scenario picks one for one request; and a bad set
// (a route that is not there, a body of the wrong shape) is refused whole, naming why.
import { afterEach, describe, expect, it } from "vitest";
import { createMock, type Mock } from "#mock/core/create-mock";
import { ScenarioError } from "#mock/features/scenarios";
import { MemoryStore } from "#mock/store/memory";

let mock: Mock;
afterEach(() => mock?.shutdown());

const boot = async () => (mock = await createMock({ store: new MemoryStore(), passwordIterations: 1_000 }));
const send = async (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) => {
  const res = await mock.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: { "content-type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
  const text = await res.text();
  return {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
    text,
    body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
  };
};

describe("scenarios", () => {
  it("answer a route as set, through the boundary, without running its handler", async () => {
    await boot();
    mock.scenarios.add({ name: "posts-fail", method: "post", path: "/api/test-todos", status: 503, times: 2 });
    const first = await send("POST", "/api/test-todos", { body: { title: "never saved" } });
    expect(first).toMatchObject({ status: 503, statusText: "Service Unavailable" });
    expect(first.headers.get("content-type")).toBe("application/json");
    expect(first.headers.get("x-mockman-scenario")).toBe("posts-fail");
    expect(first.body).toEqual({ errors: ['Service Unavailable (the scenario "posts-fail" answers it).'] });
    expect((await send("POST", "/api/test-todos", { body: { title: "never saved" } })).status).toBe(503);
    // Twice, then the API answers again.
    expect((await send("POST", "/api/test-todos", { body: { title: "saved" } })).status).toBe(201);
    expect((await send("GET", "/api/test-todos")).body.todos.map((t: { title: string }) => t.title)).toEqual(["saved"]);
    expect(mock.scenarios.list().scenarios).toEqual([expect.objectContaining({ name: "posts-fail", used: 2, remaining: 0 })]);
  });

  it("answer a body or a named data set, match :params and *, and HEAD as GET without a body", async () => {
    await boot();
    mock.scenarios.add({
      datasets: { "no-bookmarks": { bookmarks: [] } },
      scenarios: [
        { method: "GET", path: "/api/users/bookmark", data: "no-bookmarks" },
        { name: "one post", method: "GET", path: "/api/posts/:postId", body: { post: { _id: "x" } } },
        { name: "comments", method: "*", path: "/api/comments/*", status: 418 },
      ],
    });
    const bookmarks = await send("GET", "/api/users/bookmark");
    expect([bookmarks.status, bookmarks.body, bookmarks.headers.get("x-mockman-scenario")]).toEqual([
      200,
      { bookmarks: [] },
      "GET /api/users/bookmark",
    ]);
    expect((await send("GET", "/api/posts/anything")).body).toEqual({ post: { _id: "x" } });
    // GET /api/posts is another route: untouched.
    expect((await send("GET", "/api/posts")).body.posts).toHaveLength(6);
    const head = await send("HEAD", "/api/posts/anything");
    expect([head.status, head.text]).toEqual([200, ""]);
    const teapot = await send("POST", "/api/comments/add/x", { body: {} });
    expect([teapot.status, teapot.body.errors]).toEqual([418, [expect.stringContaining('the scenario "comments"')]]);
  });

  it("a scenario without status or body lets the API answer (after its delay)", async () => {
    await boot();
    mock.scenarios.add({ name: "slow", method: "GET", path: "/api/posts", delay: 1 });
    const slow = await send("GET", "/api/posts");
    expect(slow.status).toBe(200);
    expect(slow.body.posts).toHaveLength(6);
    expect(mock.scenarios.list().scenarios[0]).toMatchObject({ used: 1, remaining: null });
  });

  it("x-mockman-scenario picks one for one request: times 0 answers only those; an unknown name is a 400", async () => {
    await boot();
    // With none set, a name is still unknown: a typo in a test's header must not pass as the real answer.
    const none = await send("GET", "/api/posts", { headers: { "x-mockman-scenario": "empty-feed" } });
    expect([none.status, none.body]).toEqual([400, { errors: ['x-mockman-scenario: no scenario named "empty-feed" (none is set)'] }]);
    mock.scenarios.add([{ name: "empty-feed", method: "GET", path: "/api/posts", body: { posts: [] }, times: 0 }]);
    expect((await send("GET", "/api/posts")).body.posts).toHaveLength(6);
    const named = await send("GET", "/api/posts", { headers: { "x-mockman-scenario": "empty-feed" } });
    expect(named.body).toEqual({ posts: [] });
    // Another route: the header leaves it alone.
    expect((await send("GET", "/api/users", { headers: { "x-mockman-scenario": "empty-feed" } })).body.users).toHaveLength(4);
    const unknown = await send("GET", "/api/posts", { headers: { "x-mockman-scenario": "nope" } });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { errors: ['x-mockman-scenario: no scenario named "nope" (the scenarios are empty-feed)'] },
    ]);
  });

  it("refuses a bad set whole, naming what is wrong, and keeps what was there", async () => {
    await boot();
    mock.scenarios.add({ name: "kept", method: "GET", path: "/api/posts", status: 500 });
    const refused: [unknown, RegExp][] = [
      [{ method: "GET", path: "/api/nothing" }, /GET \/api\/nothing names no route of the API/],
      [{ method: "DELETE", path: "/api/users" }, /DELETE \/api\/users names no route/],
      [{ method: "GET", path: "/posts" }, /path: expected a path under \/api/],
      [{ method: "GET", path: "/api/posts", status: 500, body: { message: "x" }, text: "x" }, /give one of body, data, text or error/],
      [{ method: "GET", path: "/api/posts", error: "network", status: 500 }, /a network error has no status or headers/],
      [{ method: "GET", path: "/api/posts", error: "timeout" }, /error: expected "network"/],
      [
        { method: "GET", path: "/api/posts/:postId", match: { params: { id: "x" } } },
        /match\.params names :id, which \/api\/posts\/:postId does not have \(it has :postId\)/,
      ],
      [{ method: "GET", path: "/api/posts", headers: { "bad name": "x" } }, /headers\.bad name: expected a header name/],
      [{ method: "GET", path: "/api/posts", body: "x".repeat(1024 * 1024 + 1) }, /a scenario's body is at most 1 MB/],
      [{ method: "GET", path: "/api/posts", headers: { "Content-Length": "3" } }, /headers: Content-Length is written by the server/],
      [{ method: "GET", path: "/api/posts", status: 204, text: "x" }, /a 204 answer has no body/],
      [{ method: "POST", path: "/api/posts", match: { body: { big: "x".repeat(1024 * 1024) } } }, /match\.body is over 1 MB as JSON/],
      [{ method: "GET", path: "/api/posts", headers: { "x-a": "line\nbreak" } }, /headers\.x-a: expected a header value/],
      [{ method: "GET", path: "/api/posts", headers: { "x-a": "€" } }, /headers\.x-a: expected a header value/],
      [{ scenarios: [], datasets: { big: "x".repeat(1024 * 1024 + 1) } }, /datasets\.big: .* a data set is at most 1 MB/],
      [
        Array.from({ length: 500 }, (_, i) => ({ name: `s${i}`, method: "GET", path: "/api/posts" })),
        /501 scenarios would be set: at most 500/,
      ],
      [{ method: "GET", path: "/api/posts", status: 204, body: {} }, /a 204 answer has no body/],
      [{ method: "GET", path: "/api/posts", data: "missing" }, /data names no data set/],
      [{ method: "GET", path: "/api/posts", wait: 5 }, /unknown field "wait"/],
      [{ method: "FETCH", path: "/api/posts" }, /method: expected one of/],
      [{ method: "GET", path: "/api/posts", status: 99 }, /status: /],
      [
        [
          { method: "GET", path: "/api/users" },
          { method: "GET", path: "/api/x" },
        ],
        /scenarios\.1 .*names no route/,
      ],
    ];
    for (const [set, message] of refused) {
      expect(() => mock.scenarios.add(set)).toThrow(ScenarioError);
      expect(() => mock.scenarios.add(set)).toThrow(message);
    }
    expect(mock.scenarios.list().scenarios.map((s) => s.name)).toEqual(["kept"]);
    expect(() => mock.scenarios.remove("nope")).toThrow(/no scenario named "nope": the scenarios are kept/);
    expect(mock.scenarios.remove("kept").scenarios).toEqual([]);
    mock.scenarios.add({ method: "GET", path: "/api/posts", status: 500 });
    expect(mock.scenarios.clear()).toEqual({ scenarios: [], datasets: {} });
    expect((await send("GET", "/api/posts")).status).toBe(200);
  });

  it("a scenario of a name already set takes its place", async () => {
    await boot();
    mock.scenarios.add({ name: "feed", method: "GET", path: "/api/posts", status: 500 });
    mock.scenarios.add({ name: "feed", method: "GET", path: "/api/posts", status: 503 });
    expect(mock.scenarios.list().scenarios).toHaveLength(1);
    expect((await send("GET", "/api/posts")).status).toBe(503);
  });

  it("match on path params, query, headers and JSON body; answer any status, body and headers, or a network error", async () => {
    await boot();
    mock.scenarios.add([
      {
        name: "p1 only",
        method: "GET",
        path: "/api/posts/:postId",
        match: { params: { postId: "p 1" } },
        status: 418,
        body: { teapot: true },
      },
      { name: "page two", method: "GET", path: "/api/posts", match: { query: { cursor: "2" } }, body: { posts: [], next: null, total: 0 } },
      {
        name: "by header",
        method: "GET",
        path: "/api/users",
        match: { headers: { "X-Tenant": "b" } },
        text: "<users/>",
        headers: { "content-type": "application/xml", "x-extra": "1" },
      },
      {
        name: "by body",
        method: "POST",
        path: "/api/test-todos",
        match: { body: { title: "boom", tags: ["a"] } },
        status: 422,
        body: { problem: "boom" },
      },
      { name: "reset", method: "DELETE", path: "/api/test-todos/:id", error: "network", times: 1 },
    ]);
    expect(await send("GET", "/api/posts/p%201")).toMatchObject({ status: 418, body: { teapot: true } });
    expect((await send("GET", "/api/posts/other")).status).toBe(404);
    expect((await send("GET", "/api/posts?cursor=2")).body).toEqual({ posts: [], next: null, total: 0 });
    expect((await send("GET", "/api/posts")).body.posts).toHaveLength(6);
    const users = await send("GET", "/api/users", { headers: { "x-tenant": "b" } });
    expect([users.status, users.text, users.headers.get("content-type"), users.headers.get("x-extra")]).toEqual([
      200,
      "<users/>",
      "application/xml",
      "1",
    ]);
    expect((await send("GET", "/api/users")).body.users).toHaveLength(4);
    expect(await send("POST", "/api/test-todos", { body: { title: "boom", tags: ["a"], more: 1 } })).toMatchObject({
      status: 422,
      body: { problem: "boom" },
    });
    expect((await send("POST", "/api/test-todos", { body: { title: "fine" } })).status).toBe(201);
    expect((await send("POST", "/api/test-todos", { body: { title: "boom", tags: ["a", "b"] } })).status).toBe(201);
    const dropped = await mock.handle(new Request("http://localhost/api/test-todos/1", { method: "DELETE" }));
    expect([dropped.type, dropped.status]).toEqual(["error", 0]);
  });
});
