// `mockman export` beside a running `serve` on the same store (issue 11): it
// only reads, so it reads the snapshot and journal without the lock instead of
// refusing with "in use", sees every acknowledged write, and writes nothing.
import fs from "node:fs";
import fsp from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { FileStore } from "#mock/node/file-store";
import { cli, serve, tempDir } from "./helpers";

describe("export while serve holds the store", () => {
  it("exports every acknowledged write and leaves the store's files as they were", async () => {
    const dir = tempDir();
    const db = join(dir, "db.json");
    const server = await serve({ db });
    const base = server.url;
    try {
      for (const title of ["one", "two", "three"]) {
        const res = await fetch(`${base}/api/test-todos`, {
          method: "POST",
          body: JSON.stringify({ title }),
          headers: { "content-type": "application/json" },
        });
        expect(res.status).toBe(201);
      }
      const before = { snapshot: fs.readFileSync(db, "utf8"), journal: fs.readFileSync(`${db}.journal`, "utf8") };
      const ran = await cli(["export", "-", "--db", db]);
      // From the server itself (its admin API), which it says.
      expect(ran.stderr).toMatch(/; export goes through its admin API at http:\/\/127\.0\.0\.1:\d+\/__mockman\/\n$/);
      expect(ran.code).toBe(0);
      expect(JSON.parse(ran.stdout).data.todos.map((t: { title: string }) => t.title)).toEqual(["one", "two", "three"]);
      expect({ snapshot: fs.readFileSync(db, "utf8"), journal: fs.readFileSync(`${db}.journal`, "utf8") }).toEqual(before);
      // serve still owns it and goes on.
      expect(fs.existsSync(`${db}.lock`)).toBe(true);
      const after = await fetch(`${base}/api/test-todos`, {
        method: "POST",
        body: JSON.stringify({ title: "four" }),
        headers: { "content-type": "application/json" },
      });
      expect(after.status).toBe(201);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  });

  it("a reader that a fold crosses (between its snapshot and its journal) reads again, and misses nothing", async () => {
    const dir = tempDir();
    const db = join(dir, "db.json");
    const writer = new FileStore(db, { foldOnClose: false });
    await writer.replace({ users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] });
    const now = new Date().toISOString();
    for (let i = 0; i < 3; i++)
      await writer.commit({ todos: { put: [{ _id: `t${i}`, title: `t${i}`, done: false, createdAt: now, updatedAt: now }], remove: [] } });
    // The writer folds right after the reader has read the old snapshot, before it reads the journal.
    const readFile = fsp.readFile.bind(fsp) as (...args: unknown[]) => Promise<unknown>;
    let folded = false;
    vi.spyOn(fsp, "readFile").mockImplementation((async (...args: unknown[]) => {
      if (!folded && String(args[0]).endsWith(".journal")) {
        folded = true;
        await writer.compact();
      }
      return readFile(...args);
    }) as typeof fsp.readFile);
    const reader = new FileStore(db, { reader: true });
    const ids = (await reader.load())!.todos.map((t) => t._id);
    vi.restoreAllMocks();
    expect(folded).toBe(true);
    expect(ids).toEqual(["t0", "t1", "t2"]);
    await reader.close();
    await writer.close();
  });
});
