// The browser store's layout (chunks plus a journal), through fake-indexeddb: round
// trips, folds that keep every record in order, refused writes, two tabs on one
// database, and the upgrade from schema 4 (one row per record).
import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { FORMAT_VERSION } from "#mock/data/data-format";
import { applyChanges } from "#mock/store/apply";
import { DexieStore } from "#mock/browser/dexie";
import { CHUNK_RECORDS, FOLD_ENTRIES } from "#mock/browser/dexie-chunks";
import type { ChangeSet, CollectionName, Snapshot } from "#mock/core/types";
import { COLLECTIONS } from "#mock/core/types";
import { quotaSwitch } from "./helpers";

type Rec = { _id: string; v: number; text?: string };
const empty = (): Snapshot => Object.fromEntries(COLLECTIONS.map((c) => [c, []])) as unknown as Snapshot;
const records = (prefix: string, n: number): Rec[] => Array.from({ length: n }, (_, i) => ({ _id: `${prefix}${i}`, v: 0 }));

/** Synthetic records: the store keeps any record with an _id, so sizes need no seed. */
function data(posts = CHUNK_RECORDS * 2 + 500): Snapshot {
  const snapshot = empty();
  (snapshot.posts as unknown as Rec[]) = records("p", posts);
  (snapshot.users as unknown as Rec[]) = records("u", 30);
  (snapshot.comments as unknown as Rec[]) = records("c", 700);
  return snapshot;
}

/** A deterministic mix of edits, appends, removals and re-adds, with its result on a plain copy. */
function changesFor(seed: number, reference: Snapshot, count: number): ChangeSet[] {
  let x = seed;
  const rand = (n: number) => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % n);
  const out: ChangeSet[] = [];
  for (let i = 0; i < count; i++) {
    const c: CollectionName = (["posts", "comments", "todos"] as const)[rand(3)];
    const list = reference[c] as unknown as Rec[];
    const change = { put: [] as Rec[], remove: [] as string[] };
    const kind = rand(10);
    if (kind < 5 && list.length) {
      const r = list[rand(list.length)];
      change.put.push({ ...r, v: r.v + 1 });
    } else if (kind < 8) change.put.push({ _id: `${c}-new-${seed}-${i}`, v: i, text: "x".repeat(rand(200)) });
    else if (list.length) change.remove.push(list[rand(list.length)]._id);
    const set: ChangeSet = { [c]: change } as ChangeSet;
    applyChanges(reference, structuredClone(set));
    out.push(set);
    // Now and then a removed id comes back in the next commit: it goes last.
    if (kind === 9 && change.remove.length) {
      const back: ChangeSet = { [c]: { put: [{ _id: change.remove[0], v: -1 }], remove: [] } } as ChangeSet;
      applyChanges(reference, structuredClone(back));
      out.push(back);
    }
  }
  return out;
}

const open = (name: string, idb: IDBFactory) => new DexieStore(name, idb, IDBKeyRange);
const chunkCount = async (store: DexieStore) => store.db.table("chunks").count();
const journalCount = async (store: DexieStore) => store.db.table("journal").count();

describe("DexieStore chunks and journal", () => {
  it("round-trips a replace, keeps commits across a reopen, and folds without losing a record or its place", async () => {
    const idb = new IDBFactory();
    const store = open("round", idb);
    expect(await store.load()).toBeNull();
    const reference = data();
    await store.replace(structuredClone(reference), 7);
    // 4,500 posts in 3 chunks, comments and users in one each: rows, not records.
    expect(await chunkCount(store)).toBe(5);
    expect(await store.load()).toEqual(reference);

    const changes = changesFor(1, reference, FOLD_ENTRIES / 2);
    for (const set of changes) await store.commit(structuredClone(set));
    await store.close();
    const again = open("round", idb);
    expect(await again.load()).toEqual(reference);
    expect(again.generation()).toBe(7);
    expect(again.holdsCurrentFormat()).toBe(true);
    expect(await journalCount(again)).toBe(changes.length);

    // Past the threshold a fold runs after the commit that crossed it.
    for (const set of changesFor(2, reference, FOLD_ENTRIES / 2 + 40)) await again.commit(structuredClone(set));
    await again.close();
    const folded = open("round", idb);
    expect(await journalCount(folded)).toBeLessThan(100);
    expect(await folded.load()).toEqual(reference);
    // Appends past a full chunk open new ones; a fold of what is left of the journal keeps order too.
    const many: ChangeSet = { posts: { put: records("late", CHUNK_RECORDS + 10) as never, remove: ["p0", "p2100"] } };
    applyChanges(reference, structuredClone(many));
    await folded.commit(structuredClone(many));
    await folded.fold();
    expect(await journalCount(folded)).toBe(0);
    expect(await folded.load()).toEqual(reference);
    expect(await folded.saved("posts", ["p0", "p1", "late5"])).toEqual([undefined, reference.posts[0], { _id: "late5", v: 0 }]);
    expect(folded.generation()).toBe(7);
    await folded.close();
    const last = open("round", idb);
    expect(await last.load()).toEqual(reference);
    await last.close();
  });

  it("reports a replace's progress as it packs and writes, up to the whole", async () => {
    const store = open("progress", new IDBFactory());
    const steps: [number, number][] = [];
    const whole = data(CHUNK_RECORDS * 20);
    await store.replace(whole, 0, (done, total) => steps.push([done, total]));
    const total = 2 * COLLECTIONS.reduce((n, c) => n + whole[c].length, 0);
    // Several steps, never back, all of the same whole, ending there.
    expect(new Set(steps.map(([d]) => d)).size).toBeGreaterThan(4);
    expect(steps.every(([, t]) => t === total)).toBe(true);
    expect(steps.every(([d], i) => i === 0 || d >= steps[i - 1][0])).toBe(true);
    expect(steps.at(-1)![0]).toBe(total);
    expect((await store.load())!.posts).toHaveLength(whole.posts.length);
    await store.close();
  });

  it("saved() reads records from the chunks and the journal alike", async () => {
    const idb = new IDBFactory();
    const store = open("saved", idb);
    await store.replace(data());
    await store.commit({
      posts: {
        put: [
          { _id: "p5", v: 9 },
          { _id: "new", v: 1 },
        ] as never,
        remove: ["p6"],
      },
    });
    expect(await store.saved("posts", ["p5", "new", "p6", "p7", "none"])).toEqual([
      { _id: "p5", v: 9 },
      { _id: "new", v: 1 },
      undefined,
      { _id: "p7", v: 0 },
      undefined,
    ]);
    await store.close();
  });

  it("a refused write (quota) or a refused fold leaves the store as it was", async () => {
    const idb = new IDBFactory();
    const store = open("quota", idb);
    const reference = data();
    await store.replace(structuredClone(reference));
    const quota = quotaSwitch(store);
    const changes = changesFor(3, reference, 20);
    for (const set of changes) await store.commit(structuredClone(set));
    quota.on = true;
    await expect(store.commit({ posts: { put: [{ _id: "lost", v: 1 }] as never, remove: ["p1"] } })).rejects.toThrow(/quota/);
    await expect(store.fold()).rejects.toThrow(/quota/);
    expect(await store.changesSince()).toBeNull();
    expect(await store.load()).toEqual(reference);
    quota.on = false;
    await store.fold();
    expect(await store.load()).toEqual(reference);
    await store.close();
  });

  it("two tabs: one commits, the other catches up from the journal, or whole once a fold passed it", async () => {
    const idb = new IDBFactory();
    const a = open("tabs", idb);
    const b = open("tabs", idb);
    const reference = data();
    await a.replace(structuredClone(reference));
    expect(await b.load()).toEqual(reference);
    expect(await b.changesSince()).toBeNull();

    const first = changesFor(4, reference, 5);
    for (const set of first) await a.commit(structuredClone(set));
    expect(await b.changesSince()).toEqual(first);
    expect(await b.changesSince()).toBeNull();
    const second = changesFor(5, reference, 3);
    for (const set of second) await a.commit(structuredClone(set));
    expect(await b.changesSince()).toEqual(second);
    expect(await b.changesSince()).toBeNull();

    // A folds what B has seen and more: B's copy of the journal is gone, so it reads everything.
    const third = changesFor(6, reference, 4);
    for (const set of third) await a.commit(structuredClone(set));
    await a.fold();
    expect(await b.changesSince()).toEqual(reference);
    // A folds only what B has seen: B catches up with nothing, but its chunk index is stale;
    // its own fold reads it again and puts records where they are.
    const fourth = changesFor(7, reference, 30);
    for (const set of fourth) await a.commit(structuredClone(set));
    expect(await b.changesSince()).toEqual(fourth);
    await a.fold();
    expect(await b.changesSince()).toBeNull();
    const fifth = changesFor(8, reference, 30);
    for (const set of fifth) await b.commit(structuredClone(set));
    await b.fold();
    expect(await a.changesSince()).toEqual(reference);
    expect(await open("tabs", idb).load()).toEqual(reference);
    await a.close();
    await b.close();
  });

  it("upgrades a schema-4 database (one row per record) in place: every record in order, the marks kept", async () => {
    const idb = new IDBFactory();
    // Written the way version 4's DexieStore wrote it.
    const old = new Dexie("v4", { indexedDB: idb, IDBKeyRange });
    old.version(1).stores({ users: "id, seq", posts: "id, seq", todos: "id, seq", meta: "key" });
    old.version(2).stores({ comments: "id, seq" });
    old.version(3).stores({ photos: "id, seq" });
    old.version(4).stores({ notifications: "id, seq" });
    const reference = data(CHUNK_RECORDS * 3 + 7);
    (reference.todos as unknown as Rec[]) = records("t", 3);
    for (const c of COLLECTIONS) {
      const list = reference[c] as unknown as Rec[];
      // Keys out of insertion order, and gaps in seq (deleted rows): seq decides.
      const rows = list.map((data, i) => ({ id: data._id, seq: i * 2 + 1, data }));
      await old.table(c).bulkAdd(rows.slice().reverse());
    }
    await old.table("meta").bulkPut([
      { key: "seeded", at: "2026-01-01T00:00:00.000Z" },
      { key: "version", value: 41 },
      { key: "format", value: FORMAT_VERSION },
      { key: "generation", value: 3 },
    ]);
    old.close();

    const store = open("v4", idb);
    expect(await store.load()).toEqual(reference);
    expect(store.db.verno).toBe(5);
    expect(store.db.tables.map((t) => t.name).sort()).toEqual(["chunks", "journal", "meta"]);
    expect(store.generation()).toBe(3);
    expect(store.holdsCurrentFormat()).toBe(true);
    // 6,007 posts in 4 chunks, and one chunk each for users, comments and todos.
    expect(await chunkCount(store)).toBe(7);
    // It goes on from there: a commit, a fold, a reopen.
    const changes = changesFor(9, reference, 50);
    for (const set of changes) await store.commit(structuredClone(set));
    await store.fold();
    await store.close();
    const again = open("v4", idb);
    expect(await again.load()).toEqual(reference);
    await again.close();
  });
});
