// Version-1 data (every quoted user copied into likes, comments, votes and
// follows) still imports and still loads, and gives the answers it gave before.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { EXPORT_VERSION, parseExportFile } from "#mock/export-file";
import { createMock } from "#mock/create-mock";
import { FileStore } from "#mock/store/file";
import { MemoryStore } from "#mock/store/memory";
import type { Snapshot } from "#mock/types";

// Written by tests/api/golden.test.ts before records referred to users by id.
const V1_EXPORT = fileURLToPath(new URL("./fixtures/export-v1.json", import.meta.url));
const V1_ANSWERS = fileURLToPath(new URL("./fixtures/export-v1-answers.json", import.meta.url));

const v1Text = () => readFileSync(V1_EXPORT, "utf8");
const v1Answers = () => JSON.parse(readFileSync(V1_ANSWERS, "utf8")) as Record<string, string>;
const answersOf = async (mock: Awaited<ReturnType<typeof createMock>>) =>
  Object.fromEntries(
    await Promise.all(
      Object.keys(v1Answers()).map(async (p) => [p, await (await mock.handle(new Request(`http://localhost${p}`))).text()]),
    ),
  );

/** No name or photo copied into a post, comment, like, vote or follow. */
function expectNoCopies(data: Snapshot) {
  for (const p of data.posts) {
    expect(Object.keys(p)).not.toContain("userPhoto");
    for (const id of [...p.likes.likedBy, ...p.likes.dislikedBy]) expect(typeof id).toBe("string");
    for (const c of p.comments) {
      expect(Object.keys(c)).not.toContain("profilePic");
      for (const id of [...c.votes.upvotedBy, ...c.votes.downvotedBy]) expect(typeof id).toBe("string");
    }
  }
  for (const u of data.users) for (const id of [...u.followers, ...u.following]) expect(typeof id).toBe("string");
}

let dir = "";
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe("a version-1 export", () => {
  it("is a real version-1 file with users copied into its records", () => {
    const file = JSON.parse(v1Text());
    expect(file.version).toBe(1);
    expect(file.data.posts[0].likes.likedBy[0]).toMatchObject({ username: expect.any(String), userPhoto: expect.any(String) });
  });

  it("imports as version 2 and answers exactly as before", async () => {
    const file = parseExportFile(v1Text());
    expect(file.version).toBe(EXPORT_VERSION);
    expectNoCopies(file.data);
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
    await mock.importData(file);
    // An import lists a user's fields in the file format's order (as before this version), so compare values.
    const parsed = (answers: Record<string, string>) => Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, JSON.parse(v)]));
    expect(parsed(await answersOf(mock))).toEqual(parsed(v1Answers()));
    // Exported again, it is version 2 and still the same data.
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
    expect(stored.version).toBe(2);
    expectNoCopies(stored.data);
    expect(readFileSync(db, "utf8").length).toBeLessThan(before);
    // And it loads again as version 2.
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
