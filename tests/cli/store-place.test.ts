// A --db that cannot hold a store (issue 11, item 5): under /proc (it used to
// hang at 100% CPU), under /sys, below a regular file, a folder or a device.
// One clear line, exit 1 (the store cannot be opened), nothing touched.
import fs from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, folderState, oneStderrLine, tempDir } from "./helpers";

describe("a --db where no store can be", () => {
  it.each([
    ["under /proc", () => "/proc/mockman-db.json", "/proc/mockman-db.json cannot be a store: it is on the kernel's proc filesystem"],
    ["a file under /proc", () => "/proc/self/status", "/proc/self/status cannot be a store: it is on the kernel's proc filesystem"],
    ["under /sys", () => "/sys/mockman-db.json", "/sys/mockman-db.json cannot be a store: it is on the kernel's sysfs filesystem"],
    ["a device", () => "/dev/null", "/dev/null cannot be a store: it is a device, not a store file"],
  ])("%s: one line, exit 1", async (_what, db, message) => {
    for (const command of [["request", "GET", "/api/posts"], ["export", "-"], ["reset"]]) {
      const ran = await cli([...command, "--db", db()]);
      expect(ran.code).toBe(1);
      expect(oneStderrLine(ran)).toContain(message);
      expect(ran.stderr).not.toContain("unexpected");
    }
  });

  it("below a regular file, or a folder: one line naming the path as typed, exit 1, the folder untouched", async () => {
    const dir = tempDir();
    fs.writeFileSync(join(dir, "notes.txt"), "hello");
    const before = folderState(dir);
    const below = await cli(["request", "GET", "/api/posts", "--db", "notes.txt/db.json"], { cwd: dir });
    expect(below.code).toBe(1);
    expect(oneStderrLine(below)).toBe(
      "mockman: cannot open the store: notes.txt/db.json cannot be a store: notes.txt in its path is a file, not a folder. Pick another --db path",
    );
    expect(folderState(dir)).toEqual(before);
    const parent = tempDir();
    fs.mkdirSync(join(parent, "data"));
    const folder = await cli(["seed", "--db", "data"], { cwd: parent });
    expect(folder.code).toBe(1);
    expect(oneStderrLine(folder)).toContain("data cannot be a store: it is a folder, not a store file");
    expect(fs.readdirSync(parent)).toEqual(["data"]);
    expect(fs.readdirSync(join(parent, "data"))).toEqual([]);
  });
});
