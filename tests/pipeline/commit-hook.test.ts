// The unit of work's one hook (onCommit, mock/core/unit-of-work.ts): a feature that
// keeps something derived from the saved data (the search index) hears exactly what
// was saved, in order (a request's commit, another tab's commits), and every whole
// load; nothing of a request that was undone or that the store refused.
import { describe, expect, it, vi } from "vitest";
import { seedSnapshot } from "#mock/data/seed";
import { MemoryStore } from "#mock/store/memory";
import { createTables } from "#mock/data/tables";
import type { ChangeSet, Snapshot } from "#mock/core/types";
import { Tracker, UnitOfWork, type CommitListener } from "#mock/core/unit-of-work";
import { commentView, postJson, postView } from "#mock/data/views";
import { makeApi } from "../api/client";

function fakeMirageDb() {
  const _collections: { name: string; _records: unknown[] }[] = [];
  return { _collections, createCollection: (name: string) => void _collections.push({ name, _records: [] }) };
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
let seed: Snapshot;

async function setUp() {
  seed ??= await seedSnapshot(1000);
  const store = new MemoryStore();
  await store.replace(copy(seed));
  const tracker = new Tracker();
  const tables = createTables(fakeMirageDb(), tracker, { postView, postJson, commentView });
  const work = new UnitOfWork(store, tables, tracker);
  const heard: string[] = [];
  const listener: CommitListener = {
    saved: (changes) => heard.push(`saved ${Object.keys(changes).sort().join(",")}`),
    loaded: () => heard.push("loaded"),
  };
  work.onCommit(listener);
  work.load((await store.load())!);
  return { store, tables, work, heard };
}

/** A request's change: one post's content. */
function touchPost(tables: Awaited<ReturnType<typeof setUp>>["tables"], content: string) {
  const post = tables.posts.all()[0];
  post.content = content;
  tables.posts.touch(post);
  return post;
}

describe("the unit of work's commit hook", () => {
  it("tells each listener of every load and of every saved change set, and of nothing undone or refused", async () => {
    const { store, tables, work, heard } = await setUp();
    expect(heard).toEqual(["loaded"]);

    const post = touchPost(tables, "saved text");
    await work.commit();
    expect(heard).toEqual(["loaded", "saved posts"]);

    touchPost(tables, "undone text");
    await work.undo();
    vi.spyOn(store, "commit").mockRejectedValueOnce(new Error("disk full"));
    touchPost(tables, "refused text");
    expect(await work.commit()).toBeInstanceOf(Error);
    // A commit with nothing changed says nothing either.
    await work.commit();
    expect(heard).toEqual(["loaded", "saved posts"]);

    // Another tab's commits, one by one, as saved change sets.
    const remote: ChangeSet[] = [
      { posts: { put: [{ ...copy(post), content: "from another tab" }], remove: [] } } as ChangeSet,
      { users: { put: [], remove: [tables.users.all()[0]._id] } } as ChangeSet,
    ];
    work.applyRemote(remote);
    expect(heard).toEqual(["loaded", "saved posts", "saved posts", "saved users"]);
  });

  it("is how the mock's search index hears the data: saved writes are indexed, a load drops it", async () => {
    const api = await makeApi();
    const { search } = api.mock;
    const index = search.index();
    expect(search.ready).toBe(true);
    const guest = await api.login("guest");
    expect(index.posts.list("zebracorn")).toEqual([]);
    expect((await api.call("POST", "/api/posts", { token: guest, body: { postData: { content: "a zebracorn" } } })).status).toBe(201);
    // The same index, kept in step through the hook, not built again.
    expect(search.index()).toBe(index);
    expect(index.posts.list("zebracorn")).toHaveLength(1);

    await api.mock.reset();
    expect(search.ready).toBe(false);
    expect(search.index().posts.list("zebracorn")).toEqual([]);
  });
});
