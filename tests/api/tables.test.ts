// The cached JSON of a whole table (per record, per block of positions, whole list)
// must always equal serializing the live records, whatever writes came in between.
import { describe, expect, it } from "vitest";
import type { CommentRecord, TodoRecord } from "#mock/core/types";
import { liveRecords } from "#mock/data/tables";
import { commentView, postView } from "#mock/data/views";
import { SEED_POST, makeApi } from "./client";

const todo = (i: number): TodoRecord => ({
  _id: `t${i}`,
  title: `todo ${i}`,
  done: false,
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
});

describe("whole-list JSON cache", () => {
  it("matches JSON.stringify of the records after inserts, edits, removals and loads across many blocks", async () => {
    const { mock } = await makeApi();
    const table = mock.tables.todos;
    let next = 0;
    let state = 12345;
    const random = (n: number) => (state = (state * 1103515245 + 12345) % 2 ** 31) % n;
    for (; next < 1500; next++) table.insert(todo(next));
    const check = () => expect(table.allJson()).toBe(JSON.stringify(table.all()));
    check();
    for (let round = 0; round < 60; round++) {
      const records = table.all();
      const op = random(5);
      if (op === 0) table.insert(todo(next++));
      else if (op === 1 && records.length) {
        const record = records[random(records.length)] as TodoRecord;
        record.title = `edited ${round}`;
        table.touch(record);
      } else if (op === 2 && records.length) table.remove(records[random(records.length)]._id);
      else if (op === 4 && records.length > 3) table.removeMany([records[random(records.length)]._id, records[random(records.length)]._id]);
      else if (op === 3) {
        // What another tab's write looks like: some records gone, new ones at the end.
        const kept = records.filter(() => random(10) > 0).map((r) => ({ ...r }));
        table.load([...kept, todo(next++), todo(next++)]);
      } else table.allJson();
      check();
    }
    const before = table.generation;
    table.load([...table.all()].reverse().map((r) => ({ ...r })));
    expect(table.generation).toBe(before + 1);
    check();
  });
});

describe("posts JSON cache with users joined in", () => {
  it("equals a fresh join after profile edits by authors, commenters, likers and voters", async () => {
    const api = await makeApi();
    const { mock } = api;
    const table = mock.tables.posts;
    const fresh = () => JSON.stringify(table.all().map((p) => postView(mock.tables, p)));
    const check = async () => {
      expect(table.allJson()).toBe(fresh());
      expect((await api.call("GET", "/api/posts")).text).toBe(`{"posts":${fresh()}}`);
      for (const p of table.all()) expect(table.jsonOf(p)).toBe(JSON.stringify(postView(mock.tables, p)));
    };
    const guest = await api.login("guest");
    const ada = await api.login("adasterling");
    // Enough posts for several 512-post blocks, so a stale block would show.
    for (let i = 0; i < 1100; i++) {
      await api.call("POST", "/api/posts", { token: i % 2 ? guest : ada, body: { postData: { content: `post ${i}` } } });
    }
    const last = table.all()[table.size - 1]._id;
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    await api.call("POST", `/api/comments/add/${last}`, { token: guest, body: { commentData: { commentVal: "hi" } } });
    const comment = api.mock.tables.comments.of(last)[0]._id;
    await api.call("POST", `/api/comments/upvote/${last}/${comment}`, { token: ada });
    await check();
    const edit = (token: string, userData: object) => api.call("POST", "/api/users/edit", { token, body: { userData } });
    expect((await edit(guest, { firstName: "Gus", userPhoto: "/seed/avatar-lena.svg" })).status).toBe(201);
    await check();
    expect(table.jsonOf(table.get(SEED_POST)!)).toContain('"firstName":"Gus"');
    expect((await edit(ada, { lastName: "Lovelace" })).status).toBe(201);
    await check();
    expect(table.jsonOf(table.get(last)!)).toContain('"lastName":"Lovelace"');
    // A bio is not quoted anywhere: the cache may stay, and must still be right.
    expect((await edit(guest, { bio: "new bio" })).status).toBe(201);
    await check();
    // A few hundred requests and full re-serializations: ~5 s alone, ~40 s on a loaded 2-core machine.
  }, 120_000);
});

describe("posts JSON cache and a new user", () => {
  it("a post whose author was not in the data shows the names of the user who signs up with that username", async () => {
    const api = await makeApi();
    const file = api.mock.exportData();
    file.data.posts[0].username = "newcomer";
    await api.mock.importData(file);
    const first = () => api.call("GET", "/api/posts").then((r) => r.body.posts[0]);
    expect(await first()).toMatchObject({ username: "newcomer", firstName: "", lastName: "", userPhoto: "" });
    await api.signup("newcomer", { lastName: "Here", userPhoto: "/seed/avatar-lena.svg" });
    expect(await first()).toMatchObject({ username: "newcomer", firstName: "Test", lastName: "Here", userPhoto: "/seed/avatar-lena.svg" });
  });
});

describe("the one reach past Mirage's public API (mock/data/tables.ts liveRecords)", () => {
  it("Mirage still keeps each collection's records in the live `_records` array the tables index", async () => {
    const { Server } = await import("miragejs");
    const server = new Server({ environment: "test", routes() {} });
    try {
      server.db.createCollection("things");
      const live = liveRecords<{ id: string; name: string }>(server.db, "things");
      server.db.things.insert({ name: "inserted through Mirage's public API" });
      expect(live.map((r) => r.name)).toEqual(["inserted through Mirage's public API"]);
      live.push({ id: "2", name: "pushed into the live array" });
      expect(server.db.things.find("2")).toMatchObject({ name: "pushed into the live array" });
      expect(() => liveRecords(server.db, "missing")).toThrow("this Mirage version does not fit mock/data/tables.ts");
    } finally {
      server.shutdown();
    }
  });
});

describe("a post's comments (the comments table's index)", () => {
  const comment = (i: number, postId: string): CommentRecord => ({
    _id: `c${i}`,
    postId,
    commentVal: `comment ${i}`,
    username: "guest",
    votes: { upvotedBy: [], downvotedBy: [] },
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
  });

  it("follows inserts, removals, a post's removal, restores and loads, each post's comments in insertion order", async () => {
    const { mock } = await makeApi();
    const table = mock.tables.comments;
    const posts = ["p0", "p1", "p2"];
    for (let i = 0; i < 600; i++) table.insert(comment(i, posts[i % 3]));
    // What a scan of the whole table finds: the index must always agree.
    const check = () => {
      for (const p of posts)
        expect(table.of(p).map((c) => c._id)).toEqual(
          table
            .all()
            .filter((c) => c.postId === p)
            .map((c) => c._id),
        );
      // The cached JSON is each comment's answer (as long threads join it), kept in step too.
      expect(table.allJson()).toBe(JSON.stringify(table.all().map((c) => commentView(mock.tables, c))));
    };
    check();
    table.remove("c3");
    table.remove("c4");
    check();
    // A refused write puts them back where they were, as the store holds them.
    table.restore("c4", comment(4, "p1"));
    table.restore("c3", comment(3, "p0"));
    check();
    expect(
      table
        .of("p0")
        .slice(0, 3)
        .map((c) => c._id),
    ).toEqual(["c0", "c3", "c6"]);
    table.removeOf("p1");
    expect(table.of("p1")).toEqual([]);
    expect(table.size).toBe(400);
    check();
    table.restore("c7", comment(7, "p1"));
    table.restore("c1", comment(1, "p1"));
    expect(table.of("p1").map((c) => c._id)).toEqual(["c1", "c7"]);
    check();
    table.settle();
    table.load(table.all().filter((c) => c.postId !== "p2"));
    expect(table.of("p2")).toEqual([]);
    check();
  });
});
