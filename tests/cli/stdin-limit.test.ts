// issue 33 item 5: standard input is capped like a file. `mockman import - < /dev/zero`
// grew to 8.8 GB; `replay -` and `request -d @-` likewise.
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { run } from "#cli/index";
import type { CliIo } from "#cli/io";
import { FAST_HASH, cli, folderState, tempDb } from "./helpers";

/** Zeros for ever, as /dev/zero gives them; counts what was taken from it. */
function endless() {
  const taken = { bytes: 0 };
  const chunk = Buffer.alloc(64 * 1024);
  const stream = new Readable({
    read() {
      taken.bytes += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, taken };
}

async function withStdin(args: string[], stdin: Readable, maxInputBytes: number) {
  let stderr = "";
  const io: CliIo = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    stdin,
    env: {},
    cwd: process.cwd(),
    passwordIterations: FAST_HASH,
    maxInputBytes,
  };
  return { code: await run(args, io), stderr };
}

describe("an endless standard input stops at the limit, exit 2, one line, nothing changed", () => {
  const LIMIT = 4 * 1024 * 1024;
  it.each([
    ["import -", (db: string) => ["import", "-", "--db", db], "export file -"],
    ["replay -", (db: string) => ["replay", "-", "--db", db], "collection -"],
    ["request -d @-", (db: string) => ["request", "POST", "/api/test-todos", "-d", "@-", "--db", db], "-d -"],
  ])("%s", async (_name, args, what) => {
    const { dir, db } = tempDb();
    expect((await cli(["seed", "--db", db])).code).toBe(0);
    const before = folderState(dir);
    const { stream, taken } = endless();
    const ran = await withStdin(args(db), stream, LIMIT);
    expect(ran.code).toBe(2);
    expect(ran.stderr.trim().split("\n")).toEqual([`mockman: cannot read ${what}: it is over 4 MB, more than mockman reads as one text`]);
    // It stopped reading near the limit, not at the end of memory.
    expect(taken.bytes).toBeLessThan(LIMIT * 2);
    expect(folderState(dir)).toEqual(before);
  });

  it("a file past the limit says the same, before reading it", async () => {
    const { dir, db } = tempDb();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(`${dir}/big.json`, Buffer.alloc(LIMIT + 1, 32));
    const ran = await withStdin(["replay", `${dir}/big.json`, "--db", db], Readable.from([]), LIMIT);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(`mockman: cannot read collection ${dir}/big.json: it is over 4 MB, more than mockman reads as one text\n`);
  });

  it("/dev/zero given as a path is read counted too (a device is no regular file)", async () => {
    const { db } = tempDb();
    const ran = await withStdin(["request", "POST", "/api/test-todos", "-d", "@/dev/zero", "--db", db], Readable.from([]), LIMIT);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe("mockman: cannot read -d /dev/zero: it is over 4 MB, more than mockman reads as one text\n");
  });
});
