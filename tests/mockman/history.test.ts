import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import Dexie from "dexie";
import { HistoryStore, type HistoryEntry } from "#app/mockman/lib/history";

const entry = (n: number): HistoryEntry => ({ sentAt: n, method: "GET", endpoint: `/api/test-todos?n=${n}`, headers: [], bodyText: "{}" });
let store: HistoryStore;
let dbCount = 0;
const fresh = () => (store = new HistoryStore(`history-test-${++dbCount}`));

afterEach(() => store?.close());

describe("history store (its own IndexedDB database)", () => {
  it("lists newest first, one page at a time", async () => {
    fresh();
    for (const n of [1, 2, 3]) await store.add(entry(n));
    expect((await store.newest(2)).map((e) => e.sentAt)).toEqual([3, 2]);
    expect(await store.count()).toBe(3);
  });

  it("reads entries written with the body's text as `body` as every entry now holds it (`bodyText`)", async () => {
    const name = `history-test-${++dbCount}`;
    const old = new Dexie(name);
    old.version(1).stores({ entries: "++id" });
    await old.table("entries").bulkAdd([
      { sentAt: 1, method: "POST", endpoint: "/api/posts", headers: [], body: '{"text":"hi"}', status: 201 },
      { sentAt: 2, method: "GET", endpoint: "/api/posts", headers: [] },
    ]);
    old.close();
    store = new HistoryStore(name);
    const entries = await store.all();
    expect(entries.map((e) => e.bodyText)).toEqual(['{"text":"hi"}', ""]);
    expect(entries[0].status).toBe(201);
    // A tab still running the earlier code writes on meanwhile.
    const late = new Dexie(name);
    late.version(1).stores({ entries: "++id" });
    await late.table("entries").add({ sentAt: 3, method: "PUT", endpoint: "/api/posts/1", headers: [], body: "{}" });
    late.close();
    expect((await store.newest(1))[0].bodyText).toBe("{}");
    // An id another tab deleted reads as nothing, not as a failure (export and "to collection" ask by id).
    expect((await store.byIds([entries[0].id!, 999])).map((e) => e.sentAt)).toEqual([1]);
  });

  it("deletes one entry, or clears all", async () => {
    fresh();
    const ids = await Promise.all([1, 2, 3].map((n) => store.add(entry(n))));
    await store.remove(ids[1]);
    expect((await store.all()).map((e) => e.sentAt)).toEqual([1, 3]);
    await store.clear();
    expect(await store.count()).toBe(0);
  });

  it("an imported batch keeps its order, the last one newest; selections come back oldest first", async () => {
    fresh();
    await store.addMany([entry(10), entry(11), entry(12)]);
    const newest = await store.newest(3);
    expect(newest.map((e) => e.sentAt)).toEqual([12, 11, 10]);
    expect((await store.byIds([newest[0].id!, newest[2].id!])).map((e) => e.sentAt)).toEqual([10, 12]);
  });

  it("reads the newest page of 1,000 entries without reading them all", async () => {
    fresh();
    await store.addMany(Array.from({ length: 1000 }, (_, i) => entry(i)));
    // Counted, not timed (a time limit fails on a busy machine): the records IndexedDB hands
    // over, by getAll or one cursor step at a time.
    let read = 0;
    const { getAll } = IDBObjectStore.prototype;
    const { continue: step } = IDBCursor.prototype;
    IDBObjectStore.prototype.getAll = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore["getAll"]>) {
      const request = getAll.apply(this, args);
      request.addEventListener("success", () => (read += request.result.length));
      return request;
    };
    IDBCursor.prototype.continue = function (this: IDBCursor, key?: IDBValidKey) {
      read++;
      return step.call(this, key);
    };
    try {
      const page = await store.newest(50);
      expect(page).toHaveLength(50);
      expect(page[0].sentAt).toBe(999);
    } finally {
      IDBObjectStore.prototype.getAll = getAll;
      IDBCursor.prototype.continue = step;
    }
    expect(read).toBeGreaterThanOrEqual(50);
    expect(read).toBeLessThanOrEqual(51);
  });
});
