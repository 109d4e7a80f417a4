// The tables keep their answer caches themselves: a changed record marks itself,
// and a user's new name or photo drops what quotes it, with no call a handler must
// remember. Checked at the tables (a touch is all it takes) and through the API (a
// rename shows in every answer that quotes the user, cached or not).
import { describe, expect, it, vi } from "vitest";
import { seedSnapshot } from "#mock/data/seed";
import { createTables } from "#mock/data/tables";
import { Tracker } from "#mock/core/unit-of-work";
import { commentView, postJson, postView } from "#mock/data/views";
import { GUEST_POST_ID, SEED_POST, makeApi } from "../api/client";

function tablesWithSeed() {
  const _collections: { name: string; _records: unknown[] }[] = [];
  const db = { _collections, createCollection: (name: string) => void _collections.push({ name, _records: [] }) };
  const views = { postView: vi.fn(postView), postJson: vi.fn(postJson), commentView: vi.fn(commentView) };
  return { tables: createTables(db, new Tracker(), views), views };
}

describe("the tables' caches", () => {
  it("a touched post drops its own cached answer, and only its own", async () => {
    const { tables, views } = tablesWithSeed();
    (tables.posts as { load(r: unknown[]): void }).load((await seedSnapshot(1000)).posts);
    const [a, b] = tables.posts.all();
    tables.posts.jsonOf(a);
    tables.posts.jsonOf(b);
    views.postJson.mockClear();
    a.content = "edited";
    tables.posts.touch(a);
    expect(tables.posts.jsonOf(a)).toContain("edited");
    tables.posts.jsonOf(b);
    expect(views.postJson.mock.calls.map(([, post]) => post._id)).toEqual([a._id]);
  });

  it("a user's new name drops every post's cached answer; a change nobody quotes (bio) drops none", async () => {
    const { tables, views } = tablesWithSeed();
    const seed = await seedSnapshot(1000);
    tables.users.load(seed.users);
    (tables.posts as { load(r: unknown[]): void }).load(seed.posts);
    const post = tables.posts.all().find((p) => p.username === "guest")!;
    const guest = tables.users.getUnique("guest")!;
    const before = tables.posts.jsonOf(post);
    views.postJson.mockClear();
    guest.bio = "a new bio";
    tables.users.touch(guest);
    expect(tables.posts.jsonOf(post)).toBe(before);
    expect(views.postJson).not.toHaveBeenCalled();
    guest.firstName = "Renamed";
    tables.users.touch(guest);
    expect(tables.posts.jsonOf(post)).toContain('"firstName":"Renamed"');
    expect(views.postJson).toHaveBeenCalled();
  });
});

describe("a rename through the API", () => {
  it("shows in every answer that quotes the user: posts, paged posts, one post, comments, likes, followers", async () => {
    const api = await makeApi();
    const guest = await api.login("guest");
    const ada = await api.login("adasterling");
    await api.call("POST", `/api/comments/add/${SEED_POST}`, { token: guest, body: { commentData: { commentVal: "hello" } } });
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    await api.call("POST", "/api/users/follow/guest", { token: ada });
    const reads = [
      "/api/posts",
      "/api/posts?limit=100",
      `/api/posts/${GUEST_POST_ID}`,
      `/api/posts/${SEED_POST}`,
      `/api/comments/${SEED_POST}`,
      "/api/users/adasterling",
      "/api/users",
    ];
    // Read everything once, so every answer is cached before the rename.
    for (const path of reads) expect((await api.call("GET", path)).text, path).toContain('"username":"guest"');
    const photo = "https://example.com/new-face.png";
    const edit = await api.call("POST", "/api/users/edit", { token: guest, body: { userData: { firstName: "Gwen", userPhoto: photo } } });
    expect(edit.status, edit.text).toBe(201);
    for (const path of reads) {
      const r = await api.call("GET", path);
      const quotes = [
        ...r.text.matchAll(/\{"_id":"[^"]+","username":"guest","firstName":"([^"]*)","lastName":"[^"]*","userPhoto":"([^"]*)"/g),
      ];
      const authored = [...r.text.matchAll(/"username":"guest","firstName":"([^"]*)"/g)];
      expect(quotes.length + authored.length, path).toBeGreaterThan(0);
      for (const [, firstName, userPhoto] of quotes) expect([path, firstName, userPhoto]).toEqual([path, "Gwen", photo]);
      for (const [, firstName] of authored) expect([path, firstName]).toEqual([path, "Gwen"]);
      expect(r.text, path).not.toContain('"firstName":"Guest"');
    }
  });
});
