// One `mockman serve` per test worker (issue 32), through the bin as a suite's fixture
// starts it: `--port 0` prints its URL alone on the first line, `--db :memory:` writes
// nothing anywhere, `--seed-from FILE` starts from an export (a bad one: exit 2, no
// server), and the admin API resets it between tests.
import { spawn } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, listening, processCli, processEnv, tempDir } from "./helpers";

const started: { stop(): Promise<number | null> }[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) await server.stop();
});

async function start(args: string[], cwd: string) {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", ...args], { cwd, env: processEnv() });
  const server = await listening(child);
  started.push(server);
  return server;
}

const todoTitles = async (url: string) =>
  ((await (await fetch(`${url}/api/test-todos`)).json()) as { todos: { title: string }[] }).todos.map((t) => t.title);

describe("serve for one test worker", () => {
  it("--port 0 prints the URL alone on its first line; --db :memory: writes nothing", async () => {
    const cwd = tempDir();
    const server = await start(["--db", ":memory:", "-q"], cwd);
    // The helper took the URL from anywhere in the output: it must be the whole first line.
    await expect.poll(() => server.output().stdout.split("\n").length).toBeGreaterThan(1);
    expect(server.output().stdout.split("\n")[0]).toBe(server.url);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const posted = await fetch(`${server.url}/api/test-todos`, { method: "POST", body: JSON.stringify({ title: "memory" }) });
    expect(posted.status).toBe(201);
    expect(await todoTitles(server.url)).toEqual(["memory"]);
    expect((await fetch(`${server.url}/__mockman/reset`, { method: "POST" })).status).toBe(200);
    expect(await todoTitles(server.url)).toEqual([]);
    expect(await server.stop()).toBe(0);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("two servers on :memory: keep their data apart", async () => {
    const cwd = tempDir();
    const [a, b] = await Promise.all([start(["--db", ":memory:", "-q"], cwd), start(["--db", ":memory:", "-q"], cwd)]);
    expect(a.url).not.toBe(b.url);
    await fetch(`${a.url}/api/test-todos`, { method: "POST", body: JSON.stringify({ title: "only in a" }) });
    expect(await todoTitles(a.url)).toEqual(["only in a"]);
    expect(await todoTitles(b.url)).toEqual([]);
  });

  it("--seed-from starts from an export; a bad file is a usage error and nothing starts", async () => {
    const cwd = tempDir();
    const db = join(cwd, "db.json");
    expect((await processCli(["request", "POST", "/api/test-todos", "-d", '{"title":"from the file"}', "--db", db])).code).toBe(0);
    expect((await processCli(["export", "start.json", "--db", db], { cwd })).code).toBe(0);
    const server = await start(["--db", ":memory:", "--seed-from", "start.json", "-q"], cwd);
    expect(await todoTitles(server.url)).toEqual(["from the file"]);

    writeFileSync(join(cwd, "bad.json"), '{"mockman":"export","version":5,"data":{}}');
    const bad = await processCli(["serve", "--port", "0", "--db", ":memory:", "--seed-from", "bad.json"], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/^mockman: --seed-from bad\.json: .*Nothing was started/);
  });

  it("--scenario FILE starts with its scenarios; a file that is not valid is a usage error and nothing starts", async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, "scenarios.json"),
      JSON.stringify({
        datasets: { none: { todos: [] } },
        scenarios: [{ name: "no-todos", method: "GET", path: "/api/test-todos", data: "none", times: 0 }],
      }),
    );
    const server = await start(["--db", ":memory:", "--scenario", "scenarios.json", "-q"], cwd);
    await fetch(`${server.url}/api/test-todos`, { method: "POST", body: JSON.stringify({ title: "one" }) });
    expect(await todoTitles(server.url)).toEqual(["one"]);
    const named = await fetch(`${server.url}/api/test-todos`, { headers: { "x-mockman-scenario": "no-todos" } });
    expect(await named.json()).toEqual({ todos: [] });

    writeFileSync(join(cwd, "bad.json"), JSON.stringify([{ method: "GET", path: "/api/todos" }]));
    const bad = await processCli(["serve", "--port", "0", "--db", ":memory:", "--scenario", "bad.json"], { cwd });
    expect([bad.code, bad.stdout]).toEqual([2, ""]);
    expect(bad.stderr).toBe(
      "mockman: --scenario bad.json: scenarios.0 (GET /api/todos): GET /api/todos names no route of the API (GET /api/openapi.json lists them). Nothing was started\n",
    );
    writeFileSync(join(cwd, "bad.json"), "{oops");
    const notJson = await processCli(["serve", "--port", "0", "--db", ":memory:", "--scenario", "bad.json"], { cwd });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/^mockman: --scenario bad\.json: not JSON: /);
  });
});
