// A store past the longest string V8 makes (~512 MB) cannot be read as one text: FileStore
// writes its snapshot in pieces and reads such a file a line at a time, in the layout it
// writes (readByLinesPast lowers the size where that starts, so these files stay small).
import fs from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { FileStore } from "#mock/node/file-store";
import { seedSnapshot } from "#mock/data/seed";
import { type Snapshot, StoreError } from "#mock/core/types";
import { ITERATIONS, tempDir } from "./helpers";

let db: string;
beforeEach(async () => {
  db = path.join(await tempDir(), "db.json");
});

const byLines = { readByLinesPast: 0 };

async function saved(): Promise<Snapshot> {
  const data = await seedSnapshot(ITERATIONS);
  // More todos than one piece holds (5,000 lines), so the pieces' seams are read too.
  data.todos = Array.from({ length: 12_001 }, (_, i) => ({
    _id: `t${i}`,
    title: `todo ${i}`,
    done: i % 2 === 0,
    createdAt: "t",
    updatedAt: "t",
  }));
  const store = new FileStore(db);
  await store.replace(data, 7);
  await store.close();
  return data;
}

describe("a store read a line at a time", () => {
  it("gives the same records, order and paging generation as the whole read, journal included", async () => {
    const data = await saved();
    const store = new FileStore(db);
    await store.load();
    await store.commit({ todos: { put: [{ _id: "new", title: "after", done: false, createdAt: "t", updatedAt: "t" }], remove: ["t3"] } });
    await store.close();
    const whole = await new FileStore(db, { foldOnClose: false }).load();
    const lines = new FileStore(db, { ...byLines, foldOnClose: false });
    expect(await lines.load()).toEqual(whole);
    expect(lines.generation()).toBe(7);
    expect(whole!.todos).toHaveLength(data.todos.length);
    expect(whole!.todos.at(-1)!._id).toBe("new");
  });

  it("writes what it read back unchanged (the rows are the lines as read)", async () => {
    await saved();
    const before = await fs.readFile(db, "utf8");
    const store = new FileStore(db, byLines);
    const snapshot = await store.load();
    await store.replace(snapshot!, store.generation());
    await store.close();
    expect((await fs.readFile(db, "utf8")).replace(/"journalSeq":\d+/, "")).toBe(before.replace(/"journalSeq":\d+/, ""));
  });

  it("refuses a file laid out another way, and one cut short, saying what to do", async () => {
    await saved();
    const text = await fs.readFile(db, "utf8");
    await fs.writeFile(db, JSON.stringify(JSON.parse(text), null, 2));
    await expect(new FileStore(db, byLines).load()).rejects.toThrow(StoreError);
    await expect(new FileStore(db, byLines).load()).rejects.toThrow(/only in the layout it writes, one record per line.*mockman reset/);
    await fs.writeFile(db, text.slice(0, Math.floor(text.length / 2)));
    await expect(new FileStore(db, byLines).load()).rejects.toThrow(/a line of todos is not JSON|it ends inside/);
  });
});
