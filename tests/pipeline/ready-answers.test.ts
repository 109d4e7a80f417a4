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
      // Each answer is keyed by a hash first, so the two may land in either order: wait for both.
      expect(await next.answer(get("/api/posts?limit=20"), 7)).not.toBeNull();
      expect(await next.answer(get("/api/users/guest", token(inAnHour)), 7)).not.toBeNull();
    });
    expect(JSON.parse((await next.answer(get("/api/posts?limit=20"), 7))!.body)).toEqual({ posts: [1] });
    // Another version of the data, another query, no version at all: not answered.
    expect(await next.answer(feed, 8)).toBeNull();
    expect(await next.answer(get("/api/posts?limit=21"), 7)).toBeNull();
    expect(await next.answer(feed, null)).toBeNull();
    // Writes, refusals and large answers were never kept.
    expect(await next.answer({ ...feed, method: "POST" }, 7)).toBeNull();
    expect(await next.answer(get("/api/posts?limit=5"), 7)).toBeNull();
    expect(await next.answer(get("/api/big"), 7)).toBeNull();
    // The token is part of the question, and an expired one is left to the mock to refuse.
    expect(JSON.parse((await next.answer(get("/api/users/guest", token(inAnHour)), 7))!.body)).toEqual({ user: "guest" });
    expect(await next.answer(get("/api/users/guest", token(inAnHour + 1)), 7)).toBeNull();
    expect(await next.answer(get("/api/users/guest", token(inAnHour)), 7, (inAnHour + 1) * 1000)).toBeNull();
    expect(await next.answer(get("/api/users/guest"), 7)).toBeNull();
    await next.clear();
    expect(await next.answer(feed, 7)).toBeNull();
  });

  it("keeps no token at rest: rows are keyed by the token's SHA-256, and a logout's clear leaves none", async () => {
    const secret = token(inAnHour);
    const kept = new ReadyAnswers(indexedDB);
    await kept.load();
    kept.keep(get("/api/users/bookmark", secret), ok({ bookmarks: ["private"] }), 3);
    const rows = async () => {
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const opening = indexedDB.open("moments-ready-answers");
        opening.onsuccess = () => done(opening.result);
        opening.onerror = () => fail(opening.error);
      });
      const all = await new Promise<unknown[]>((done) => {
        const read = db.transaction("answers").objectStore("answers").getAll();
        read.onsuccess = () => done(read.result);
      });
      db.close();
      return all;
    };
    await vi.waitFor(async () => expect(JSON.stringify(await rows())).toContain("/api/users/bookmark"));
    const saved = JSON.stringify(await rows());
    expect(saved).toContain("/api/users/bookmark");
    expect(saved).not.toContain(secret);
    expect(saved).not.toContain(secret.split(".")[1]);
    expect(JSON.parse((await kept.answer(get("/api/users/bookmark", secret), 3))!.body)).toEqual({ bookmarks: ["private"] });
    await kept.clear();
    expect(JSON.stringify(await rows())).not.toContain("/api/users/bookmark");
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
