// mock/core/unit-of-work.ts alone, over real tables on a stand-in for Mirage's db:
// track what a request changed, commit it, undo it (the tables exactly as before,
// order included), roll back what the store refused, settle, and rewrite the
// store whole when older data could not be written back at boot.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSnapshot } from "#mock/data/seed";
import { MemoryStore } from "#mock/store/memory";
import { createTables, snapshotOf, type Tables } from "#mock/data/tables";
import type { ChangeSet, PostRecord, Snapshot } from "#mock/core/types";
import { Tracker, UnitOfWork } from "#mock/core/unit-of-work";
import { commentView, postJson, postView } from "#mock/data/views";

/** What Mirage's db gives the tables: a live `_records` array per collection. */
function fakeMirageDb() {
  const _collections: { name: string; _records: unknown[] }[] = [];
  return { _collections, createCollection: (name: string) => void _collections.push({ name, _records: [] }) };
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
let seed: Snapshot;

async function setUp(options: { onStoreError?: (e: unknown) => void; onStoreRecovered?: () => void } = {}) {
  seed ??= await seedSnapshot(1000);
  const store = new MemoryStore();
  await store.replace(copy(seed));
  const tracker = new Tracker();
  const tables = createTables(fakeMirageDb(), tracker, { postView, postJson, commentView });
  const work = new UnitOfWork(store, tables, tracker, options);
  work.load((await store.load())!);
  return { store, tracker, tables, work };
}

/** One request's worth of changes: a new post, a changed one, a removed one, a changed user. */
let made = 0;
function change(tables: Tables) {
  const [first, second] = tables.posts.all();
  const fresh: PostRecord = { ...copy(first), _id: `new-post-${++made}`, content: "new" };
  tables.posts.insert(fresh);
  first.content = "changed";
  tables.posts.touch(first);
  tables.posts.remove(second._id);
  const user = tables.users.all()[0];
  user.firstName = "Renamed";
  tables.users.touch(user);
  return { fresh, first, second, user };
}

describe("UnitOfWork", () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  beforeEach(async () => {
    ctx = await setUp();
  });

  it("tracks what the tables were told, in insertion order, and nothing else", () => {
    const { tables, tracker, work } = ctx;
    expect(work.dirty).toBe(false);
    const { fresh, first, second, user } = change(tables);
    expect(work.dirty).toBe(true);
    const changes = tracker.changes(tables);
    expect(changes.posts?.put.map((p) => p._id)).toEqual([first._id, fresh._id]);
    expect(changes.posts?.remove).toEqual([second._id]);
    expect(changes.users?.put.map((u) => u._id)).toEqual([user._id]);
    expect(changes.comments).toBeUndefined();
  });

  it("commit: the store gets the change and holds what the tables hold; nothing is tracked after", async () => {
    const { tables, store, work } = ctx;
    const commit = vi.spyOn(store, "commit");
    change(tables);
    expect(await work.commit()).toBeNull();
    expect(commit).toHaveBeenCalledTimes(1);
    expect(work.dirty).toBe(false);
    expect(await store.load()).toEqual(copy(snapshotOf(tables)));
    // A commit with nothing changed asks nothing of the store.
    expect(await work.commit()).toBeNull();
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it("undo: the tables are exactly as before (records, order, lookups), and the store was never asked", async () => {
    const { tables, store, work } = ctx;
    const before = copy(snapshotOf(tables));
    const commit = vi.spyOn(store, "commit");
    const { fresh, second, user } = change(tables);
    await work.undo();
    expect(copy(snapshotOf(tables))).toEqual(before);
    expect(tables.posts.get(fresh._id)).toBeUndefined();
    expect(tables.posts.get(second._id)?._id).toBe(second._id);
    expect(tables.users.getUnique(user.username)?.firstName).not.toBe("Renamed");
    expect(commit).not.toHaveBeenCalled();
    expect(work.dirty).toBe(false);
  });

  it("undo also brings back the answers: no cached JSON of the undone change is left", async () => {
    const { tables, work } = ctx;
    const post = tables.posts.all()[0];
    const answer = tables.posts.jsonOf(post);
    post.content = "never saved";
    tables.posts.touch(post);
    expect(tables.posts.jsonOf(tables.posts.get(post._id)!)).toContain("never saved");
    await work.undo();
    expect(tables.posts.jsonOf(tables.posts.get(post._id)!)).toBe(answer);
  });

  it("a refused commit rolls back to exactly what the store holds, says why, and the next success says recovered", async () => {
    const onStoreError = vi.fn();
    const onStoreRecovered = vi.fn();
    const { tables, store, work } = await setUp({ onStoreError, onStoreRecovered });
    const before = copy(snapshotOf(tables));
    const full = new Error("disk full");
    const commit = vi.spyOn(store, "commit").mockRejectedValueOnce(full);
    change(tables);
    expect(await work.commit()).toBe(full);
    expect(onStoreError).toHaveBeenCalledWith(full);
    expect(copy(snapshotOf(tables))).toEqual(before);
    expect(work.dirty).toBe(false);
    // The next write lands, and the unsaved state is over.
    change(tables);
    expect(await work.commit()).toBeNull();
    expect(commit).toHaveBeenCalledTimes(2);
    expect(onStoreRecovered).toHaveBeenCalledTimes(1);
    expect(await store.load()).toEqual(copy(snapshotOf(tables)));
  });

  it("rolls back by reading the store whole when it cannot read single records", async () => {
    const { tables, store, work } = ctx;
    const before = copy(snapshotOf(tables));
    (store as { saved?: unknown }).saved = undefined;
    vi.spyOn(store, "commit").mockRejectedValueOnce(new Error("read-only"));
    change(tables);
    expect(await work.commit()).toBeInstanceOf(Error);
    expect(copy(snapshotOf(tables))).toEqual(before);
  });

  it("rewrite: the next write replaces the store whole (with its generation), once", async () => {
    const { tables, store, work } = ctx;
    const replace = vi.spyOn(store, "replace");
    const commit = vi.spyOn(store, "commit");
    work.rewrite = true;
    change(tables);
    expect(await work.commit()).toBeNull();
    expect(replace).toHaveBeenCalledTimes(1);
    expect(commit).not.toHaveBeenCalled();
    expect(work.rewrite).toBe(false);
    expect(await store.load()).toEqual(copy(snapshotOf(tables)));
    change(tables);
    await work.commit();
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it("settle: a removed record's place is forgotten once its request is settled", async () => {
    const { tables, work } = ctx;
    const [, second] = tables.posts.all();
    tables.posts.remove(second._id);
    await work.commit();
    // Put back after the request settled, the record comes back as a new one: at the end, not in its old place.
    tables.posts.restore(second._id, copy(second));
    expect(tables.posts.all().at(-1)?._id).toBe(second._id);
  });

  it("load: replaces every table and forgets what was tracked", () => {
    const { tables, work } = ctx;
    change(tables);
    const other = copy(seed);
    other.posts = other.posts.slice(0, 2);
    work.load(other);
    expect(work.dirty).toBe(false);
    expect(tables.posts.all().map((p) => p._id)).toEqual(other.posts.map((p) => p._id));
  });

  it("commits a change set the memory store applies to the same data the tables hold", async () => {
    const { tables, store, work } = ctx;
    let sent: ChangeSet | undefined;
    const real = store.commit.bind(store);
    vi.spyOn(store, "commit").mockImplementation(async (changes) => {
      sent = copy(changes);
      await real(changes);
    });
    change(tables);
    await work.commit();
    expect(Object.keys(sent ?? {}).sort()).toEqual(["posts", "users"]);
  });
});
