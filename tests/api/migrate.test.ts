// Older data still imports and still loads, and gives the answers it gave before:
// version 3 (large photos inline in their owners, see the end of this file),
// version 1 (every quoted user copied into likes, comments, votes and follows) and
// version 2 (users by id, but each post holding its comments), as export files,
// file stores (snapshot and journal) and IndexedDB databases.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Dexie from "dexie";
import { IDBKeyRange, indexedDB } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { parseExportFile } from "#mock/data/export-file";
import { FORMAT_VERSION } from "#mock/data/data-format";
import { createMock } from "#mock/core/create-mock";
import { DexieStore } from "#mock/browser/dexie";
import { FileStore } from "#mock/node/file-store";
import { MemoryStore } from "#mock/store/memory";
import { isReferenced } from "#mock/data/photos";
import type { Snapshot } from "#mock/core/types";
import { pngFill } from "../fixtures/images";

// Written by tests/api/golden.test.ts before records referred to users by id.
const V1_EXPORT = fileURLToPath(new URL("./fixtures/export-v1.json", import.meta.url));
const V1_ANSWERS = fileURLToPath(new URL("./fixtures/export-v1-answers.json", import.meta.url));

// Written by tests/api/golden.test.ts while posts held their comments (version 2).
const V2_EXPORT = fileURLToPath(new URL("./fixtures/export-v2.json", import.meta.url));
const V2_ANSWERS = fileURLToPath(new URL("./fixtures/export-v2-answers.json", import.meta.url));
// A version-2 file store, written by version 2's FileStore: a snapshot, and a journal whose lines put
// posts with their comments (added, edited, voted, deleted, and a post deleted with its comments).
const V2_STORE = fileURLToPath(new URL("./fixtures/store-v2/", import.meta.url));

const v1Text = () => readFileSync(V1_EXPORT, "utf8");
const v1Answers = () => JSON.parse(readFileSync(V1_ANSWERS, "utf8")) as Record<string, string>;
const v2Text = () => readFileSync(V2_EXPORT, "utf8");
const v2Answers = () => JSON.parse(readFileSync(V2_ANSWERS, "utf8")) as Record<string, string>;
const answersOf = async (mock: Awaited<ReturnType<typeof createMock>>, answers = v1Answers()) =>
  Object.fromEntries(
    await Promise.all(Object.keys(answers).map(async (p) => [p, await (await mock.handle(new Request(`http://localhost${p}`))).text()])),
  );

/** No name or photo copied into a post, comment, like, vote or follow; comments in their own collection. */
function expectNoCopies(data: Snapshot) {
  for (const p of data.posts) {
    expect(Object.keys(p)).not.toContain("userPhoto");
    expect(Object.keys(p)).not.toContain("comments");
    for (const id of [...p.likes.likedBy, ...p.likes.dislikedBy]) expect(typeof id).toBe("string");
  }
  const posts = new Set(data.posts.map((p) => p._id));
  for (const c of data.comments) {
    expect(Object.keys(c)).not.toContain("profilePic");
    expect(Object.keys(c).slice(0, 2)).toEqual(["_id", "postId"]);
    expect(posts.has(c.postId)).toBe(true);
    for (const id of [...c.votes.upvotedBy, ...c.votes.downvotedBy]) expect(typeof id).toBe("string");
  }
  for (const u of data.users) for (const id of [...u.followers, ...u.following]) expect(typeof id).toBe("string");
  // No large photo inline in its owner: each is a photo record the owner's field names.
  const photos = new Set(data.photos.map((p) => `photo:${p._id}`));
  for (const value of [...data.users.flatMap((u) => [u.userPhoto, u.coverPhoto]), ...data.posts.map((p) => p.postPic)]) {
    expect(isReferenced(value)).toBe(false);
    if (value.startsWith("photo:")) expect(photos.has(value)).toBe(true);
  }
}

let dir = "";
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe("a version-1 export", () => {
  it("is a real version-1 file with users copied into its records", () => {
    const file = JSON.parse(v1Text());
    expect(file.version).toBe(1);
    expect(file.data.posts[0].likes.likedBy[0]).toMatchObject({ username: expect.any(String), userPhoto: expect.any(String) });
  });

  it("imports as version 3 and answers exactly as before", async () => {
    const file = parseExportFile(v1Text());
    expect(file.version).toBe(FORMAT_VERSION);
    expectNoCopies(file.data);
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
    await mock.importData(file);
    // An import lists a user's fields in the file format's order (as before this version), so compare values.
    const parsed = (answers: Record<string, string>) => Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, JSON.parse(v)]));
    expect(parsed(await answersOf(mock))).toEqual(parsed(v1Answers()));
    // Exported again, it is version 3 and still the same data.
    const again = parseExportFile(JSON.stringify(mock.exportData()));
    expect(again.data).toEqual(file.data);
    await mock.shutdown();
  });

  it("quotes a user no longer in the file by nobody: the like is dropped, not broken", () => {
    const file = JSON.parse(v1Text());
    const post = file.data.posts.find((p: { likes: { likedBy: unknown[] } }) => p.likes.likedBy.length);
    post.likes.likedBy.push({ _id: "gone", username: "gone", firstName: "G", lastName: "", userPhoto: "" });
    const before = post.likes.likedBy.length;
    const parsed = parseExportFile(JSON.stringify(file));
    expect(parsed.data.posts.find((p) => p._id === post._id)!.likes.likedBy).toHaveLength(before - 1);
  });
});

describe("a version-1 store", () => {
  it("loads, answers exactly as before, and is written back once in the new shape", async () => {
    dir = mkdtempSync(join(tmpdir(), "moments-v1-"));
    const db = join(dir, "db.json");
    const { data } = JSON.parse(v1Text());
    const lines = (list: unknown[]) => `[\n${list.map((r) => JSON.stringify(r)).join(",\n")}\n]`;
    writeFileSync(
      db,
      `{"mockman":"db","version":1,"journalSeq":0,"data":{\n"users":${lines(data.users)},\n"posts":${lines(data.posts)},\n"todos":${lines(data.todos)}\n}}\n`,
    );
    const before = readFileSync(db, "utf8").length;
    const mock = await createMock({ store: new FileStore(db, { durable: false }), passwordIterations: 1000 });
    expect(await answersOf(mock)).toEqual(v1Answers());
    await mock.shutdown();
    const stored = JSON.parse(readFileSync(db, "utf8"));
    expect(stored.version).toBe(FORMAT_VERSION);
    expectNoCopies(stored.data);
    expect(readFileSync(db, "utf8").length).toBeLessThan(before);
    // And it loads again as version 3.
    const again = await createMock({ store: new FileStore(db, { durable: false }), passwordIterations: 1000 });
    expect(await answersOf(again)).toEqual(v1Answers());
    await again.shutdown();
  });

  it("in a browser tab's data from another tab (any store's snapshot) is migrated when it is loaded", async () => {
    const store = new MemoryStore();
    const { data } = JSON.parse(v1Text());
    await store.replace(data);
    const mock = await createMock({ store, passwordIterations: 1000 });
    expect(await answersOf(mock)).toEqual(v1Answers());
    expectNoCopies((await store.load())!);
    await mock.shutdown();
  });
});

describe("a version-2 export", () => {
  it("is a real version-2 file: users by id, comments inside their posts", () => {
    const file = JSON.parse(v2Text());
    expect(file.version).toBe(2);
    expect(file.data.comments).toBeUndefined();
    expect(file.data.posts.some((p: { comments: unknown[] }) => p.comments.length)).toBe(true);
  });

  it("imports as version 3, comments in their own collection in their order, and answers exactly as before", async () => {
    const file = parseExportFile(v2Text());
    expect(file.version).toBe(FORMAT_VERSION);
    expectNoCopies(file.data);
    const nested = (JSON.parse(v2Text()).data.posts as { _id: string; comments: { _id: string }[] }[]).flatMap((p) =>
      p.comments.map((c) => `${p._id}/${c._id}`),
    );
    expect(file.data.comments.map((c) => `${c.postId}/${c._id}`)).toEqual(nested);
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
    await mock.importData(file);
    // An import lists fields in the file format's order (as a version-2 import did), so compare values.
    const parsed = (answers: Record<string, string>) => Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, JSON.parse(v)]));
    expect(parsed(await answersOf(mock, v2Answers()))).toEqual(parsed(v2Answers()));
    const again = parseExportFile(JSON.stringify(mock.exportData()));
    expect(again.data).toEqual(file.data);
    await mock.shutdown();
  });

  it("refuses a comment that breaks the rules, naming it where the file has it (inside its post)", () => {
    const file = JSON.parse(v2Text());
    const at = file.data.posts.findIndex((p: { comments: unknown[] }) => p.comments.length > 1);
    const comments = file.data.posts[at].comments;
    comments[0].commentVal = "c".repeat(61);
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(`data.posts.${at}.comments.0.commentVal: must be at most 60 characters`);
    comments[0].commentVal = "c";
    comments[1]._id = comments[0]._id;
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(`data.posts.${at}.comments.1._id: duplicate id ${comments[0]._id}`);
  });

  it("refuses a photo kept in its owner's field that breaks the rules, naming that field", () => {
    const file = JSON.parse(v2Text());
    // A large SVG (kept inline until version 4, moved to a photo record on import) that could run script.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>${"<g/>".repeat(20_000)}</svg>`;
    file.data.users[1].userPhoto = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(/data\.users\.1\.userPhoto: an SVG image that cannot be used because/);
  });
});

/**
 * Copies an old file store (snapshot and journal) from a fixture folder, checks its version,
 * boots on it, checks it answers as the old code did, and returns what it wrote back.
 */
async function bootOldStore(fixture: string, version: number) {
  dir = mkdtempSync(join(tmpdir(), `moments-v${version}-`));
  const db = join(dir, "db.json");
  copyFileSync(join(fixture, "db.json"), db);
  copyFileSync(join(fixture, "db.json.journal"), `${db}.journal`);
  expect(JSON.parse(readFileSync(db, "utf8")).version).toBe(version);
  const answers = JSON.parse(readFileSync(join(fixture, "answers.json"), "utf8")) as Record<string, string>;
  const mock = await createMock({ store: new FileStore(db, { durable: false }), passwordIterations: 1000 });
  // An older snapshot is scanned for records to convert; the one written back is known current.
  expect(mock.store.holdsCurrentFormat?.()).toBe(false);
  expect(await answersOf(mock, answers)).toEqual(answers);
  await mock.shutdown();
  const reopened = new FileStore(db, { durable: false });
  await reopened.load();
  expect(reopened.holdsCurrentFormat()).toBe(true);
  await reopened.close();
  const stored = JSON.parse(readFileSync(db, "utf8"));
  expect(stored.version).toBe(FORMAT_VERSION);
  expect(Object.keys(stored.data)).toEqual(["users", "posts", "comments", "todos", "photos", "notifications"]);
  expectNoCopies(stored.data);
  return { db, stored, answers };
}

describe("a version-2 store", () => {
  it("loads its snapshot and its journal (posts put with their comments), answers as before, and is written back once as version 3", async () => {
    const { db, stored, answers } = await bootOldStore(V2_STORE, 2);
    // The journal's lines were folded in: the deleted comment and the deleted post's comment are gone.
    expect(existsSync(`${db}.journal`) ? readFileSync(`${db}.journal`, "utf8") : "").toBe("");
    expect(stored.data.comments.map((c: { commentVal: string }) => c.commentVal).sort()).toEqual(
      ["edited", "in the journal", "in the snapshot"].sort(),
    );
    const again = await createMock({ store: new FileStore(db, { durable: false }), passwordIterations: 1000 });
    expect(await answersOf(again, answers)).toEqual(answers);
    // A new comment on the migrated store writes one comment, not its post's comments.
    await again.shutdown();
  });
});

describe("older data whose write-back fails at boot", () => {
  it("is written whole by the next write, so no comment is lost to a post record of the new shape", async () => {
    /** A store holding version-2 records, whose first replace (the boot's write-back) fails. */
    class RefusesOnce extends MemoryStore {
      refused = 0;
      override async replace(snapshot: Snapshot) {
        if (this.refused++ === 0) throw new Error("disk full at boot");
        return super.replace(snapshot);
      }
    }
    const store = new RefusesOnce();
    await MemoryStore.prototype.replace.call(store, JSON.parse(v2Text()).data);
    const errors: unknown[] = [];
    const mock = await createMock({ store, passwordIterations: 1000, onStoreError: (e) => errors.push(e) });
    expect(errors).toHaveLength(1);
    // A like writes its post, which no longer holds its comments.
    const commented = JSON.parse(v2Text()).data.posts.find((p: { comments: unknown[] }) => p.comments.length)._id as string;
    const login = await mock.handle(
      new Request("http://localhost/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "guest", password: "guest1234" }),
      }),
    );
    const token = ((await login.json()) as { encodedToken: string }).encodedToken;
    const liked = await mock.handle(
      new Request(`http://localhost/api/posts/like/${commented}`, { method: "POST", headers: { authorization: token } }),
    );
    expect([201, 400]).toContain(liked.status);
    const dislike = await mock.handle(
      new Request(`http://localhost/api/posts/dislike/${commented}`, { method: "POST", headers: { authorization: token } }),
    );
    expect(dislike.status).toBe(201);
    await mock.shutdown();
    const saved = (await store.load())!;
    expectNoCopies(saved);
    expect(saved.comments.filter((c) => c.postId === commented).length).toBeGreaterThan(0);
    const again = await createMock({ store, passwordIterations: 1000 });
    const comments = await (await again.handle(new Request(`http://localhost/api/comments/${commented}`))).json();
    expect((comments as { comments: unknown[] }).comments.length).toBeGreaterThan(0);
    await again.shutdown();
  });
});

describe("a version-1 IndexedDB database (a browser that ran version 2)", () => {
  it("is upgraded: comments move to their own table, and the answers are as before", async () => {
    const name = `moments-v2-upgrade-${process.pid}`;
    // Written the way version 2's DexieStore wrote it: one row per record, posts holding their comments.
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(1).stores({ users: "id, seq", posts: "id, seq", todos: "id, seq", meta: "key" });
    const { data } = JSON.parse(v2Text());
    const rows = (list: { _id: string }[]) => list.map((r, seq) => ({ id: r._id, seq, data: r }));
    await old.table("users").bulkAdd(rows(data.users));
    await old.table("posts").bulkAdd(rows(data.posts));
    await old.table("todos").bulkAdd(rows(data.todos));
    await old.table("meta").put({ key: "seeded", at: "2026-01-01T00:00:00.000Z" });
    await old.table("meta").put({ key: "version", value: 7 });
    old.close();

    const store = new DexieStore(name, indexedDB, IDBKeyRange);
    // The schema upgrade itself moved them, before the mock saw the data.
    const upgraded = (await store.load())!;
    expect(upgraded.posts.some((p) => "comments" in p)).toBe(false);
    expect(upgraded.comments.map((c) => c.commentVal)).toEqual(
      (data.posts as { comments: { commentVal: string }[] }[]).flatMap((p) => p.comments.map((c) => c.commentVal)),
    );
    const mock = await createMock({ store, passwordIterations: 1000 });
    expect(await answersOf(mock, v2Answers())).toEqual(v2Answers());
    const saved = (await store.load())!;
    expectNoCopies(saved);
    expect(saved.comments.length).toBe((data.posts as { comments: unknown[] }[]).reduce((n, p) => n + p.comments.length, 0));
    expect(store.db.verno).toBe(5);
    await mock.shutdown();
    await new Dexie(name, { indexedDB, IDBKeyRange }).delete();
  });
});

// Written by tests/api/fixtures/write-v3.ts with version 3's code: large photos inline in their owners' fields.
const V3_EXPORT = fileURLToPath(new URL("./fixtures/export-v3.json", import.meta.url));
const V3_ANSWERS = fileURLToPath(new URL("./fixtures/export-v3-answers.json", import.meta.url));
// A version-3 file store: large photos in the snapshot's users and posts, and in its journal's lines
// (a signup, a new post, a new avatar, a post showing the avatar by reference, a post deleted, a bookmark).
const V3_STORE = fileURLToPath(new URL("./fixtures/store-v3/", import.meta.url));
const v3Text = () => readFileSync(V3_EXPORT, "utf8");
const v3Answers = () => JSON.parse(readFileSync(V3_ANSWERS, "utf8")) as Record<string, string>;
const inlinePhotos = (data: { users: Record<string, string>[]; posts: Record<string, string>[] }) =>
  [...data.users.flatMap((u) => [u.userPhoto, u.coverPhoto]), ...data.posts.map((p) => p.postPic)].filter(isReferenced);

describe("a version-3 export", () => {
  it("is a real version-3 file: large photos inline in their owners, no photos collection", () => {
    const file = JSON.parse(v3Text());
    expect(file.version).toBe(3);
    expect(file.data.photos).toBeUndefined();
    expect(inlinePhotos(file.data).length).toBeGreaterThanOrEqual(5);
  });

  it("imports as version 4, each large photo a record of its own, and answers exactly as before", async () => {
    const inline = inlinePhotos(JSON.parse(v3Text()).data);
    const file = parseExportFile(v3Text());
    expect(file.version).toBe(FORMAT_VERSION);
    expectNoCopies(file.data);
    expect(file.data.photos.map((p) => p.data)).toEqual(inline);
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
    await mock.importData(file);
    // An import lists a user's fields in the file format's order (as before this version), so compare values.
    const parsed = (answers: Record<string, string>) => Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, JSON.parse(v)]));
    expect(parsed(await answersOf(mock, v3Answers()))).toEqual(parsed(v3Answers()));
    const again = parseExportFile(JSON.stringify(mock.exportData()));
    expect(again.data).toEqual(file.data);
    await mock.shutdown();
  });

  it("refuses a version-4 file whose photo field names no photo record, or a photo record that is no image", () => {
    const file = parseExportFile(v3Text()) as unknown as { data: { users: { userPhoto: string }[]; photos: { data: string }[] } };
    const user = file.data.users.findIndex((u) => u.userPhoto.startsWith("photo:"));
    const dangling = structuredClone(file);
    dangling.data.users[user].userPhoto = "photo:nope";
    expect(() => parseExportFile(JSON.stringify(dangling))).toThrow(`data.users.${user}.userPhoto: no photo has id nope`);
    const shared = structuredClone(file);
    const other = shared.data.users.findIndex((u, i) => i !== user);
    shared.data.users[other].userPhoto = shared.data.users[user].userPhoto;
    expect(() => parseExportFile(JSON.stringify(shared))).toThrow(/userPhoto: photo .* is already data\.users\.\d+\.userPhoto's/);
    const script = structuredClone(file);
    script.data.photos[0].data = "javascript:alert(1)";
    expect(() => parseExportFile(JSON.stringify(script))).toThrow(/data\.photos\.0\.data: must be a data:image URL/);
    const v3 = JSON.parse(v3Text());
    v3.data.users[0].userPhoto = "photo:x";
    expect(() => parseExportFile(JSON.stringify(v3))).toThrow(/data\.users\.0\.userPhoto: no photo has id x/);
  });
});

describe("a version-3 store", () => {
  it("loads its snapshot and its journal (owners put with their photos), answers as before, and is written back once as version 4", async () => {
    const { db, stored, answers } = await bootOldStore(V3_STORE, 3);
    // Guest's two avatars: only the current one is left; the deleted post's picture is gone with it.
    expect(stored.data.photos.map((p: { data: string }) => pngFill(p.data)).sort()).toEqual(["B", "C", "D", "E", "F", "F"]);
    expect(existsSync(`${db}.journal`) ? readFileSync(`${db}.journal`, "utf8") : "").toBe("");
    const again = await createMock({ store: new FileStore(db, { durable: false }), passwordIterations: 1000 });
    expect(await answersOf(again, answers)).toEqual(answers);
    await again.shutdown();
  });
});

describe("a version-2 IndexedDB database (a browser that ran version 3)", () => {
  it("is upgraded: large photos move to their own table, and the answers are as before", async () => {
    const name = `moments-v3-upgrade-${process.pid}`;
    // Written the way version 3's DexieStore wrote it: one row per record, photos inline in their owners.
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(1).stores({ users: "id, seq", posts: "id, seq", todos: "id, seq", meta: "key" });
    old.version(2).stores({ comments: "id, seq" });
    const { data } = JSON.parse(v3Text());
    const rows = (list: { _id: string }[]) => list.map((r, seq) => ({ id: r._id, seq, data: r }));
    for (const name of ["users", "posts", "comments", "todos"]) await old.table(name).bulkAdd(rows(data[name]));
    await old.table("meta").put({ key: "seeded", at: "2026-01-01T00:00:00.000Z" });
    await old.table("meta").put({ key: "version", value: 7 });
    old.close();

    const store = new DexieStore(name, indexedDB, IDBKeyRange);
    // The schema upgrade itself moved them, before the mock saw the data.
    const upgraded = (await store.load())!;
    expect(inlinePhotos(upgraded as never)).toEqual([]);
    expect(upgraded.photos.map((p) => p.data).sort()).toEqual(inlinePhotos(data).sort());
    const mock = await createMock({ store, passwordIterations: 1000 });
    expect(await answersOf(mock, v3Answers())).toEqual(v3Answers());
    expectNoCopies((await store.load())!);
    expect(store.db.verno).toBe(5);
    await mock.shutdown();
    await new Dexie(name, { indexedDB, IDBKeyRange }).delete();
  });
});
