// Paging cursors across restarts and imports (issue 21): a cursor carries the
// store's generation, which a reordering import changes and every store keeps
// (file, IndexedDB, memory). So a cursor from before such an import is a 400 as
// the README says, after a restart too; and after a plain restart a cursor finds
// its place by its post, or is a 400 when that post is gone, never positions read
// in other data.
import { IDBKeyRange, indexedDB } from "fake-indexeddb";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMock, type Mock } from "#mock/core/create-mock";
import { FileStore } from "#mock/node/file-store";
import { DexieStore } from "#mock/browser/dexie";
import { MemoryStore } from "#mock/store/memory";
import type { Store } from "#mock/core/types";
import { ITERATIONS, call, loginAsGuest, tempDir } from "../store/helpers";

let counter = 0;

/** Each kind of store, opened afresh on the same data as a restarted process would. */
const STORES: Array<[string, () => Promise<() => Store>]> = [
  [
    "memory",
    async () => {
      const store = new MemoryStore();
      return () => store;
    },
  ],
  [
    "file",
    async () => {
      const file = join(await tempDir(), "db.json");
      return () => new FileStore(file);
    },
  ],
  [
    "IndexedDB",
    async () => {
      const name = `moments-cursor-test-${process.pid}-${++counter}`;
      return () => new DexieStore(name, indexedDB, IDBKeyRange);
    },
  ],
];

const open = (store: Store) => createMock({ store, passwordIterations: ITERATIONS });
const ids = (posts: { _id: string }[]) => posts.map((p) => p._id);

async function addPosts(mock: Mock, n: number) {
  const token = await loginAsGuest(mock);
  for (let i = 0; i < n; i++) {
    const r = await call(mock, "POST", "/api/posts", { postData: { content: `post ${i}` } }, token);
    expect(r.status).toBe(201);
  }
  return token;
}

describe.each(STORES)("cursors on the %s store", (_, make) => {
  it("survive a restart: the next page is the one after, by the cursor's post", async () => {
    const storeFor = await make();
    let mock = await open(storeFor());
    await addPosts(mock, 10);
    const all = ids((await call(mock, "GET", "/api/posts")).body.posts).reverse();
    const first = await call(mock, "GET", "/api/posts?limit=4");
    await mock.shutdown();

    mock = await open(storeFor());
    const second = await call(mock, "GET", `/api/posts?limit=4&cursor=${first.body.next}`);
    expect(second.status).toBe(200);
    expect(ids(second.body.posts)).toEqual(all.slice(4, 8));
    await mock.shutdown();
  });

  it("after a restart, a cursor whose post was deleted is a 400, not positions read in other data", async () => {
    const storeFor = await make();
    let mock = await open(storeFor());
    const token = await addPosts(mock, 10);
    const first = await call(mock, "GET", "/api/posts?limit=4");
    const gone = first.body.posts[3]._id;
    expect((await call(mock, "DELETE", `/api/posts/${gone}`, undefined, token)).status).toBe(201);
    // In the same process the deleted post still marks its place.
    expect((await call(mock, "GET", `/api/posts?limit=4&cursor=${first.body.next}`)).status).toBe(200);
    await mock.shutdown();

    mock = await open(storeFor());
    const after = await call(mock, "GET", `/api/posts?limit=4&cursor=${first.body.next}`);
    expect(after.status).toBe(400);
    expect(after.body.errors[0]).toMatch(/^cursor is not valid: its item is gone and the server restarted since/);
    await mock.shutdown();
  });

  it("a cursor from before an import that reorders the posts is a 400, before and after a restart", async () => {
    const storeFor = await make();
    let mock = await open(storeFor());
    await addPosts(mock, 10);
    const first = await call(mock, "GET", "/api/posts?limit=4");
    const second = await call(mock, "GET", `/api/posts?limit=4&cursor=${first.body.next}`);
    // The same posts in another order: every post of the cursors is still there.
    const file = mock.exportData();
    file.data.posts.reverse();
    await mock.importData(file);
    for (const cursor of [first.body.next, second.body.next]) {
      const r = await call(mock, "GET", `/api/posts?limit=4&cursor=${cursor}`);
      expect(r.status).toBe(400);
      expect(r.body.errors[0]).toMatch(/^cursor is not valid: the list was replaced since/);
    }
    await mock.shutdown();

    mock = await open(storeFor());
    expect((await call(mock, "GET", `/api/posts?limit=4&cursor=${first.body.next}`)).status).toBe(400);
    // A fresh start pages the imported order.
    const fresh = await call(mock, "GET", "/api/posts?limit=4");
    expect(fresh.status).toBe(200);
    expect((await call(mock, "GET", `/api/posts?limit=4&cursor=${fresh.body.next}`)).status).toBe(200);
    await mock.shutdown();
  });

  it("an import that keeps the order keeps cursors", async () => {
    const storeFor = await make();
    const mock = await open(storeFor());
    await addPosts(mock, 6);
    const all = ids((await call(mock, "GET", "/api/posts")).body.posts).reverse();
    const first = await call(mock, "GET", "/api/posts?limit=3");
    await mock.importData(mock.exportData());
    const next = await call(mock, "GET", `/api/posts?limit=3&cursor=${first.body.next}`);
    expect(ids(next.body.posts)).toEqual(all.slice(3, 6));
    await mock.shutdown();
  });
});
