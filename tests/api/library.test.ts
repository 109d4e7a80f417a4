// `moments/mock` from its source (mock/library/index.ts), issue 48: setupMock intercepts
// every Node client (fetch, node:http, https) for the API's origins, with an additive
// default and MSW's onUnhandledRequest policies; one reset in every door; the request
// journal with what answered each request; startServe on a free port; every refusal
// named. The packed package runs the same in an empty project (tests/cli/package.test.ts).
import { request as httpRequest } from "node:http";
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createMock, setupMock, startServe } from "#mock/library/index";

/** A GET through node:http, as axios, got or supertest send it: status and body, or the error's code. */
function httpGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe("setupMock", () => {
  const server = setupMock({ passwordIterations: 1000, origins: ["http://api.test:8080"], onUnhandledRequest: "bypass" });
  // A real server on another port: what an unhandled request reaches.
  const real = createServer((req, res) => res.end(`real ${req.url}`));
  let realUrl = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => real.listen(0, "127.0.0.1", resolve));
    realUrl = `http://127.0.0.1:${(real.address() as { port: number }).port}`;
    server.listen();
  });
  // As a hook itself: vitest passes its test context (a function), which is no options.
  afterEach(server.reset);
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => real.close(resolve));
  });

  it("answers fetch on any loopback port, relative URLs, and the origins given (which add to the default)", async () => {
    for (const url of ["/api/posts", "http://localhost:3000/api/posts", "http://127.0.0.1:9/api/posts", "http://api.test:8080/api/posts"]) {
      const res = await fetch(url);
      expect([url, res.status]).toEqual([url, 200]);
      expect(((await res.json()) as { posts: unknown[] }).posts).toHaveLength(6);
    }
  });

  it("answers node:http as well (axios, got, supertest-style clients)", async () => {
    const got = await httpGet("http://localhost:4000/api/users");
    expect(got).toMatchObject({ status: 200 });
    expect(JSON.parse((got as { body: string }).body).users).toHaveLength(4);
  });

  it("lets a request it does not own go out: another path of the same origin, another origin", async () => {
    expect(await (await fetch(`${realUrl}/static/app.js`)).text()).toBe("real /static/app.js");
    expect(await httpGet(`${realUrl}/health`)).toEqual({ status: 200, body: "real /health" });
  });

  it("journals what each client sent, with what answered it, filterable", async () => {
    await server.use({ name: "slow feed", method: "GET", path: "/api/posts", match: { query: { limit: "2" } }, body: { posts: [] } });
    await fetch("/api/posts?limit=2", { headers: { "x-test": "1" } });
    await httpGet("http://localhost/api/posts/nope");
    await fetch("/api/test-todos", {
      method: "POST",
      body: JSON.stringify({ title: "sent" }),
      headers: { "content-type": "application/json" },
    });
    const all = await server.requests();
    expect(all.map((r) => [r.method, r.url, r.status, r.matched])).toEqual([
      ["GET", "/api/posts?limit=2", 200, { by: "scenario", scenario: "slow feed" }],
      ["GET", "/api/posts/nope", 404, { by: "route", route: "GET /api/posts/:postId" }],
      ["POST", "/api/test-todos", 201, { by: "route", route: "POST /api/test-todos" }],
    ]);
    expect(all[0]).toMatchObject({ query: { limit: "2" }, headers: { "x-test": "1" } });
    expect(JSON.parse(all[2].body)).toEqual({ title: "sent" });
    expect((await server.requests({ method: "post" })).map((r) => r.id)).toEqual([all[2].id]);
    expect((await server.requests({ path: "/api/posts/:postId" })).map((r) => r.status)).toEqual([404]);
    expect(await server.requests({ scenario: "slow feed", limit: 1 })).toHaveLength(1);
  });

  it("one reset: the seed, no scenarios, no faults, an empty journal; keepScenarios keeps them", async () => {
    await fetch("/api/test-todos", { method: "POST", body: JSON.stringify({ title: "x" }) });
    await server.use({ method: "GET", path: "/api/users", status: 503 });
    (await server.mock()).faults.set({ failRate: 1, failStatus: 503 });
    await server.reset({ keepScenarios: true });
    expect((await fetch("/api/users")).status).toBe(503);
    expect((await server.requests()).map((r) => r.matched.by)).toEqual(["scenario"]);
    await server.reset();
    expect((await fetch("/api/users")).status).toBe(200);
    expect(((await (await fetch("/api/test-todos")).json()) as { todos: unknown[] }).todos).toEqual([]);
    expect((await server.mock()).faults.settings).toEqual({ delay: null, failRate: 0, failStatus: 500 });
  });

  it("refuses reset options it does not have, or a keepScenarios that is not true or false, and changes nothing", async () => {
    await server.use({ method: "GET", path: "/api/users", status: 503 });
    await expect(server.reset({ keepScenario: true } as never)).rejects.toThrow(
      new TypeError('reset: unknown option "keepScenario" (the options are keepScenarios)'),
    );
    await expect(server.reset({ keepScenarios: "no" } as never)).rejects.toThrow(
      new TypeError('reset: keepScenarios must be true or false, got "no"'),
    );
    await expect(server.reset(5 as never)).rejects.toThrow(/^reset: options must be an object \(keepScenarios\), got 5$/);
    await expect((await server.mock()).reset({ keep: true } as never)).rejects.toThrow(/^reset: unknown option "keep"/);
    expect((await fetch("/api/users")).status).toBe(503);
    // mocha and jest read a hook's declared parameter as a done callback: afterEach(server.reset) must declare none.
    expect([server.reset.length, (await server.mock()).reset.length]).toEqual([0, 0]);
  });

  it("a network-error scenario fails fetch and node:http, after its delay, times N", async () => {
    await server.use({ method: "GET", path: "/api/posts", error: "network", delay: 20, times: 2 });
    await expect(fetch("/api/posts")).rejects.toThrow(TypeError);
    // As a real dropped connection: got, axios-retry and the like retry on ECONNRESET, not on a bare TypeError.
    expect(await httpGet("http://localhost/api/posts")).toEqual({ error: "ECONNRESET" });
    expect((await fetch("/api/posts")).status).toBe(200);
    expect((await server.requests()).map((r) => r.status)).toEqual([0, 0, 200]);
  });
});

describe("setupMock's policies and refusals", () => {
  it('lets data: and blob: URLs be, under "error" too: they never reach a network', async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const strict = setupMock({ passwordIterations: 1000, onUnhandledRequest: "error" });
    strict.listen();
    try {
      const photo = await fetch("data:image/png;base64,iVBORw0KGgo=");
      expect([photo.status, photo.headers.get("content-type")]).toEqual([200, "image/png"]);
      expect(await (await fetch(URL.createObjectURL(new Blob(["kept"])))).text()).toBe("kept");
      expect(error).not.toHaveBeenCalled();
    } finally {
      await strict.close();
      error.mockRestore();
    }
  });

  it("refuses a passwordIterations or an allowOrigins that cannot work when it is given, naming it", async () => {
    expect(() => setupMock({ passwordIterations: -5 })).toThrow(/setupMock: passwordIterations must be a whole number from 1/);
    await expect(createMock({ passwordIterations: 0 })).rejects.toThrow(
      /createMock: passwordIterations must be a whole number from 1 .*got 0/,
    );
    await expect(startServe({ passwordIterations: 1.5 })).rejects.toThrow(/startServe: passwordIterations/);
    await expect(startServe({ allowOrigins: "http://a.test" as unknown as string[] })).rejects.toThrow(
      /startServe: allowOrigins must be a list of origins/,
    );
    await expect(startServe({ allowOrigins: ["localhost:3000"] })).rejects.toThrow(
      /startServe: allowOrigins\[0\] is "localhost:3000", not an origin/,
    );
  });

  it("refuses an option it does not have, a misspelt one too, naming it and the options there are", async () => {
    expect(() => setupMock({ onUnhandledRequests: "error" } as never)).toThrow(
      new TypeError(
        'setupMock: unknown option "onUnhandledRequests" (the options are origins, onUnhandledRequest, mock, passwordIterations)',
      ),
    );
    expect(() => setupMock(null as never)).toThrow(/setupMock: options must be an object \(origins, .*\), got null/);
    await expect(createMock({ bogus: 1 } as never)).rejects.toThrow(
      new TypeError('createMock: unknown option "bogus" (the options are store, passwordIterations)'),
    );
    await expect(createMock({ store: "file" } as never)).rejects.toThrow(/createMock: store is "file": "memory" is the only one/);
    await expect(startServe({ port: 0, allowOrigin: ["http://a.test"], dbFile: "x" } as never)).rejects.toThrow(
      new TypeError('startServe: unknown options "allowOrigin", "dbFile" (the options are port, db, passwordIterations, allowOrigins)'),
    );
  });

  it('onUnhandledRequest "warn" (the default) says so; "error" fails the request; a bad option is named', async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const warning = setupMock({ passwordIterations: 1000 });
      warning.listen();
      await fetch("http://localhost:1/not-api").catch(() => undefined);
      expect(warn.mock.calls.join("\n")).toMatch(/GET http:\/\/localhost:1\/not-api is not the mock's .*went out to the network/);
      await warning.close();

      const strict = setupMock({ passwordIterations: 1000, onUnhandledRequest: "error" });
      strict.listen();
      await expect(fetch("https://elsewhere.example/api/posts")).rejects.toThrow(TypeError);
      expect(await httpGet("http://elsewhere.example/x")).toMatchObject({ error: expect.any(String) });
      expect(error.mock.calls.join("\n")).toMatch(/https:\/\/elsewhere\.example\/api\/posts is not the mock's/);
      expect(() => strict.listen()).toThrow(/listen\(\) was called already; close\(\) first/);
      await strict.close();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
    expect(() => setupMock({ origins: ["localhost:3000"] })).toThrow(/origins\[0\] is "localhost:3000", not an origin/);
    expect(() => setupMock({ origins: ["http://a.test/path"] })).toThrow(/scheme, host and port only/);
    expect(() => setupMock({ onUnhandledRequest: "ignore" as "warn" })).toThrow(/onUnhandledRequest is "ignore"/);
    expect(() => setupMock({ origins: "http://a.test" as unknown as string[] })).toThrow(/origins must be a list of origins/);
    // Refused when given, rather than answering every request 500 with "handle is not a function".
    expect(() => setupMock({ mock: {} as never })).toThrow(
      /^setupMock: mock must be what createMock\(\) makes \(or its promise\), got object$/,
    );
  });

  it("refuses a mock promise that gives something else where it settles: requests fail with the reason, never a 500", async () => {
    const server = setupMock({ mock: Promise.resolve({ handle: 1 }) as never });
    server.listen();
    try {
      const refusal = /^setupMock: mock's promise gave object, not what createMock\(\) makes$/;
      await expect(server.mock()).rejects.toThrow(refusal);
      await expect(server.reset()).rejects.toThrow(refusal);
      await expect(fetch("http://localhost/api/posts")).rejects.toThrow(refusal);
      expect(await httpGet("http://localhost/api/posts")).toEqual({ error: expect.stringMatching(refusal) });
    } finally {
      await server.close();
    }
    await expect(server.mock()).rejects.toThrow(/mock's promise gave object/);
  });
});

describe("createMock", () => {
  it("refuses a journal filter that is not one, naming it, as GET /__mockman/requests does (400)", async () => {
    const mock = await createMock({ passwordIterations: 1000 });
    await mock.handle(new Request("http://localhost/api/posts"));
    expect(() => mock.requests({ method: 3 as unknown as string })).toThrow(/^requests: method: Expected string/);
    expect(() => mock.requests({ limit: -1 })).toThrow(/^requests: limit: Number must be greater than or equal to 1/);
    expect(() => mock.requests({ status: "200" as unknown as number })).toThrow(/^requests: status: Expected number/);
    expect(() => mock.requests({ matched: "scenarios" as "scenario" })).toThrow(/^requests: matched: Invalid enum value/);
    expect(() => mock.requests({ path: "posts" })).toThrow(/^requests: path: expected a path such as \/api\/posts\/:postId/);
    expect(() => mock.requests({ statusCode: 200 } as object)).toThrow(/^requests: unknown filter "statusCode"/);
    expect(mock.requests({ method: "get", path: "/api/posts", status: 200, limit: 1 })).toHaveLength(1);
    await mock.shutdown();
  });

  it("faults.set refuses a setting that is not one, naming it, and changes nothing (a failRate of 5, a delay in seconds)", async () => {
    const mock = await createMock({ passwordIterations: 1000 });
    mock.faults.set({ failRate: 0.5 });
    expect(() => mock.faults.set({ failRate: 5 })).toThrow(
      new RangeError("faults.set: failRate must be a number from 0 to 1, such as 0.1, got 5"),
    );
    expect(() => mock.faults.set({ failStatus: 404 as 500 })).toThrow(/^faults\.set: failStatus must be 500 or 503, got 404$/);
    expect(() => mock.faults.set({ delay: { min: "a", max: 5 } as never })).toThrow(/^faults\.set: delay must be null or \{min, max\}/);
    expect(() => mock.faults.set({ delay: { min: 9, max: 5 } })).toThrow(/with min <= max, got \{"min":9,"max":5\}$/);
    expect(() => mock.faults.set({ delay: 200 as never })).toThrow(/^faults\.set: delay must be/);
    expect(() => mock.faults.set({ fialRate: 1 } as never)).toThrow(
      new TypeError('faults.set: unknown option "fialRate" (the options are delay, failRate, failStatus)'),
    );
    mock.faults.set({ delay: { min: 0, max: 0 }, failStatus: 503 });
    expect(mock.faults.settings).toEqual({ delay: { min: 0, max: 0 }, failRate: 0.5, failStatus: 503 });
    await mock.shutdown();
  });

  it("refuses a 205 scenario with a body, as 204 and 304: no Response can carry one, so every request it matched threw", async () => {
    const mock = await createMock({ passwordIterations: 1000 });
    expect(() => mock.scenarios.add({ method: "GET", path: "/api/posts", status: 205, body: { a: 1 } })).toThrow(
      /a 205 answer has no body/,
    );
    expect(() => mock.scenarios.add({ method: "GET", path: "/api/posts", status: 205, text: "x" })).toThrow(/a 205 answer has no body/);
    mock.scenarios.add({ method: "GET", path: "/api/posts", status: 205 });
    expect((await mock.handle(new Request("http://localhost/api/posts"))).status).toBe(205);
    await mock.shutdown();
  });

  it("logs in under jsdom, whose Uint8Array is the page's while TextEncoder makes Node's", async () => {
    const mock = await createMock({ passwordIterations: 1000 });
    const nodeUint8Array = globalThis.Uint8Array;
    globalThis.Uint8Array = runInNewContext("Uint8Array") as Uint8ArrayConstructor;
    try {
      const login = await mock.handle(
        new Request("http://localhost/api/auth/login", {
          method: "POST",
          body: JSON.stringify({ username: "guest", password: "guest1234" }),
        }),
      );
      expect(login.status).toBe(200);
      const { encodedToken } = (await login.json()) as { encodedToken: string };
      const post = await mock.handle(
        new Request("http://localhost/api/posts", {
          method: "POST",
          headers: { authorization: encodedToken },
          body: JSON.stringify({ postData: { content: "from jsdom" } }),
        }),
      );
      expect(post.status).toBe(201);
    } finally {
      globalThis.Uint8Array = nodeUint8Array;
      await mock.shutdown();
    }
  });

  it("keeps unnamed scenarios of one route for different requests, as two MSW use() calls; the same one replaces", async () => {
    const mock = await createMock({ passwordIterations: 1000 });
    const post = (id: string) => ({ method: "GET" as const, path: "/api/posts/:postId", match: { params: { postId: id } } });
    mock.scenarios.add({ ...post("a"), status: 418 });
    mock.scenarios.add({ ...post("b"), status: 503 });
    mock.scenarios.add([
      { ...post("c"), status: 410 },
      { ...post("b"), status: 502 },
    ]);
    expect(mock.scenarios.list().scenarios.map((s) => [s.name, s.status])).toEqual([
      ["GET /api/posts/:postId", 418],
      ["GET /api/posts/:postId #2", 502],
      ["GET /api/posts/:postId #3", 410],
    ]);
    const status = async (id: string) => (await mock.handle(new Request(`http://localhost/api/posts/${id}`))).status;
    expect([await status("a"), await status("b"), await status("c"), await status("d")]).toEqual([418, 502, 410, 404]);
    expect(mock.requests({ scenario: "GET /api/posts/:postId #2" })).toHaveLength(1);
    await mock.shutdown();
  });

  it("reset is the same reset, and the journal lists what handle() answered", async () => {
    const mock = await createMock({ passwordIterations: 1000 });
    mock.scenarios.add({ method: "GET", path: "/api/posts", status: 500 });
    mock.faults.set({ delay: { min: 5, max: 5 } });
    await mock.handle(new Request("http://localhost/api/posts"));
    expect(mock.requests()).toHaveLength(1);
    await mock.reset();
    expect([mock.scenarios.list().scenarios, mock.faults.settings.delay, mock.requests()]).toEqual([[], null, []]);
    await mock.shutdown();
  });
});

describe("startServe", () => {
  it("serves the API and the admin API on a free port, with one reset and the journal; close() stops it", async () => {
    const served = await startServe({ port: 0, db: ":memory:", passwordIterations: 1000 });
    try {
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const post = (path: string, body?: unknown) =>
        fetch(`${served.url}${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
      expect((await post("/__mockman/scenarios", { method: "GET", path: "/api/posts", error: "network" })).status).toBe(201);
      await expect(fetch(`${served.url}/api/posts`)).rejects.toThrow(TypeError);
      expect((await post("/api/test-todos", { title: "x" })).status).toBe(201);
      const journal = (await (await fetch(`${served.url}/__mockman/requests?method=POST`)).json()) as { requests: { body: string }[] };
      expect(journal.requests.map((r) => JSON.parse(r.body))).toEqual([{ title: "x" }]);
      expect(served.requests().map((r) => r.status)).toEqual([0, 201]);
      const bad = await fetch(`${served.url}/__mockman/requests?status=teapot`);
      expect([bad.status, ((await bad.json()) as { errors: string[] }).errors[0]]).toEqual([400, "status: Expected number, received nan"]);
      const badReset = await post("/__mockman/reset", { keep: true });
      expect([badReset.status, ((await badReset.json()) as { errors: string[] }).errors[0]]).toEqual([
        400,
        'reset options: unknown field "keep"',
      ]);
      const reset = (await (await post("/__mockman/reset")).json()) as { scenarios: number };
      expect(reset.scenarios).toBe(0);
      expect(served.requests()).toEqual([]);
      expect((await fetch(`${served.url}/api/posts`)).status).toBe(200);
      const seed = await post("/__mockman/seed", {});
      expect([seed.status, ((await seed.json()) as { errors: string[] }).errors[0]]).toEqual([
        501,
        expect.stringMatching(/no seed generator/),
      ]);
    } finally {
      await served.close();
    }
    await expect(fetch(`${served.url}/api/posts`)).rejects.toThrow();
    await expect(startServe({ port: 70_000 })).rejects.toThrow(/port must be a whole number from 0 to 65535/);
    await expect(startServe({ db: "" })).rejects.toThrow(/db must be ":memory:" or a file path/);
  });

  it("GET /__mockman/requests refuses a number that is none and a filter given twice, rather than reading 0 or the last", async () => {
    const served = await startServe({ passwordIterations: 1000 });
    try {
      expect((await fetch(`${served.url}/api/nope`)).status).toBe(404);
      const answer = async (query: string) => {
        const res = await fetch(`${served.url}/__mockman/requests?${query}`);
        const body = (await res.json()) as { errors?: string[]; requests?: { status: number }[] };
        return [res.status, body.errors?.[0] ?? body.requests!.map((r) => r.status)];
      };
      expect(await answer("status=404&limit=1.0")).toEqual([200, [404]]);
      expect(await answer("status=")).toEqual([400, "status: Expected number, received nan"]);
      expect(await answer("after=%20")).toEqual([400, "after: Expected number, received nan"]);
      expect(await answer("status=0x194")).toEqual([400, "status: Expected number, received nan"]);
      expect(await answer("limit=1e1")).toEqual([400, "limit: Expected number, received nan"]);
      expect(await answer("limit=-1")).toEqual([400, "limit: Number must be greater than or equal to 1"]);
      expect(await answer("status=404&status=200")).toEqual([400, "status: given more than once; give each filter once"]);
      expect(await answer("x=1&x=2")).toEqual([400, 'the query: unknown field "x"']);
    } finally {
      await served.close();
    }
  });

  it("refuses what is over a cap, naming it: a 21st snapshot, a scenario body over 1 MB; a port in use", async () => {
    const served = await startServe({ passwordIterations: 1000 });
    try {
      const post = (path: string, body?: unknown) =>
        fetch(`${served.url}/__mockman/${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
      for (let i = 1; i <= 20; i++) expect((await post(`snapshots/s${i}`)).status).toBe(201);
      const over = await post("snapshots/s21");
      expect([over.status, ((await over.json()) as { errors: string[] }).errors[0]]).toEqual([
        409,
        expect.stringMatching(/^20 snapshots are kept already, the most there may be: delete one first/),
      ]);
      expect((await post("snapshots/s1")).status).toBe(201); // a name in use is replaced
      const big = await post("scenarios", { method: "GET", path: "/api/posts", body: { text: "x".repeat(1024 * 1024) } });
      expect([big.status, ((await big.json()) as { errors: string[] }).errors[0]]).toEqual([
        413,
        expect.stringMatching(/a scenario's body is at most 1 MB/),
      ]);
      await expect(startServe({ port: served.port })).rejects.toThrow(`startServe: port ${served.port} is already in use on 127.0.0.1`);
    } finally {
      await served.close();
    }
  });

  it("on a store file: the data stays after close, and a store another server holds is refused", async () => {
    const dir = mkdtempSync(join(tmpdir(), "moments-startserve-"));
    const db = join(dir, "db.json");
    try {
      const first = await startServe({ db, passwordIterations: 1000 });
      try {
        const created = await fetch(`${first.url}/api/test-todos`, { method: "POST", body: JSON.stringify({ title: "kept" }) });
        expect(created.status).toBe(201);
        await expect(startServe({ db })).rejects.toThrow(
          /^startServe: .*db\.json is held by another process \(moments\/mock startServe \(pid \d+\) is using/,
        );
      } finally {
        await first.close();
      }
      const again = await startServe({ db, passwordIterations: 1000 });
      try {
        const { todos } = (await (await fetch(`${again.url}/api/test-todos`)).json()) as { todos: { title: string }[] };
        expect(todos.map((t) => t.title)).toEqual(["kept"]);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
