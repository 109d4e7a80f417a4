// The shipped bin over real HTTP: the paths that load undici (`--base-url`, a
// `baseUrl` from `--env`, and the hand-off of `request`/`replay` to the `serve`
// that holds the store), each as a process on cli/bin/mockman.js against a
// `serve` process. In-process tests cannot see these: the bin runs a bundle.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { ROOT, processCli, serveProcess, tempDb } from "./helpers";

const SMOKE = join(ROOT, "cli/examples/smoke.collection.json");

// Three processes per test: generous on a machine other work shares.
describe("the bin over real HTTP", { timeout: 60_000 }, () => {
  it("request --base-url sends to a running serve", async () => {
    const { dir, db } = tempDb();
    const server = await serveProcess(["--db", db], { cwd: dir });
    const ran = await processCli(["request", "GET", "/api/users", "--base-url", server.url, "--json"], { cwd: dir });
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ status: 200, body: { users: expect.any(Array) } });
    expect(server.output().stderr).toMatch(/GET \/api\/users 200/);
  });

  it("replay --env with a baseUrl runs the smoke collection against serve", async () => {
    const { dir, db } = tempDb();
    const server = await serveProcess(["--db", db], { cwd: dir });
    const env = join(dir, "env.json");
    writeFileSync(env, JSON.stringify({ baseUrl: server.url }));
    const ran = await processCli(["replay", SMOKE, "--env", env], { cwd: dir });
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/\b0 failed\b/);
    // Sent over HTTP, not in-process: the server logged the requests.
    expect(server.output().stderr).toMatch(/POST \/api\/auth\/login 200/);
  });

  it("request and replay on a store serve holds are handed to that server", async () => {
    const { dir, db } = tempDb();
    const server = await serveProcess(["--db", db], { cwd: dir });
    const handed = new RegExp(`^mockman: .*db\\.json is served by mockman serve \\(pid \\d+\\); sending to ${server.url}\\n$`);

    const request = await processCli(["request", "POST", "/api/test-todos", "-d", '{"title":"handed over"}', "--db", db, "-b"], {
      cwd: dir,
    });
    expect(request.stderr).toMatch(handed);
    expect(request.code).toBe(0);
    expect(JSON.parse(request.stdout).todos.map((t: { title: string }) => t.title)).toContain("handed over");

    const replay = await processCli(["replay", SMOKE, "--db", db], { cwd: dir });
    expect(replay.stderr).toMatch(handed);
    expect(replay.code).toBe(0);
    expect(server.output().stderr).toMatch(/POST \/api\/test-todos 201/);
    expect(server.output().stderr).toMatch(/POST \/api\/auth\/login 200/);
  });
});

// postman-request's form-data is a lazy part of the bundle (cli/build.mjs), loaded by replay for its first formdata
// body: the bin starts without it, and its code is in that file only.
describe("the bundle's form-data part", () => {
  it("holds form-data, which the bin's start-up file does not, and the bin starts without it", () => {
    const bin = join(mkdtempSync(join(tmpdir(), "mockman-lazy-")), "pkg/cli/bin");
    cpSync(join(ROOT, "cli/bin"), bin, { recursive: true, filter: (path) => !path.endsWith("mockman.form-data.cjs") });
    const formData = readFileSync(join(ROOT, "cli/bin/mockman.form-data.cjs"), "utf8");
    // form-data's own method names: a minifier keeps property names.
    for (const name of ["_multiPartHeader", "_getContentDisposition"]) {
      expect(formData).toContain(name);
      expect(readFileSync(join(bin, "mockman.bundle.js"), "utf8")).not.toContain(name);
    }
    expect(execFileSync(process.execPath, [join(bin, "mockman.js"), "--version"], { encoding: "utf8" }).trim()).toBe(pkg.version);
  });
});

// V8 accepts a code cache for any source of the same length: a rebuilt bundle of equal length once ran
// the previous build's compiled functions ("SyntaxError: Unexpected token ')'" in a replay).
describe("the bin's code cache", () => {
  it("is not reused for a rebuilt bundle of the same length", () => {
    const dir = mkdtempSync(join(tmpdir(), "mockman-cache-"));
    const bin = join(dir, "pkg/cli/bin");
    cpSync(join(ROOT, "cli/bin"), bin, { recursive: true });
    const version = () => execFileSync(process.execPath, [join(bin, "mockman.js"), "--version"], { encoding: "utf8" }).trim();
    expect(version()).toBe(pkg.version);
    expect(version()).toBe(pkg.version); // the second start runs on the cache the first one wrote
    const bundle = join(bin, "mockman.bundle.js");
    const source = readFileSync(bundle, "utf8");
    const other = pkg.version.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
    expect(other.length).toBe(pkg.version.length);
    writeFileSync(bundle, source.replace(`version:"${pkg.version}"`, `version:"${other}"`));
    expect(version()).toBe(other);
  });
});
