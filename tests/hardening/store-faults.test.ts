// Unit regressions for the store faults the hardening e2e found (vitest, node):
// a write the store refuses answers 507 and is rolled back in memory, a stored record of
// the wrong shape is refused whole, and an import must obey the API's rules.
import { IDBKeyRange, indexedDB } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { FormatError, parseExportFile } from "#mock/data/export-file";
import { createMock, type Mock } from "#mock/core/create-mock";
import { DexieStore } from "#mock/browser/dexie";
import { MemoryStore } from "#mock/store/memory";
import { StoreError, type ChangeSet, type Store } from "#mock/core/types";
import { ITERATIONS, addTodo, call, loginAsGuest, quotaSwitch } from "../store/helpers";
import { bigPng } from "../fixtures/images";

const quota = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");

/** A MemoryStore whose commits fail while `full` is set. */
class FullDiskStore extends MemoryStore {
  full = false;
  override async commit(changes: ChangeSet) {
    if (this.full) throw quota();
    return super.commit(changes);
  }
}

/** What the mock holds and what the store holds, in the same JSON. */
const sameAsStore = async (mock: Mock, store: Store) =>
  expect(JSON.parse(JSON.stringify(mock.exportData().data))).toEqual(JSON.parse(JSON.stringify(await store.load())));

describe("a full disk: never acknowledge what is not durable", () => {
  it("answers 507 with {errors} saying the change was not saved and why, and rolls it back in memory", async () => {
    const store = new FullDiskStore();
    const errors: unknown[] = [];
    const mock = await createMock({ store, passwordIterations: ITERATIONS, onStoreError: (e) => errors.push(e) });
    store.full = true;
    const first = await addTodo(mock, "written on a full disk");
    expect(first.status).toBe(507);
    expect(first.body).toEqual({ errors: [expect.stringMatching(/not saved.*quota has been exceeded/)] });
    expect(errors).toHaveLength(1);
    await sameAsStore(mock, store);
    const list = await call(mock, "GET", "/api/test-todos");
    expect((list.body.todos as { title: string }[]).map((t) => t.title)).not.toContain("written on a full disk");
    store.full = false;
    expect((await addTodo(mock, "written once there is room")).status).toBe(201);
    expect((await store.load())!.todos.map((t) => t.title)).toContain("written once there is room");
    expect((await store.load())!.todos.map((t) => t.title)).not.toContain("written on a full disk");
    await sameAsStore(mock, store);
  });

  it("rolls back changes in place, removals (to their old position) and new users, on every kind of write", async () => {
    const store = new FullDiskStore();
    const mock = await createMock({ store, passwordIterations: ITERATIONS, onStoreError: () => undefined });
    const token = await loginAsGuest(mock);
    const todo = (await addTodo(mock, "kept")).body.todos.at(-1)._id as string;
    await addTodo(mock, "after it");
    const own = (await call(mock, "POST", "/api/posts", { postData: { content: "mine" } }, token)).body.posts.at(-1)._id as string;
    await call(mock, "POST", "/api/posts", { postData: { content: "mine too, after it" } }, token);
    const posts = (await call(mock, "GET", "/api/posts")).body.posts as { _id: string }[];
    const before = JSON.stringify(mock.exportData().data);
    store.full = true;
    const refused = [
      await call(mock, "POST", `/api/posts/like/${posts[0]._id}`, undefined, token),
      await call(mock, "POST", `/api/comments/add/${posts[1]._id}`, { commentData: { comment: { commentVal: "hi" } } }, token),
      await call(mock, "DELETE", `/api/posts/${own}`, undefined, token),
      await call(mock, "DELETE", `/api/test-todos/${todo}`),
      await call(mock, "POST", "/api/users/edit", { userData: { firstName: "Renamed" } }, token),
      await call(mock, "POST", "/api/auth/signup", { username: "newbie", password: "secret12", firstName: "New" }),
    ];
    expect(refused.map((a) => a.status)).toEqual([507, 507, 507, 507, 507, 507]);
    expect(JSON.stringify(mock.exportData().data)).toBe(before);
    await sameAsStore(mock, store);
    // The answers agree with the store too: no cached JSON of a rolled-back change.
    const again = (await call(mock, "GET", "/api/posts")).body.posts as { _id: string }[];
    expect(again).toEqual(posts);
    store.full = false;
    // The refused signup left the username free.
    expect((await call(mock, "POST", "/api/auth/signup", { username: "newbie", password: "secret12", firstName: "New" })).status).toBe(201);
    await sameAsStore(mock, store);
  });

  it("rolls back photo records like any other: a refused new avatar, picture, post and delete leave the photos as saved", async () => {
    const store = new FullDiskStore();
    const mock = await createMock({ store, passwordIterations: ITERATIONS, onStoreError: () => undefined });
    const token = await loginAsGuest(mock);
    const big = (c: string) => bigPng(5000, c);
    await call(mock, "POST", "/api/users/edit", { userData: { userPhoto: big("A") } }, token);
    const own = (await call(mock, "POST", "/api/posts", { postData: { content: "pic", postPic: big("B") } }, token)).body.posts.at(-1);
    expect(mock.tables.photos.size).toBe(2);
    const before = JSON.stringify(mock.exportData().data);
    const answers = JSON.stringify((await call(mock, "GET", "/api/posts")).body);
    store.full = true;
    const refused = [
      await call(mock, "POST", "/api/users/edit", { userData: { userPhoto: big("C"), coverPhoto: big("D") } }, token),
      await call(mock, "POST", `/api/posts/edit/${own._id}`, { postData: { postPic: big("E") } }, token),
      await call(mock, "POST", "/api/posts", { postData: { content: "copy", postPic: own.postPic } }, token),
      await call(mock, "DELETE", `/api/posts/${own._id}`, undefined, token),
    ];
    expect(refused.map((a) => a.status)).toEqual([507, 507, 507, 507]);
    expect(JSON.stringify(mock.exportData().data)).toBe(before);
    await sameAsStore(mock, store);
    expect(JSON.stringify((await call(mock, "GET", "/api/posts")).body)).toBe(answers);
    const ref = (await call(mock, "GET", `/api/posts/${own._id}`)).body.post.postPic as string;
    const got = await mock.handle(new Request(`http://localhost${ref}`));
    expect(got.status).toBe(200);
    store.full = false;
    expect((await call(mock, "DELETE", `/api/posts/${own._id}`, undefined, token)).status).toBe(201);
    expect((await store.load())!.photos).toHaveLength(1);
    await sameAsStore(mock, store);
  });

  it("rolls back comments, their own records now: a refused add, edit, vote and delete, and a post deleted with its comments", async () => {
    const store = new FullDiskStore();
    const mock = await createMock({ store, passwordIterations: ITERATIONS, onStoreError: () => undefined });
    const token = await loginAsGuest(mock);
    const own = (await call(mock, "POST", "/api/posts", { postData: { content: "mine" } }, token)).body.posts.at(-1)._id as string;
    const other = ((await call(mock, "GET", "/api/posts")).body.posts as { _id: string }[])[0]._id;
    const comment = async (postId: string, text: string) =>
      (await call(mock, "POST", `/api/comments/add/${postId}`, { commentData: { commentVal: text } }, token)).body.posts.find(
        (p: { _id: string }) => p._id === postId,
      ).comments as { _id: string }[];
    await comment(own, "first on mine");
    await comment(other, "first on theirs");
    const [, second] = await comment(own, "second on mine");
    await comment(own, "third on mine");
    const before = JSON.stringify(mock.exportData().data);
    const answers = async () => [
      JSON.stringify((await call(mock, "GET", "/api/posts")).body),
      JSON.stringify((await call(mock, "GET", `/api/comments/${own}`)).body),
      JSON.stringify((await call(mock, "GET", `/api/comments/${own}?limit=2`)).body),
    ];
    const shown = await answers();
    store.full = true;
    const refused = [
      await call(mock, "POST", `/api/comments/add/${own}`, { commentData: { commentVal: "unsaved" } }, token),
      await call(mock, "POST", `/api/comments/edit/${own}/${second._id}`, { commentData: { commentVal: "unsaved edit" } }, token),
      await call(mock, "POST", `/api/comments/upvote/${own}/${second._id}`, undefined, token),
      await call(mock, "POST", `/api/comments/delete/${own}/${second._id}`, undefined, token),
      await call(mock, "DELETE", `/api/posts/${own}`, undefined, token),
    ];
    expect(refused.map((a) => a.status)).toEqual([507, 507, 507, 507, 507]);
    // Memory, the store, the post's comment index (in order) and the cached answers are as before.
    expect(JSON.stringify(mock.exportData().data)).toBe(before);
    await sameAsStore(mock, store);
    expect(await answers()).toEqual(shown);
    expect(mock.tables.comments.of(own).map((c) => c.commentVal)).toEqual(["first on mine", "second on mine", "third on mine"]);
    // The same request, refused by the rules (4xx) after nothing was written: nothing changes either.
    store.full = false;
    expect((await call(mock, "POST", `/api/comments/edit/${own}/${second._id}`, { commentData: {} }, token)).status).toBe(400);
    expect(JSON.stringify(mock.exportData().data)).toBe(before);
    // Once there is room, deleting the post takes its comments with it, in one change.
    const commits = store.commits;
    expect((await call(mock, "DELETE", `/api/posts/${own}`, undefined, token)).status).toBe(201);
    expect(store.commits).toBe(commits + 1);
    expect(mock.tables.comments.of(own)).toEqual([]);
    expect((await store.load())!.comments.map((c) => c.commentVal)).toEqual(["first on theirs"]);
    await sameAsStore(mock, store);
  });

  it("DexieStore: a refused write answers 507, leaves its version alone and is not in memory", async () => {
    const name = `moments-mock-faults-${process.pid}`;
    const store = new DexieStore(name, indexedDB, IDBKeyRange);
    const mock = await createMock({ store, passwordIterations: ITERATIONS, onStoreError: () => undefined });
    // Fail the next write transaction inside IndexedDB, as a QuotaExceededError would (reads still work).
    const quota = quotaSwitch(store, true);
    const refused = await addTodo(mock, "unsaved");
    expect(refused.status).toBe(507);
    expect(refused.body.errors[0]).toMatch(/not saved.*quota/);
    quota.on = false;
    expect(await store.changesSince()).toBeNull();
    const list = await call(mock, "GET", "/api/test-todos");
    expect((list.body as { todos: { title: string }[] }).todos.map((t) => t.title)).not.toContain("unsaved");
    await sameAsStore(mock, store);
    await mock.shutdown();
  });
});

describe("stored data of the wrong shape", () => {
  it("is refused whole with a StoreError naming the store and the record, and nothing is written", async () => {
    const store = new MemoryStore();
    const good = await createMock({ store, passwordIterations: ITERATIONS });
    await good.shutdown();
    const saved = (await store.load())!;
    (saved.posts as unknown[]).push({ _id: "broken", content: 42 });
    await store.replace(saved);
    const commits = store.commits;
    const boot = createMock({ store, passwordIterations: ITERATIONS });
    await expect(boot).rejects.toThrow(StoreError);
    await expect(boot).rejects.toThrow(/memory holds data this version cannot read \(posts\.6\./);
    expect(store.commits).toBe(commits);
    expect((await store.load())!.posts).toHaveLength(7);
  });
});

describe("an import file", () => {
  const exported = async () => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: ITERATIONS });
    return mock.exportData();
  };

  it("as exported, is accepted", async () => {
    const file = await exported();
    expect(parseExportFile(JSON.stringify(file)).data.posts).toHaveLength(file.data.posts.length);
  });

  it.each([
    [
      "a post over 210 characters",
      (f: any) => (f.data.posts[0].content = "x".repeat(211)),
      "data.posts.0.content: must be at most 210 characters",
    ],
    [
      "a 100 kB first name",
      (f: any) => (f.data.users[0].firstName = "A".repeat(100_000)),
      "data.users.0.firstName: must be at most 12 characters",
    ],
    [
      "a comment over 60",
      (f: any) => (f.data.comments = [{ ...f.data.comments[0], commentVal: "c".repeat(61) }]),
      "data.comments.0.commentVal: must be at most 60",
    ],
    [
      "a comment on no post",
      (f: any) => (f.data.comments[0].postId = "no-such-post"),
      "data.comments.0.postId: no post has id no-such-post",
    ],
    [
      "a javascript: avatar",
      (f: any) => (f.data.users[1].userPhoto = "javascript:alert(1)"),
      "data.users.1.userPhoto: must be an http(s) URL",
    ],
    [
      "a data:text/html post picture",
      (f: any) => (f.data.posts[2].postPic = "data:text/html,<script>alert(1)</script>"),
      "data.posts.2.postPic",
    ],
    ["a username no URL can reach", (f: any) => (f.data.users[2].username = "<script>"), "data.users.2.username"],
  ])("with %s, is refused with where it is wrong", async (_what, spoil, message) => {
    const file = await exported();
    if (!file.data.comments.length)
      file.data.comments = [
        {
          _id: "c",
          postId: file.data.posts[1]._id,
          commentVal: "hi",
          username: "guest",
          votes: { upvotedBy: [], downvotedBy: [] },
          createdAt: "",
          updatedAt: "",
        },
      ];
    spoil(file);
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(FormatError);
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(message);
  });
});
