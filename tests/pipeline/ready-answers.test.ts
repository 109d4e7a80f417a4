// Answers kept ready for the next boot (mock/browser/ready-answers.ts): a GET is answered
// from them only when method, URL and token match and the data is at the version
// the answer was read at; never a write, an expired token, or a large answer.
import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import type { RawRequest, RawResponse } from "#mock/core/boundary";
import { ReadyAnswers, savedDataVersion } from "#mock/browser/ready-answers";
import { DexieStore } from "#mock/browser/dexie";

const token = (exp: number) => `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, "")}.sig`;
const get = (url: string, authorization?: string): RawRequest => ({
  method: "GET",
  url,
  headers: authorization ? { authorization } : {},
  body: "",
});
const ok = (body: unknown): RawResponse => ({
  status: 200,
  statusText: "OK",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const inAnHour = Math.floor(Date.now() / 1000) + 3600;

describe("answers kept ready", () => {
  it("answers the same GET at the same data version after a restart, and nothing else", async () => {
    const first = new ReadyAnswers();
    await first.load();
    const feed = get("http://127.0.0.1/api/posts?limit=20");
    first.keep(feed, ok({ posts: [1] }), 7);
    first.keep(get("/api/users/guest", token(inAnHour)), ok({ user: "guest" }), 7);
    first.keep({ ...feed, method: "POST" }, ok({ no: true }), 7);
    first.keep(get("/api/posts?limit=5"), { ...ok({}), status: 404 }, 7);
    first.keep(get("/api/big"), ok("x".repeat(600 * 1024)), 7);
    // keep() writes in the background: wait until a new session reads the feed's answer (the
    // writes land in order), not a fixed 50 ms that a busy machine can outrun.
    let next = new ReadyAnswers();
    await vi.waitFor(async () => {
      next = new ReadyAnswers();
      await next.load();
      expect(next.answer(get("/api/posts?limit=20"), 7)).not.toBeNull();
    });
    expect(JSON.parse(next.answer(get("/api/posts?limit=20"), 7)!.body)).toEqual({ posts: [1] });
    // Another version of the data, another query, no version at all: not answered.
    expect(next.answer(feed, 8)).toBeNull();
    expect(next.answer(get("/api/posts?limit=21"), 7)).toBeNull();
    expect(next.answer(feed, null)).toBeNull();
    // Writes, refusals and large answers were never kept.
    expect(next.answer({ ...feed, method: "POST" }, 7)).toBeNull();
    expect(next.answer(get("/api/posts?limit=5"), 7)).toBeNull();
    expect(next.answer(get("/api/big"), 7)).toBeNull();
    // The token is part of the question, and an expired one is left to the mock to refuse.
    expect(JSON.parse(next.answer(get("/api/users/guest", token(inAnHour)), 7)!.body)).toEqual({ user: "guest" });
    expect(next.answer(get("/api/users/guest", token(inAnHour + 1)), 7)).toBeNull();
    expect(next.answer(get("/api/users/guest", token(inAnHour)), 7, (inAnHour + 1) * 1000)).toBeNull();
    expect(next.answer(get("/api/users/guest"), 7)).toBeNull();
    await next.clear();
    expect(next.answer(feed, 7)).toBeNull();
  });

  it("reads the data version the mock's database holds, and null for none", async () => {
    expect(await savedDataVersion(indexedDB, "ready-answers-empty")).toBeNull();
    // Asking created nothing: the mock's own first open still finds no database.
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain("ready-answers-empty");
    const store = new DexieStore("ready-answers-versions");
    await store.replace({ users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] });
    const saved = await savedDataVersion(indexedDB, "ready-answers-versions");
    expect(saved).toBe(store.dataVersion);
    expect(saved).toBeGreaterThan(0);
    await store.close();
  });
});
