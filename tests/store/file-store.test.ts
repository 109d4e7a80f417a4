// The Node file store: a snapshot plus an fsynced journal, folded now and then.
import fs from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { createMock } from "#mock/core/create-mock";
import { GENERATED_PASSWORD, generateData } from "#mock/data/seed";
import { writeAtomic } from "#mock/node/atomic";
import { FileStore } from "#mock/node/file-store";
import { MemoryStore } from "#mock/store/memory";
import { type ChangeSet, type Snapshot, type TodoRecord, StoreError } from "#mock/core/types";
import { ITERATIONS, addTodo, call, loginAsGuest, tempDir } from "./helpers";

let dir: string;
let db: string;
beforeEach(async () => {
  dir = await tempDir();
  db = path.join(dir, "db.json");
});

const boot = (file = db, options = {}) => createMock({ store: new FileStore(file, options), passwordIterations: ITERATIONS });
const todo = (id: string, title = id): TodoRecord => ({ _id: id, title, done: false, createdAt: "t", updatedAt: "t" });
const putTodos = (...todos: TodoRecord[]): ChangeSet => ({ todos: { put: todos, remove: [] } });
const removeTodos = (...ids: string[]): ChangeSet => ({ todos: { put: [], remove: ids } });
const lines = async (file: string) => (await fs.readFile(file, "utf8")).split("\n").filter(Boolean);

describe("FileStore through the mock", () => {
  it("keeps what a request changed: a new mock on the same file sees it", async () => {
    const first = await boot();
    const token = await loginAsGuest(first);
    const { body: before } = await call(first, "GET", "/api/posts");
    const post = before.posts[0];
    expect((await call(first, "POST", `/api/posts/like/${post._id}`, undefined, token)).status).toBe(201);
    expect((await addTodo(first, "water the plants")).status).toBe(201);
    const signup = await call(first, "POST", "/api/auth/signup", { username: "newbie", password: "secret123", firstName: "New" });
    expect(signup.status).toBe(201);
    await first.shutdown();

    const second = await boot();
    const { body: after } = await call(second, "GET", `/api/posts/${post._id}`);
    expect(after.post.likes.likeCount).toBe(post.likes.likeCount + 1);
    expect(after.post.likes.likedBy.map((u: { username: string }) => u.username)).toContain("guest");
    expect((await call(second, "GET", "/api/test-todos")).body.todos.map((t: TodoRecord) => t.title)).toEqual(["water the plants"]);
    expect((await call(second, "POST", "/api/auth/login", { username: "newbie", password: "secret123" })).status).toBe(200);
    await second.shutdown();
  });

  it("creates the parent directories of a new store and seeds it", async () => {
    const nested = path.join(dir, "a", "b", "db.json");
    const mock = await boot(nested);
    expect((await call(mock, "GET", "/api/posts")).body.posts).toHaveLength(6);
    await mock.shutdown();
    const doc = JSON.parse(await fs.readFile(nested, "utf8"));
    expect(doc).toMatchObject({ mockman: "db", version: 5, journalSeq: 0 });
    expect(Object.keys(doc.data)).toEqual(["users", "posts", "comments", "todos", "photos", "notifications"]);
  });

  it("appends one journal line per commit, the size of the change, and leaves the snapshot alone", async () => {
    const seed = () => generateData({ users: 50, posts: 2000, seed: 7, iterations: ITERATIONS });
    const mock = await createMock({ store: new FileStore(db, { foldOnClose: false }), passwordIterations: ITERATIONS, seed });
    const login = await call(mock, "POST", "/api/auth/login", { username: "user7_0", password: GENERATED_PASSWORD });
    expect(login.status).toBe(200);
    const snapshotBefore = await fs.stat(db);
    expect(snapshotBefore.size).toBeGreaterThan(500_000);

    await addTodo(mock, "one");
    const afterTodo = (await fs.stat(`${db}.journal`)).size;
    const target = (await call(mock, "GET", "/api/posts")).body.posts[1234];
    expect((await call(mock, "POST", `/api/posts/like/${target._id}`, undefined, login.body.encodedToken)).status).toBe(201);
    const afterLike = (await fs.stat(`${db}.journal`)).size;

    expect(afterTodo).toBeLessThan(400);
    const likeLine = afterLike - afterTodo;
    expect(likeLine).toBeGreaterThan(JSON.stringify(target).length);
    // The post, and the notification (~250 bytes) that tells its author.
    expect(likeLine).toBeLessThan(JSON.stringify(target).length + 700);
    const snapshotAfter = await fs.stat(db);
    expect(snapshotAfter.size).toBe(snapshotBefore.size);
    expect(snapshotAfter.mtimeMs).toBe(snapshotBefore.mtimeMs);

    const journal = (await lines(`${db}.journal`)).map((line) => JSON.parse(line));
    expect(journal.map((entry) => entry.seq)).toEqual([1, 2]);
    expect(journal[0].changes.todos.put.map((t: TodoRecord) => t.title)).toEqual(["one"]);
    expect(Object.keys(journal[1].changes)).toEqual(["posts", "notifications"]);
    expect(journal[1].changes.posts.put.map((p: { _id: string }) => p._id)).toEqual([target._id]);
    await mock.shutdown();
  });
});

describe("folding the journal into the snapshot", () => {
  // Adds, in-place updates, removals and a re-added id: the orders a fold must keep.
  const script: ChangeSet[] = [
    putTodos(todo("a"), todo("b"), todo("c")),
    putTodos(todo("b", "b2")),
    removeTodos("a"),
    putTodos(todo("d")),
    putTodos(todo("a", "a again"), todo("c", "c2")),
    { todos: { put: [todo("e")], remove: ["d"] }, posts: { put: [], remove: [] } },
    putTodos(todo("b", "b3")),
  ];

  async function expected(): Promise<Snapshot> {
    const reference = new MemoryStore();
    await reference.replace({ users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] });
    for (const changes of script) await reference.commit(changes);
    return (await reference.load())!;
  }

  it.each([
    ["folds often", { foldLines: 2 }],
    ["never folds until close", { foldLines: 1_000 }],
    ["never folds at all", { foldLines: 1_000, foldOnClose: false }],
  ])("keeps every record in insertion order when it %s", async (_, options) => {
    const store = new FileStore(db, options);
    expect(await store.load()).toBeNull();
    await store.replace({ users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] });
    for (const changes of script) await store.commit(changes);
    await store.close();
    const loaded = await new FileStore(db).load();
    expect(loaded).toEqual(await expected());
    expect(loaded!.todos.map((t) => t._id)).toEqual(["b", "c", "a", "e"]);
  });

  it("records the last folded seq and empties the journal", async () => {
    const store = new FileStore(db, { foldLines: 1_000 });
    await store.replace({ users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] });
    for (const changes of script) await store.commit(changes);
    expect(await lines(`${db}.journal`)).toHaveLength(script.length);
    await store.compact();
    expect(JSON.parse(await fs.readFile(db, "utf8")).journalSeq).toBe(script.length);
    expect(await fs.readFile(`${db}.journal`, "utf8")).toBe("");
    await store.commit(putTodos(todo("f")));
    expect(JSON.parse((await lines(`${db}.journal`))[0]).seq).toBe(script.length + 1);
    await store.close();
    expect((await new FileStore(db).load())!.todos.map((t) => t._id)).toEqual(["b", "c", "a", "e", "f"]);
  });

  it("folds by itself once the journal outgrows the snapshot, so replay stays bounded", async () => {
    const store = new FileStore(db, { foldBytes: 1 });
    await store.replace({ users: [], posts: [], comments: [], todos: [todo("x")], photos: [], notifications: [] });
    const sizes: number[] = [];
    for (let i = 0; i < 20; i++) {
      await store.commit(putTodos(todo(`t${i}`)));
      sizes.push(store.stats.journalLines);
      expect(store.stats.journalBytes).toBeLessThan(store.stats.snapshotBytes);
    }
    expect(sizes).toContain(0);
    await store.close();
    const ids = (await new FileStore(db).load())!.todos.map((t) => t._id);
    expect(ids).toEqual(["x", ...Array.from({ length: 20 }, (_, i) => `t${i}`)]);
  });

  it.each([
    ["pretty-printed", (doc: object) => JSON.stringify(doc, null, 2)],
    ["all on one line", (doc: object) => JSON.stringify(doc)],
    [
      "two records on a line",
      (doc: object) =>
        JSON.stringify(doc)
          .replace(/\[\{/g, "[\n{")
          .replace(/\},\{"_id":"b"/, '},\n{"_id":"b"'),
    ],
  ])("reads a snapshot laid out by hand (%s) and folds it back whole", async (_, layout) => {
    const data = {
      users: [],
      posts: [],
      comments: [],
      todos: [todo("a"), todo("b", 'with "_id":"c" inside'), todo("c")],
      photos: [],
      notifications: [],
    };
    await fs.writeFile(db, layout({ mockman: "db", version: 3, journalSeq: 0, data }));
    const store = new FileStore(db);
    expect(await store.load()).toEqual(data);
    await store.commit(putTodos(todo("d")));
    await store.close();
    expect((await new FileStore(db).load())!.todos).toEqual([...data.todos, todo("d")]);
  });

  it("does not replay folded lines when a crash left the journal behind", async () => {
    const store = new FileStore(db, { foldOnClose: false });
    await store.replace({ users: [], posts: [], comments: [], todos: [todo("a")], photos: [], notifications: [] });
    await store.commit(putTodos(todo("b")));
    await store.commit(removeTodos("a"));
    const journal = await fs.readFile(`${db}.journal`);
    // reset: the snapshot is replaced, then the journal is cleared...
    await store.replace({ users: [], posts: [], comments: [], todos: [todo("z")], photos: [], notifications: [] });
    await store.close();
    // ...but the process died between the two steps.
    await fs.writeFile(`${db}.journal`, journal);
    expect((await new FileStore(db).load())!.todos.map((t) => t._id)).toEqual(["z"]);

    const again = new FileStore(db, { foldOnClose: false });
    await again.load();
    await again.commit(putTodos(todo("c")));
    await again.close();
    expect((await new FileStore(db).load())!.todos.map((t) => t._id)).toEqual(["z", "c"]);

    // The next clean close folds, and the stale lines go with the journal.
    const last = new FileStore(db);
    await last.load();
    await last.close();
    expect(await fs.readdir(dir)).toEqual(["db.json"]);
    expect((await new FileStore(db).load())!.todos.map((t) => t._id)).toEqual(["z", "c"]);
  });
});

describe("recovering from a crash mid-write", () => {
  async function twoCommits() {
    const store = new FileStore(db, { foldOnClose: false });
    await store.replace({ users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] });
    await store.commit(putTodos(todo("a")));
    await store.commit(putTodos(todo("b")));
    await store.close();
    return (await fs.stat(`${db}.journal`)).size;
  }

  it("keeps the lines before a torn last line, drops the tail, and appends after it", async () => {
    const goodSize = await twoCommits();
    await fs.appendFile(`${db}.journal`, '{"seq":3,"changes":{"todos":{"put":[{"_id":"c","ti');

    const store = new FileStore(db, { foldOnClose: false });
    expect((await store.load())!.todos.map((t) => t._id)).toEqual(["a", "b"]);
    expect(store.recovered).toMatch(/db\.json\.journal: dropped \d+ bytes/);
    expect((await fs.stat(`${db}.journal`)).size).toBe(goodSize);
    await store.commit(putTodos(todo("d")));
    await store.close();

    expect((await new FileStore(db).load())!.todos.map((t) => t._id)).toEqual(["a", "b", "d"]);
  });

  it("boots the mock on a journal with a torn tail", async () => {
    await twoCommits();
    await fs.appendFile(`${db}.journal`, '{"seq":3,"cha');
    const mock = await boot();
    expect((await call(mock, "GET", "/api/test-todos")).body.todos.map((t: TodoRecord) => t._id)).toEqual(["a", "b"]);
    await mock.shutdown();
  });

  it("refuses a corrupt line that is not the last one, naming the journal and the line", async () => {
    await twoCommits();
    const journal = `${db}.journal`;
    const [first, second] = await lines(journal);
    const corrupt = `${first}\n{"seq":2,"changes":{"todos":oops}}\n${second.replace('"seq":2', '"seq":3')}\n`;
    await fs.writeFile(journal, corrupt);
    const snapshot = await fs.readFile(db);

    const error = await new FileStore(db).load().catch((e) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error.message).toContain(journal);
    expect(error.message).toContain("line 2 is corrupt");
    await expect(boot()).rejects.toThrow(StoreError);
    expect(await fs.readFile(journal, "utf8")).toBe(corrupt);
    expect(await fs.readFile(db)).toEqual(snapshot);
  });

  it("refuses a complete but corrupt last line (it ends in a newline, so no crash cut it short), and changes nothing", async () => {
    await twoCommits();
    const journal = `${db}.journal`;
    await fs.appendFile(journal, '{"seq":3,"changes":{"todos":oops}}\n');
    const before = await fs.readFile(journal, "utf8");
    const snapshot = await fs.readFile(db);
    const store = new FileStore(db);
    const error = await store.load().catch((e) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error.message).toContain(journal);
    expect(error.message).toContain("line 3 is corrupt, and it is complete (it ends in a newline)");
    expect(store.recovered).toBeNull();
    await expect(boot()).rejects.toThrow(StoreError);
    expect(await fs.readFile(journal, "utf8")).toBe(before);
    expect(await fs.readFile(db)).toEqual(snapshot);
  });

  it("refuses a journal with a missing seq", async () => {
    await twoCommits();
    const [first, second] = await lines(`${db}.journal`);
    await fs.writeFile(`${db}.journal`, `${first}\n${second}\n${second.replace('"seq":2', '"seq":4')}\n`);
    await expect(new FileStore(db).load()).rejects.toThrow(/seq 4 after 2/);
  });

  it("refuses a journal whose snapshot is gone", async () => {
    await twoCommits();
    await fs.rm(db);
    await expect(boot()).rejects.toThrow(/snapshot .*db\.json is missing/);
  });
});

describe("a snapshot that cannot be read", () => {
  it.each([
    ["not JSON", "{not json", /is not valid JSON/],
    ["empty", "", /is not valid JSON/],
    ["a list", "[]", /expected a JSON object/],
    ["another tool's file", '{"posts":[]}', /"mockman" should be "db"/],
    ["missing a collection", '{"mockman":"db","version":1,"journalSeq":0,"data":{"users":[],"posts":[]}}', /data\.todos/],
    ["records without ids", '{"mockman":"db","version":1,"journalSeq":0,"data":{"users":[{}],"posts":[],"todos":[]}}', /data\.users/],
    ["a bad journalSeq", '{"mockman":"db","version":1,"journalSeq":-1,"data":{"users":[],"posts":[],"todos":[]}}', /journalSeq/],
    ["from a newer mockman", '{"mockman":"db","version":9,"journalSeq":0,"data":{}}', /newer mockman/],
    ["an export file", '{"mockman":"export","version":1,"data":{}}', /mockman import/],
  ])("is a StoreError naming the file when it is %s, and is left untouched", async (_, text, reason) => {
    await fs.writeFile(db, text);
    const error = await boot().catch((e) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error.message).toContain(db);
    expect(error.message).toMatch(reason);
    expect(await fs.readFile(db, "utf8")).toBe(text);
    expect(await fs.readdir(dir)).toEqual(["db.json"]);
  });

  it("says what to do about it", async () => {
    await fs.writeFile(db, "{not json");
    await expect(boot()).rejects.toThrow(/mockman reset/);
  });
});

describe("replace", () => {
  it("writes a new snapshot and clears the journal", async () => {
    const store = new FileStore(db, { foldOnClose: false });
    await store.load();
    await store.replace({ users: [], posts: [], comments: [], todos: [todo("a")], photos: [], notifications: [] });
    await store.commit(putTodos(todo("b")));
    const fresh = { users: [], posts: [], comments: [], todos: [todo("n1"), todo("n2")], photos: [], notifications: [] };
    await store.replace(fresh);
    expect(await fs.readFile(`${db}.journal`, "utf8").catch(() => "")).toBe("");
    await store.close();
    expect(await new FileStore(db).load()).toEqual(fresh);
    expect(JSON.parse(await fs.readFile(db, "utf8"))).toEqual({ mockman: "db", version: 5, journalSeq: 1, data: fresh });
  });

  it("resets through the mock, and the reset outlives a reboot", async () => {
    const mock = await boot();
    await addTodo(mock, "temporary");
    await mock.reset();
    await mock.shutdown();
    const again = await boot();
    expect((await call(again, "GET", "/api/test-todos")).body.todos).toEqual([]);
    await again.shutdown();
  });
});

describe("the snapshot is never written in place (issue 33, item 3)", () => {
  it("a fold writes a new file and renames it over the old one: the inode changes, no temp file stays", async () => {
    const store = new FileStore(db, { foldOnClose: false });
    await store.load();
    await store.commit(putTodos(todo("a")));
    const before = (await fs.stat(db)).ino;
    await store.commit(putTodos(todo("b")));
    await store.compact();
    expect((await fs.stat(db)).ino).not.toBe(before);
    expect(await fs.readdir(dir)).toEqual(["db.json", "db.json.journal"]);
    await store.close();
  });

  it("a write that dies halfway leaves the old snapshot whole and readable under its name", async () => {
    const store = new FileStore(db);
    await store.load();
    await store.commit(putTodos(todo("old")));
    await store.compact();
    await store.close();
    const old = await fs.readFile(db, "utf8");
    // The pieces of a new snapshot, cut off after the first as a crash (or a full disk) would.
    const cutShort = ['{"mockman":"db","version":5,"journalSeq":9,"data":{\n"users":[\n'];
    cutShort[Symbol.iterator] = function* (this: string[]) {
      yield this[0];
      throw new Error("the process died here");
    } as () => ArrayIterator<string>;
    await expect(writeAtomic(db, cutShort)).rejects.toThrow("the process died here");
    expect(await fs.readFile(db, "utf8")).toBe(old);
    expect(await fs.readdir(dir)).toEqual(["db.json"]);
    const again = new FileStore(db);
    expect((await again.load())!.todos.map((t) => t.title)).toEqual(["old"]);
    await again.close();
  });

  it("a snapshot written over in place (same inode, other bytes) is noticed before the next write is acknowledged", async () => {
    const store = new FileStore(db, { foldOnClose: true });
    await store.load();
    await store.commit(putTodos(todo("mine")));
    const other = path.join(dir, "other.json");
    const copy = new FileStore(other);
    await copy.load();
    await copy.commit(putTodos(todo("theirs")));
    await copy.close();
    const inode = (await fs.stat(db)).ino;
    await fs.writeFile(db, await fs.readFile(other));
    expect((await fs.stat(db)).ino).toBe(inode);
    await expect(store.commit(putTodos(todo("lost")))).rejects.toThrow(/db\.json was written over in place/);
    await store.close();
    // Not folded over it at close: the file is the copied-in one, byte for byte.
    expect(await fs.readFile(db, "utf8")).toBe(await fs.readFile(other, "utf8"));
  });

  it("a journal written over in place is noticed too", async () => {
    const store = new FileStore(db, { foldOnClose: false });
    await store.load();
    await store.commit(putTodos(todo("one")));
    await fs.writeFile(`${db}.journal`, "");
    await expect(store.commit(putTodos(todo("two")))).rejects.toThrow(/db\.json\.journal was written over in place/);
    await store.close();
  });
});
