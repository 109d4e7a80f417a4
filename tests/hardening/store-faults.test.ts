// Unit regressions for the store faults the hardening e2e found (vitest, node):
// a failed commit neither drops the session nor is forgotten, a stored record of
// the wrong shape is refused whole, and an import must obey the API's rules.
import { IDBKeyRange, indexedDB } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { FormatError, parseExportFile } from "#mock/export-file";
import { createMock } from "#mock/server";
import { DexieStore } from "#mock/store/dexie";
import { MemoryStore } from "#mock/store/memory";
import { StoreError, type ChangeSet } from "#mock/types";
import { ITERATIONS, addTodo, call } from "../store/helpers";

const quota = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");

/** A MemoryStore whose commits fail while `full` is set. */
class FullDiskStore extends MemoryStore {
  full = false;
  override async commit(changes: ChangeSet) {
    if (this.full) throw quota();
    return super.commit(changes);
  }
}

describe("a full disk", () => {
  it("keeps the session, and writes what was unsaved with the next commit once there is room", async () => {
    const store = new FullDiskStore();
    const errors: unknown[] = [];
    const mock = await createMock({ store, passwordIterations: ITERATIONS, onStoreError: (e) => errors.push(e) });
    store.full = true;
    const first = await addTodo(mock, "written on a full disk");
    expect(first.status).toBe(201);
    expect(errors).toHaveLength(1);
    expect((await store.load())!.todos.map((t) => t.title)).not.toContain("written on a full disk");
    store.full = false;
    await addTodo(mock, "written once there is room");
    expect((await store.load())!.todos.map((t) => t.title)).toEqual(
      expect.arrayContaining(["written on a full disk", "written once there is room"]),
    );
  });

  it("DexieStore: a failed write leaves its version alone, so the next request does not reload the old data", async () => {
    const name = `moments-mock-faults-${process.pid}`;
    const store = new DexieStore(name, indexedDB, IDBKeyRange);
    const mock = await createMock({ store, passwordIterations: ITERATIONS, onStoreError: () => undefined });
    // Fail the next write transaction inside IndexedDB, as a QuotaExceededError would.
    const original = store.db.transaction.bind(store.db) as (...args: unknown[]) => Promise<unknown>;
    let fail = true;
    (store.db as unknown as { transaction: unknown }).transaction = (...args: unknown[]) => {
      const body = args[args.length - 1] as () => Promise<unknown>;
      return original(...args.slice(0, -1), async () => {
        const result = await body();
        if (fail) throw quota();
        return result;
      });
    };
    expect((await addTodo(mock, "unsaved")).status).toBe(201);
    fail = false;
    expect(await store.changedElsewhere()).toBeNull();
    const list = await call(mock, "GET", "/api/test-todos");
    expect((list.body as { todos: { title: string }[] }).todos.map((t) => t.title)).toContain("unsaved");
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
      (f: any) => (f.data.posts[0].comments = [{ ...f.data.posts[1].comments[0], commentVal: "c".repeat(61) }]),
      "commentVal: must be at most 60",
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
    if (!file.data.posts[1].comments.length)
      file.data.posts[1].comments = [
        { _id: "c", commentVal: "hi", username: "guest", votes: { upvotedBy: [], downvotedBy: [] }, createdAt: "", updatedAt: "" },
      ];
    spoil(file);
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(FormatError);
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(message);
  });
});
