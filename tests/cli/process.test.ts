// mockman as real processes, through the package's bin (as `npm run mockman`
// and `npx mockman` run it). Also --help and --version, and two processes
// writing one store at once.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { FIRST_POST, cli, processCli, serveProcess, tempDb } from "./helpers";

const COMMANDS = ["request", "replay", "serve", "seed", "reset", "export", "import"];

describe("help and version", () => {
  it.each(COMMANDS)("%s --help describes it with an example", async (name) => {
    const ran = await cli([name, "--help"]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`^Usage: mockman ${name} `));
    expect(ran.stdout).toMatch(new RegExp(`Examples:\\n {2}\\$ mockman ${name}\\b`));
  });

  it("mockman --help lists every command; --version prints the package version", async () => {
    const help = await cli(["--help"]);
    for (const name of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^ {2}${name}\\b`, "m"));
    expect(await cli(["--version"])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });

  it("an unknown command is exit 2 with one line", async () => {
    const ran = await cli(["sned"]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^mockman: unknown command 'sned'.*See mockman --help\n$/);
  });
});

describe("as real processes", () => {
  it("request prints the post and exits 0; --fail on a 404 exits 4", async () => {
    const { dir } = tempDb();
    const ok = await processCli(["request", "GET", `/api/posts/${FIRST_POST}`, "-b"], { cwd: dir });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).post._id).toBe(FIRST_POST);
    expect(existsSync(join(dir, ".mockman/db.json"))).toBe(true);
    const missing = await processCli(["request", "GET", "/api/posts/nope", "--fail"], { cwd: dir });
    expect(missing.code).toBe(4);
  });

  it("the bin runs the bundle npm run build:cli made (no TypeScript at run time, nothing on stderr)", async () => {
    const { dir } = tempDb();
    const ran = await processCli(["request", "GET", `/api/posts/${FIRST_POST}`, "--json"], { cwd: dir });
    expect(ran.stderr).toBe("");
    expect(JSON.parse(ran.stdout)).toMatchObject({ status: 200, statusText: "OK" });
  });

  it("through the bin: --version, and a usage error exits 2", async () => {
    const version = await processCli(["--version"]);
    expect(version).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    const usage = await processCli(["request", "FETCH", "/api/posts"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^mockman: unknown method FETCH/m);
  });

  it("processes writing one store at once lose none of each other's writes", async () => {
    const { db } = tempDb();
    await cli(["reset", "--db", db]);
    const titles = ["one", "two", "three", "four"];
    const ran = await Promise.all(
      titles.map((title) => processCli(["request", "POST", "/api/test-todos", "-d", JSON.stringify({ title }), "--fail", "--db", db])),
    );
    expect(ran.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const todos = JSON.parse((await cli(["request", "GET", "/api/test-todos", "-b", "--db", db])).stdout).todos;
    expect(todos.map((t: { title: string }) => t.title).sort()).toEqual([...titles].sort());
  });

  it("serve stops on Ctrl+C (SIGINT), exits 0 and removes its lock", async () => {
    const { dir, db } = tempDb();
    await cli(["reset", "--db", db]);
    const { url, stop, output } = await serveProcess(["--db", db], { cwd: dir });
    const ran = await cli(["request", "GET", "/api/users", "--base-url", url, "--json"]);
    expect(JSON.parse(ran.stdout).body.users).toHaveLength(4);
    expect(await stop()).toBe(0);
    expect(output().stderr).toMatch(/GET \/api\/users 200/);
    expect(existsSync(`${db}.lock`)).toBe(false);
  });
});
