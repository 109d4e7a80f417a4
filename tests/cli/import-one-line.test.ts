// A huge export on one line (issue 33, item 9): a file past the longest string
// is read a line at a time, and a line past 64 MB is refused as soon as that
// much of it has come in: exit 2 with one line, in bounded memory, instead of a
// RangeError stack (or the heap running out) at the end of a 600 MB line. The
// file is made in the test, sparse, never committed.
import fs from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LONGEST_LINE, LineTooLong, linesOf, splitLines } from "#mock/data/json-lines";
import { BIN, oneStderrLine, processEnv, tempDir } from "./helpers";
import { execFile } from "node:child_process";

async function* chunks(...parts: string[]) {
  yield* parts;
}

const all = async (lines: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
};

describe("splitLines", () => {
  it("joins lines split across chunks, drops a CR before the LF, and keeps a last line without one", async () => {
    expect(await all(splitLines(chunks('{"a":', '1}\r\n"b":[\n', "]\n}}")))).toEqual(['{"a":1}', '"b":[', "]", "}}"]);
  });

  it("throws LineTooLong as soon as an open line passes the limit, before the rest is read", async () => {
    let served = 0;
    async function* endless() {
      for (;;) {
        served++;
        yield "x".repeat(100);
      }
    }
    await expect(all(splitLines(endless(), 1_000))).rejects.toBeInstanceOf(LineTooLong);
    expect(served).toBe(11);
  });

  it("the browser's reader of a file (a Blob) holds to the same limit", async () => {
    await expect(all(linesOf(new Blob(["y".repeat(5_000)]), () => undefined, 1_000))).rejects.toBeInstanceOf(LineTooLong);
  });
});

describe("mockman import of a 600 MB export on one line", () => {
  it("exit 2 with one line naming the limit, within a 300 MB heap, and the store is not touched", async () => {
    const dir = tempDir();
    const file = join(dir, "one-line.json");
    // An export's header and no line break after it: 600 MB, sparse (zeros), so it costs no disk.
    fs.writeFileSync(file, '{"mockman":"export","version":5,"exportedAt":"2026-01-01T00:00:00.000Z","data":{"users":[');
    fs.truncateSync(file, 600_000_000);
    const db = join(dir, "db.json");
    const ran = await new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
      execFile(
        process.execPath,
        ["--max-old-space-size=300", BIN, "import", file, "--db", db],
        { env: processEnv(), timeout: 120_000, maxBuffer: 1 << 20 },
        (error, stdout, stderr) => done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toMatch(
      new RegExp(
        `one-line\\.json: it is 600 MB, .*one record per line, and a line is longer than ${LONGEST_LINE / 1024 / 1024} MB, so it is not one record a line\\. The store was not changed`,
      ),
    );
    expect(fs.existsSync(db)).toBe(false);
  }, 150_000);
});
