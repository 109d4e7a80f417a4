// Another project's vitest suite against `moments/mock`, as installed from the packed
// tarball (tests/cli/package.test.ts copies this file into an empty project): the mock
// in-process, and setupMock answering the project's fetch('/api/…') and node:http.
import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMock, setupMock, type components, type paths } from "moments/mock";

type Post = components["schemas"]["Post"];
type PostsAnswer = paths["/api/posts"]["get"]["responses"][200]["content"]["application/json"];

describe("createMock", () => {
  it("answers the API in-process, and resets, exports and imports its data", async () => {
    const mock = await createMock({ passwordIterations: 1000 });
    const answer = (await (await mock.handle(new Request("http://localhost/api/posts"))).json()) as PostsAnswer;
    const first: Post = answer.posts[0];
    expect(first.content).toBeTypeOf("string");
    expect(answer.posts).toHaveLength(6);
    const saved = mock.exportData();
    await mock.handle(new Request("http://localhost/api/test-todos", { method: "POST", body: JSON.stringify({ title: "x" }) }));
    expect(mock.exportData().data.todos).toHaveLength(1);
    await mock.importData(saved);
    expect(mock.exportData().data.todos).toHaveLength(0);
    await expect(mock.importData({ mockman: "export", version: 5, data: {} })).rejects.toThrow();
    mock.scenarios.add({ method: "GET", path: "/api/posts", status: 503 });
    expect((await mock.handle(new Request("http://localhost/api/posts"))).status).toBe(503);
    expect(() => mock.scenarios.add({ method: "GET", path: "/api/nowhere" })).toThrow(/names no route/);
    await mock.reset();
    await mock.shutdown();
  });
});

describe("setupMock", () => {
  const server = setupMock({ passwordIterations: 1000, onUnhandledRequest: "bypass" });
  const realFetch = globalThis.fetch;
  beforeAll(() => server.listen());
  afterEach(() => server.reset());
  afterAll(() => server.close());

  it("routes /api fetches to the mock", async () => {
    const res = await fetch("/api/posts");
    expect(res.status).toBe(200);
    expect(((await res.json()) as PostsAnswer).posts).toHaveLength(6);
    const created = await fetch("http://localhost/api/test-todos", { method: "POST", body: JSON.stringify({ title: "kept" }) });
    expect(created.status).toBe(201);
  });

  it("answers node:http clients too, on any loopback port, and journals what they sent", async () => {
    const status = await new Promise<number>((resolve, reject) =>
      http
        .request("http://localhost:3000/api/test-todos", { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on("error", reject)
        .end(JSON.stringify({ title: "over http" })),
    );
    expect(status).toBe(201);
    const [sent] = await server.requests({ method: "POST" });
    expect([sent.path, JSON.parse(sent.body), sent.matched]).toEqual([
      "/api/test-todos",
      { title: "over http" },
      { by: "route", route: "POST /api/test-todos" },
    ]);
  });

  it("reset() between tests: the data is the seed again", async () => {
    const res = await fetch("/api/test-todos");
    expect(((await res.json()) as { todos: unknown[] }).todos).toEqual([]);
  });

  it("use() adds scenarios until the next reset", async () => {
    await server.use({ method: "GET", path: "/api/users/bookmark", body: { bookmarks: [] } });
    const res = await fetch("/api/users/bookmark");
    expect([res.status, await res.json()]).toEqual([200, { bookmarks: [] }]);
  });

  it("passes every request it does not own to the real fetch", async () => {
    const seen: string[] = [];
    // What the real fetch would get: the patch calls the fetch it found at listen().
    await server.close();
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return new Response("real");
    }) as typeof fetch;
    server.listen();
    expect(await (await fetch("https://elsewhere.example/api/posts")).text()).toBe("real");
    expect(await (await fetch("/static/app.js")).text()).toBe("real");
    expect(seen).toEqual(["https://elsewhere.example/api/posts", "http://localhost/static/app.js"]);
    expect((await fetch("/api/posts")).status).toBe(200);
    await server.close();
    globalThis.fetch = realFetch;
    server.listen();
  });
});
