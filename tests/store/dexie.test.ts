// The browser's store, through fake-indexeddb: what a request changed survives a
// reboot, and a commit writes exactly the rows that changed.
import type { DBCore, DBCoreMutateRequest } from "dexie";
import { IDBKeyRange, indexedDB } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { createMock } from "#mock/core/create-mock";
import { DexieStore } from "#mock/browser/dexie";
import type { TodoRecord } from "#mock/core/types";
import { ITERATIONS, addTodo, call, loginAsGuest } from "./helpers";

let counter = 0;
const freshName = () => `moments-mock-test-${process.pid}-${++counter}`;

function spiedStore(name: string) {
  const store = new DexieStore(name, indexedDB, IDBKeyRange);
  const writes: { table: string; type: string; keys: string[] }[] = [];
  store.db.use({
    stack: "dbcore",
    name: "write-spy",
    create: (down: DBCore): DBCore => ({
      ...down,
      table(tableName) {
        const table = down.table(tableName);
        return {
          ...table,
          mutate(req: DBCoreMutateRequest) {
            const keys =
              req.type === "delete"
                ? (req.keys as string[])
                : req.type === "deleteRange"
                  ? ["<range>"]
                  : (req.values as { key?: string; version?: number }[]).map((v) => String(v.key ?? v.version ?? "?"));
            writes.push({ table: tableName, type: req.type, keys });
            return table.mutate(req);
          },
        };
      },
    }),
  });
  return { store, writes };
}

const boot = (store: DexieStore) => createMock({ store, passwordIterations: ITERATIONS });

describe("DexieStore (fake-indexeddb)", () => {
  it("knows when its data is in the current format, so boot skips the scan for older records", async () => {
    const name = freshName();
    // Seeded by boot (replace): current at once.
    await (await boot(new DexieStore(name, indexedDB, IDBKeyRange))).shutdown();
    const seeded = new DexieStore(name, indexedDB, IDBKeyRange);
    await seeded.load();
    expect(seeded.holdsCurrentFormat()).toBe(true);
    // Data an older build left, with no format noted and a copy an old post carried: scanned, converted, noted.
    await seeded.db.table("meta").delete("format");
    const chunk = await seeded.db.table("chunks").get(["posts", 0]);
    const records = JSON.parse(chunk.json);
    const first = records[0];
    records[0] = { ...first, firstName: "Copied" };
    await seeded.db.table("chunks").put({ ...chunk, json: JSON.stringify(records) });
    await seeded.close();
    const old = new DexieStore(name, indexedDB, IDBKeyRange);
    const mock = await boot(old);
    expect(old.holdsCurrentFormat()).toBe(true);
    expect((await old.saved("posts", [first._id]))[0]).not.toHaveProperty("firstName");
    await mock.shutdown();
    // Current data with no format noted (written before the note existed): scanned once, then noted.
    const unnoted = new DexieStore(name, indexedDB, IDBKeyRange);
    await unnoted.load();
    await unnoted.db.table("meta").delete("format");
    await unnoted.close();
    const again = new DexieStore(name, indexedDB, IDBKeyRange);
    await (await boot(again)).shutdown();
    const after = new DexieStore(name, indexedDB, IDBKeyRange);
    await after.load();
    expect(after.holdsCurrentFormat()).toBe(true);
    await after.close();
  });

  it("keeps what a request changed: a new mock on a new DexieStore with the same name sees it", async () => {
    const name = freshName();
    const first = await boot(new DexieStore(name, indexedDB, IDBKeyRange));
    const token = await loginAsGuest(first);
    const { body } = await call(first, "GET", "/api/posts");
    const order = body.posts.map((p: { _id: string }) => p._id);
    const owned = body.posts.find((p: { username: string }) => p.username === "guest");
    const post = body.posts.find((p: { username: string }) => p.username !== "guest");
    expect(owned).toBeDefined();
    expect((await call(first, "POST", `/api/posts/like/${post._id}`, undefined, token)).status).toBe(201);
    expect((await addTodo(first, "from the first boot")).status).toBe(201);
    expect((await call(first, "DELETE", `/api/posts/${owned._id}`, undefined, token)).status).toBe(201);
    await first.shutdown();

    const second = await boot(new DexieStore(name, indexedDB, IDBKeyRange));
    const after = (await call(second, "GET", "/api/posts")).body.posts;
    expect(after.find((p: { _id: string }) => p._id === post._id).likes.likeCount).toBe(post.likes.likeCount + 1);
    // Insertion order survives the reboot, minus what was deleted.
    expect(after.map((p: { _id: string }) => p._id)).toEqual(order.filter((id: string) => id !== owned._id));
    expect((await call(second, "GET", "/api/test-todos")).body.todos.map((t: TodoRecord) => t.title)).toEqual(["from the first boot"]);
    await second.shutdown();
  });

  // Each write transaction bumps one small meta row ("version") that tells other tabs to reload.
  const bump = { table: "meta", type: "put", keys: ["version"] };
  const journal = { table: "journal", type: "add", keys: [expect.any(String)] };

  it("writes one journal row per request that changed something, and nothing for a read", async () => {
    const { store, writes } = spiedStore(freshName());
    const mock = await boot(store);
    const token = await loginAsGuest(mock);
    const post = (await call(mock, "GET", "/api/posts")).body.posts[4];

    writes.length = 0;
    await call(mock, "POST", `/api/posts/like/${post._id}`, undefined, token);
    // The like and the notification to the post's author (another user's post), in one row.
    expect(writes).toEqual([bump, journal]);

    writes.length = 0;
    await call(mock, "GET", "/api/posts");
    expect(writes).toEqual([]);

    writes.length = 0;
    const todo = (await addTodo(mock, "one")).body.todo;
    expect(writes).toEqual([bump, journal]);

    writes.length = 0;
    await call(mock, "DELETE", `/api/test-todos/${todo._id}`);
    expect(writes).toEqual([bump, journal]);
    await mock.shutdown();
  });
});

describe("durability (issue 33, item 15)", () => {
  it("every transaction that writes asks IndexedDB for strict durability", async () => {
    const asked: string[] = [];
    // fake-indexeddb's database, watched where Dexie opens its transactions.
    const proto = Object.getPrototypeOf(
      await new Promise<IDBDatabase>((resolve) => {
        const open = indexedDB.open(`${freshName()}-probe`);
        open.onsuccess = () => resolve(open.result);
      }),
    ) as IDBDatabase;
    const original = proto.transaction;
    proto.transaction = function (this: IDBDatabase, names, mode, options) {
      if (mode === "readwrite") asked.push(options?.durability ?? "default");
      return original.call(this, names as string[], mode, options);
    } as IDBDatabase["transaction"];
    try {
      const mock = await boot(new DexieStore(freshName(), indexedDB, IDBKeyRange));
      expect((await addTodo(mock, "kept through a power cut")).status).toBe(201);
      await mock.shutdown();
    } finally {
      proto.transaction = original;
    }
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(["strict"]));
  });
});
