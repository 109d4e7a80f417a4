// issue 33 item 2: no command writes over a store, its journal or its lock.
// `request -o .mockman/db.json`, `openapi db.json`, `export db.json` and
// `replay --reporter-out db.json` ended 0 and left "not a mockman store".
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, folderState, oneStderrLine, serve, tempDb } from "./helpers";

async function seeded() {
  const { dir, db } = tempDb();
  const seeded = await cli(["seed", "--db", db]);
  expect(seeded.code).toBe(0);
  // A journal beside it, as a store in use has.
  expect((await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"kept"}', "--db", db])).code).toBe(0);
  return { dir, db };
}

const COLLECTION = JSON.stringify({ mockman: 1, requests: [{ name: "list", method: "GET", path: "/api/test-todos" }] });

describe("an output path that is a store is refused, exit 2, naming it, and nothing changes", () => {
  const commands: Record<string, (db: string, out: string) => string[]> = {
    "request -o": (db, out) => ["request", "GET", "/api/posts", "--db", db, "-o", out],
    openapi: (_db, out) => ["openapi", out],
    export: (db, out) => ["export", out, "--db", db],
    "replay --reporter-out": (db, out) => ["replay", "-", "--db", db, "--reporter", "json", "--reporter-out", out],
  };
  const targets: Record<string, (dir: string, db: string) => string> = {
    "the store": (_dir, db) => db,
    "its journal": (_dir, db) => `${db}.journal`,
    "its lock": (_dir, db) => `${db}.lock`,
    "a symlink to it": (dir, db) => {
      const link = join(dir, "innocent.json");
      symlinkSync(db, link);
      return link;
    },
  };
  for (const [command, args] of Object.entries(commands))
    for (const [what, target] of Object.entries(targets))
      it(`${command} over ${what}`, async () => {
        const { dir, db } = await seeded();
        const out = target(dir, db);
        const before = folderState(dir);
        const ran = await cli(args(db, out), { stdin: COLLECTION });
        expect(ran.code).toBe(2);
        expect(oneStderrLine(ran)).toMatch(/would write over the store .*db\.json.*nothing was written/);
        expect(folderState(dir)).toEqual(before);
        expect((await cli(["request", "GET", "/api/test-todos", "--db", db, "-b"])).stdout).toContain("kept");
      });

  it("the default store, named relative to the folder the command runs in", async () => {
    const { dir } = tempDb();
    expect((await cli(["seed"], { cwd: dir })).code).toBe(0);
    const before = folderState(join(dir, ".mockman"));
    const ran = await cli(["request", "GET", "/api/posts", "-o", ".mockman/db.json"], { cwd: dir });
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toContain("would write over the store .mockman/db.json");
    expect(folderState(join(dir, ".mockman"))).toEqual(before);
  });

  it("a store another process serves (its lock beside it) is refused too, and serve goes on", async () => {
    const server = await serve();
    const ran = await cli(["openapi", server.db]);
    expect(ran.code).toBe(2);
    expect((await fetch(`${server.url}/api/test-todos`)).status).toBe(200);
    expect((await server.stop()).code).toBe(0);
  });

  it("an ordinary file is still written", async () => {
    const { dir, db } = await seeded();
    const ran = await cli(["export", join(dir, "backup.json"), "--db", db]);
    expect(ran.code).toBe(0);
    expect((await cli(["openapi", join(dir, "api.json")])).code).toBe(0);
  });
});
