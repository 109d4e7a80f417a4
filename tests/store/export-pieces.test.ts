// The export file's text, written in pieces (mock/data/export-file.ts exportPieces): the same
// data back through JSON.parse and through the import's check, one record per line, and
// no piece larger than a few MB however many records there are.
import { describe, expect, it } from "vitest";
import { FormatError, checkExportJson, exportPieces, parseExportFile, readExportLines, toExportFile } from "#mock/data/export-file";
import { linesOf } from "#mock/data/json-lines";
import { seedSnapshot } from "#mock/data/seed";
import { isTextTooLong, type Snapshot } from "#mock/core/types";

describe("exportPieces", () => {
  it("writes the sample data so JSON.parse and the import's check give it back, one record a line", async () => {
    const data = await seedSnapshot(1000);
    const file = toExportFile(data, new Date("2026-11-26T00:00:00Z"));
    const text = exportPieces(file).join("");
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(file)));
    expect(parseExportFile(text).data.posts).toEqual(JSON.parse(JSON.stringify(data.posts)));
    const lines = text.split("\n");
    expect(lines[0]).toBe('{"mockman":"export","version":' + file.version + ',"exportedAt":"2026-11-26T00:00:00.000Z","data":{');
    // Each post is a line of its own (with the comma between records).
    for (const post of data.posts) expect(lines).toContain(JSON.stringify(post) + (post === data.posts.at(-1) ? "" : ","));
    expect(text.endsWith("}}\n")).toBe(true);
  });

  it("keeps pieces small and the records in order past several pieces, and writes empty lists as []", () => {
    const posts = Array.from({ length: 12_345 }, (_, i) => ({ _id: `p${i}`, content: `post ${i}` }));
    const data = { users: [], posts, comments: [], todos: [], photos: [], notifications: [] } as unknown as Snapshot;
    const pieces = exportPieces(toExportFile(data));
    expect(pieces.length).toBeGreaterThan(3);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(5000 * 60);
    const back = JSON.parse(pieces.join(""));
    expect(back.data.posts).toEqual(posts);
    expect(back.data.users).toEqual([]);
    expect(pieces.join("")).toContain('"users":[],\n');
  });

  it("reads its own layout back a line at a time (an import too long for one string), and refuses any other", async () => {
    const data = await seedSnapshot(1000);
    const file = toExportFile(data);
    async function* lines(text: string) {
      for (const line of text.split("\n")) yield line;
    }
    const text = exportPieces(file).join("");
    const read = checkExportJson(await readExportLines(lines(text), 600));
    expect(read).toEqual(parseExportFile(text));
    await expect(readExportLines(lines(JSON.stringify(file, null, 2)), 600)).rejects.toThrow(FormatError);
    await expect(readExportLines(lines(JSON.stringify(file, null, 2)), 600)).rejects.toThrow(
      /it is 600 MB.*only in the layout exports are written in, one record per line/,
    );
    await expect(readExportLines(lines(text.slice(0, text.length / 2)), 600)).rejects.toThrow(/ends inside|not JSON/);
  });

  it("knows V8's refusal to make a string that long", () => {
    let refused: unknown;
    try {
      "x".repeat(2 ** 29);
    } catch (error) {
      refused = error;
    }
    expect(isTextTooLong(refused)).toBe(true);
    expect(isTextTooLong(new RangeError("Maximum call stack size exceeded"))).toBe(false);
  });
});

describe("linesOf (a Blob's lines as it streams, for an import past 512 MB)", () => {
  it("splits across the stream's chunks, multi-byte characters included, and tells the bytes read", async () => {
    const lines = Array.from({ length: 120_000 }, (_, i) => `{"_id":"p${i}","content":"café 🎉 ${"x".repeat(i % 100)}"}`);
    const blob = new Blob([lines.join("\n")]);
    const told: number[] = [];
    const seen: string[] = [];
    for await (const line of linesOf(blob, (bytes) => told.push(bytes))) seen.push(line);
    expect(seen).toEqual(lines);
    expect(blob.size).toBeGreaterThan(8e6);
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((n, i) => n <= blob.size && (i === 0 || n > told[i - 1]))).toBe(true);
  });
});
