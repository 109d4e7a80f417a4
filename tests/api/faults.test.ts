// Latency and fault injection: flags/header parsing, and the two promises an
// injected fault makes (a failure changes nothing; a delayed write is still
// serial and durable before it answers).
import { describe, expect, it } from "vitest";
import { delaySchema, failRateSchema, failStatusSchema, seededRandom, decide, NO_FAULTS } from "#mock/core/faults";
import { makeApi } from "./client";

describe("fault settings parsing", () => {
  it("reads a fixed delay and a range", () => {
    expect(delaySchema.parse("200")).toEqual({ min: 200, max: 200 });
    expect(delaySchema.parse("100-800")).toEqual({ min: 100, max: 800 });
  });
  it.each(["", "abc", "-5", "800-100", "70000", "1.5", "100-"])("refuses the delay %j", (bad) => {
    expect(delaySchema.safeParse(bad).success).toBe(false);
  });
  it("fail rate is 0..1 and status is 500 or 503", () => {
    expect(failRateSchema.parse("0.1")).toBe(0.1);
    expect(failRateSchema.safeParse("1.5").success).toBe(false);
    expect(failRateSchema.safeParse("x").success).toBe(false);
    expect(failStatusSchema.parse("503")).toBe(503);
    expect(failStatusSchema.safeParse("404").success).toBe(false);
  });
  it("a seeded generator makes the same requests fail every run", () => {
    const req = { method: "GET", url: "/api/posts", headers: {}, body: "" };
    const run = () => {
      const random = seededRandom(42);
      return Array.from({ length: 200 }, () => decide({ ...NO_FAULTS, failRate: 0.25, delay: { min: 100, max: 800 } }, req, random));
    };
    const a = run();
    expect(run()).toEqual(a);
    const failed = a.filter((d) => d.failStatus === 500).length;
    expect(failed).toBeGreaterThan(25);
    expect(failed).toBeLessThan(75);
    expect(a.every((d) => d.delayMs >= 100 && d.delayMs <= 800)).toBe(true);
    expect(new Set(a.map((d) => d.delayMs)).size).toBeGreaterThan(50);
  });
});

describe("injected faults on the dispatcher", () => {
  it("x-mockman-fail answers that status and the write never happens", async () => {
    const api = await makeApi();
    const token = await api.login("guest");
    const before = (await api.call("GET", "/api/posts")).body.posts.length;
    const commits = api.store.commits;
    const r = await api.call("POST", "/api/posts", {
      token,
      body: { postData: { content: "never" } },
      headers: { "x-mockman-fail": "503" },
    });
    expect(r.status).toBe(503);
    expect(r.body.errors[0]).toMatch(/Injected failure/);
    expect((await api.call("GET", "/api/posts")).body.posts.length).toBe(before);
    expect(api.store.commits).toBe(commits);
  });

  it("fail rate 1 fails every request, with the configured status, and changes nothing", async () => {
    const api = await makeApi();
    const token = await api.login("guest");
    const posts = (await api.call("GET", "/api/posts")).body.posts;
    api.mock.faults.set({ failRate: 1, failStatus: 500 });
    const r = await api.call("POST", `/api/posts/like/${posts[0]._id}`, { token });
    expect(r.status).toBe(500);
    // The header wins over the setting: 0 lets this one through.
    const after = await api.call("GET", "/api/posts", { headers: { "x-mockman-fail": "0" } });
    expect(after.status).toBe(200);
    expect(after.body.posts[0].likes.likeCount).toBe(posts[0].likes.likeCount);
  });

  it("a bad override header is a 400 that names it", async () => {
    const api = await makeApi();
    expect((await api.call("GET", "/api/posts", { headers: { "x-mockman-delay": "soon" } })).body.errors[0]).toMatch(/^x-mockman-delay:/);
    const r = await api.call("GET", "/api/posts", { headers: { "x-mockman-fail": "404" } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatch(/^x-mockman-fail:/);
  });

  it("delayed writes still run one at a time and are stored before they answer", async () => {
    const api = await makeApi();
    const token = await api.login("guest");
    const before = (await api.call("GET", "/api/posts")).body.posts.length;
    api.mock.faults.random = seededRandom(7);
    api.mock.faults.set({ delay: { min: 0, max: 30 } });
    const replies = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const r = await api.call("POST", "/api/posts", { token, body: { postData: { content: `delayed ${i}` } } });
        // Durable before it answers: the store already holds this post.
        const stored = (await api.store.load())!.posts.map((p) => p.content);
        return { status: r.status, stored: stored.includes(`delayed ${i}`) };
      }),
    );
    expect(replies.every((r) => r.status === 201 && r.stored)).toBe(true);
    api.mock.faults.set({ delay: null });
    const posts = (await api.call("GET", "/api/posts")).body.posts;
    expect(posts.length).toBe(before + 6);
    expect(new Set(posts.map((p: { _id: string }) => p._id)).size).toBe(posts.length);
  });
});

describe("an injected failure on HEAD", () => {
  it("has no body, as every HEAD answer (the fault is answered before the queue, the body rule after it)", async () => {
    const api = await makeApi();
    api.mock.faults.set({ failRate: 1, failStatus: 503 });
    const head = await api.mock.dispatch({ method: "HEAD", url: "/api/posts", headers: {}, body: "" });
    expect(head.status).toBe(503);
    expect(head.body).toBe("");
    const get = await api.mock.dispatch({ method: "GET", url: "/api/posts", headers: {}, body: "" });
    expect(JSON.parse(get.body).errors).toHaveLength(1);
    await api.mock.shutdown();
  });
});
