// `mockman replay` under Newman's option names: environments and globals,
// iteration data and counts, folders, bail, exit codes, reporters and their
// export files, exported scopes, colour, timeouts.
import { execFile, execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT, cli, oneStderrLine, processCli, serve, tempDb, tempDir } from "./helpers";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

function write(dir: string, name: string, json: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof json === "string" ? json : JSON.stringify(json));
  return file;
}

const test = (...lines: string[]) => [{ listen: "test", script: { exec: lines } }];
const item = (name: string, url: string, tests: string[] = [], extra: object = {}) => ({
  name,
  request: { method: "GET", url },
  ...(tests.length ? { event: test(...tests) } : {}),
  ...extra,
});
const postman = (dir: string, items: unknown[], extra: object = {}) =>
  write(dir, "p.postman_collection.json", { info: { name: "p", schema: SCHEMA }, item: items, ...extra });
const ok = "pm.test('200', () => pm.response.to.have.status(200));";

describe("variables Newman's way", () => {
  it("-e and -g read Postman exports; --global-var; a computed name, {{$guid}} and {{$randomEmail}} are not refused", async () => {
    const { dir, db } = tempDb();
    const env = write(dir, "e.json", {
      name: "e",
      values: [{ key: "limit", value: "1", enabled: true }],
      _postman_variable_scope: "environment",
    });
    const globals = write(dir, "g.json", {
      name: "g",
      values: [{ key: "path", value: "/api/posts", enabled: true }],
      _postman_variable_scope: "globals",
    });
    const file = postman(dir, [
      item("Set", "{{path}}?limit={{limit}}&who={{who}}", [
        "for (var i = 0; i < 2; i++) pm.environment.set('gen_option' + i + '_id', 'v' + i);",
      ]),
      item("Use", "{{path}}/{{gen_option1_id}}?g={{$guid}}&e={{$randomEmail}}", ["pm.test('404', () => pm.response.to.have.status(404));"]),
    ]);
    const ran = await cli(["replay", file, "-e", env, "-g", globals, "--global-var", "who=me", "--json", "--db", db]);
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout);
    expect(report.results[0].path).toBe("/api/posts?limit=1&who=me");
    expect(report.results[1].path).toMatch(/^\/api\/posts\/v1\?g=[0-9a-f-]{36}&e=[^&@]+@[^&]+$/);
  });

  it("--env-var takes any name up to its first '=', as Newman does (spaces and signs too)", async () => {
    const { dir, db } = tempDb();
    const ran = await cli([
      "replay",
      postman(dir, [item("Posts", "/api/posts?limit={{page size}}&x={{a:b}}")]),
      "--env-var",
      "page size=1",
      "--env-var",
      "a:b=c=d",
      "--json",
      "--db",
      db,
    ]);
    expect(ran.stderr).toBe("");
    expect(JSON.parse(ran.stdout).results[0].path).toBe("/api/posts?limit=1&x=c=d");
  });

  it("a {{name}} nothing defines is sent as written, with a warning naming it for that request; exit 0 as Newman", async () => {
    const { dir, db } = tempDb();
    const ran = await cli(["replay", postman(dir, [item("Posts", "/api/posts?limit=1&x={{nothing}}")]), "--db", db]);
    expect(ran.code).toBe(0);
    expect(oneStderrLine(ran)).toBe("mockman: warning: Posts: {{nothing}} has no value; sent as written");
  });
});

describe("iterations", () => {
  it("-d CSV: one iteration per row, {{column}} and pm.iterationData's scope, lines and JUnit per iteration", async () => {
    const { dir, db } = tempDb();
    const data = write(dir, "d.csv", '\uFEFFlimit,label\n1,"one, first"\n2,"two\nlines"\n');
    const file = postman(dir, [item("Posts", "/api/posts?limit={{limit}}", [ok])]);
    const ran = await cli(["replay", file, "-d", data, "--db", db]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(
      /^Iteration 1\/2\nPosts +GET +\/api\/posts\?limit=1 .*pass\nIteration 2\/2\nPosts +GET +\/api\/posts\?limit=2 .*pass\n/,
    );
    expect(ran.stdout).toMatch(/^2 iterations, 2 requests, 2 assertions, 0 failed/m);
    const junit = await cli(["replay", file, "--iteration-data", data, "-r", "junit", "--db", db]);
    // Newman's junit: one testsuite for the request, which both iterations ran, one testcase for its assertion.
    expect(junit.stdout.match(/<testsuite /g)).toHaveLength(1);
    expect(junit.stdout).toMatch(/<testsuite name="Posts" id="[^"]+" timestamp="[^"]+" tests="1" failures="0" errors="0" time="[\d.]+">/);
    expect(junit.stdout).toMatch(/<testcase name="200" time="[\d.]+" classname="Posts"\/>/);
  });

  it("-d JSON with -n 3: the last row is used again, as Newman does; the report carries each iteration", async () => {
    const { dir, db } = tempDb();
    const data = write(dir, "d.json", [{ limit: 1 }, { limit: 2 }]);
    const ran = await cli([
      "replay",
      postman(dir, [item("Posts", "/api/posts?limit={{limit}}")]),
      "-d",
      data,
      "-n",
      "3",
      "--json",
      "--db",
      db,
    ]);
    const report = JSON.parse(ran.stdout);
    expect(report.results.map((r: { path: string; iteration: number }) => [r.iteration, r.path])).toEqual([
      [0, "/api/posts?limit=1"],
      [1, "/api/posts?limit=2"],
      [2, "/api/posts?limit=2"],
    ]);
    expect(report.iterations).toBe(3);
  });

  it("-n runs a collection of ours several times; data columns fill its templates", async () => {
    const { dir, db } = tempDb();
    const file = write(dir, "c.json", { mockman: 1, requests: [{ name: "posts", method: "GET", endpoint: "/api/posts?limit={{n}}" }] });
    const data = write(dir, "d.csv", "n\n1\n2\n");
    const report = JSON.parse((await cli(["replay", file, "-d", data, "--json", "--db", db])).stdout);
    expect(report.results.map((r: { path: string }) => r.path)).toEqual(["/api/posts?limit=1", "/api/posts?limit=2"]);
  });

  it("bad data is exit 2 before anything is sent", async () => {
    const { dir, db } = tempDb();
    const data = write(dir, "d.json", { not: "an array" });
    const ran = await cli(["replay", postman(dir, [item("Posts", "/api/posts")]), "-d", data, "--db", db]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toBe(
      `mockman: --iteration-data ${data}: JSON iteration data must be an array of objects, one per iteration. Nothing was sent`,
    );
  });
});

describe("--folder, --bail, exit codes", () => {
  const items = [
    {
      name: "Posts",
      item: [{ name: "Nested", item: [item("List", "/api/posts?limit=1", [ok])] }, item("Missing", "/api/posts/nope", [ok])],
    },
    item("Other", "/api/test-todos", [ok]),
  ];

  it("--folder runs a nested folder by name (repeatable); an unknown one is exit 2", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, items);
    const one = JSON.parse((await cli(["replay", file, "--folder", "Nested", "--json", "--db", db])).stdout);
    expect(one.results.map((r: { name: string }) => r.name)).toEqual(["posts-nested-list"]);
    const two = JSON.parse((await cli(["replay", file, "--folder", "Nested", "--folder", "Other", "--json", "--db", db])).stdout);
    expect(two.results.map((r: { name: string }) => r.name)).toEqual(["posts-nested-list", "other"]);
    const unknown = await cli(["replay", file, "--folder", "Nope", "--bail", "folder", "--db", db]);
    expect(unknown.code).toBe(2);
    expect(oneStderrLine(unknown)).toBe(
      `mockman: ${file}: --folder Nope: the collection has no folder or request of that name or id. Nothing was sent`,
    );
  });

  it("a failed assertion is exit 1; --bail stops there; -x exits 0; a 404 without tests passes, as in Newman", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, items);
    const ran = await cli(["replay", file, "--db", db]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^3 requests, 3 assertions, 1 failed/m);
    const bailed = await cli(["replay", file, "--bail", "--db", db]);
    expect(bailed.stdout).toMatch(/^2 requests, 2 assertions, 1 failed, 1 not run \(--bail\)/m);
    const suppressed = await cli(["replay", file, "-x", "--db", db]);
    expect(suppressed.code).toBe(0);
    expect(oneStderrLine(suppressed)).toBe("mockman: 1 of 3 requests failed; see the lines marked FAIL (exit 0: --suppress-exit-code)");
    const untested = await cli(["replay", postman(dir, [item("Missing", "/api/posts/nope")]), "--db", db]);
    expect(untested.code).toBe(0);
  });

  it("--bail stops before a request whose pre-request script threw or failed a test: it is not sent, as in Newman", async () => {
    const { dir, db } = tempDb();
    const pre = (line: string) => ({ event: [{ listen: "prerequest", script: { exec: [line] } }] });
    for (const line of [
      "throw new Error('no token yet');",
      "pm.test('a token is set', () => pm.expect(pm.environment.get('token')).to.be.ok);",
    ]) {
      const file = postman(dir, [item("Guarded", "/api/posts?limit=1", [ok], pre(line)), item("Later", "/api/test-todos", [ok])]);
      const ran = await cli(["replay", file, "--bail", "--json", "--db", db]);
      expect(ran.code, line).toBe(1);
      const report = JSON.parse(ran.stdout);
      expect(report.results, line).toHaveLength(1);
      expect(report.results[0], line).toMatchObject({ name: "guarded", status: null, pass: false });
      expect(JSON.stringify(report.results[0].failures), line).toMatch(/no token yet|a token is set/);
      // Without --bail the request goes, as Newman sends it.
      expect(JSON.parse((await cli(["replay", file, "--json", "--db", db])).stdout).results[0].status, line).toBe(200);
    }
  });

  it.each([
    [["--bail", "sometimes"], "--bail sometimes: expected failure or folder"],
    [["-n", "0"], "--iteration-count: must be 1 or more"],
    [["--timeout-request", "soon"], "--timeout-request: expected a whole number"],
    [["--color", "rainbow"], "Allowed choices are on, off, auto"],
    [["-r", "html"], "--reporters html: not a reporter. Allowed choices are cli, json, junit"],
    [["-r", "json,junit"], "-r json,junit: one report can go to stdout; give --reporter-junit-export FILE"],
  ])("%j is a usage error", async (args, message) => {
    const { dir, db } = tempDb();
    const ran = await cli(["replay", postman(dir, items), ...args, "--db", db]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toContain(message);
  });
});

describe("reporters and exports", () => {
  it("-r cli,json,junit: the lines on stdout, each report in its export file; a repeated --reporter keeps both", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [item("Posts", "/api/posts?limit=1", [ok])]);
    const ran = await cli(
      ["replay", file, "-r", "cli,json,junit", "--reporter-json-export", "r.json", "--reporter-junit-export", "r.xml", "--db", db],
      { cwd: dir },
    );
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Posts +GET .*pass\n1 request, 1 assertion, 0 failed/);
    expect(JSON.parse(readFileSync(join(dir, "r.json"), "utf8"))).toMatchObject({ passed: 1 });
    expect(readFileSync(join(dir, "r.xml"), "utf8")).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="p" tests="1" time="[\d.]+">\n {2}<testsuite name="Posts" /,
    );
    const repeated = await cli(
      [
        "replay",
        file,
        "--reporter",
        "json",
        "--reporter",
        "junit",
        "--reporter-json-export",
        "a.json",
        "--reporter-junit-export",
        "a.xml",
        "--db",
        db,
      ],
      { cwd: dir },
    );
    expect(repeated.code).toBe(0);
    expect(existsSync(join(dir, "a.json")) && existsSync(join(dir, "a.xml"))).toBe(true);
  });

  it("--silent prints nothing on stdout, as Newman's cli reporter then registers nothing; the other reports are still written, the exit code is the run's", async () => {
    const { dir, db } = tempDb();
    const logs = { event: [{ listen: "prerequest", script: { exec: ["console.log('pre')"] } }, ...test("console.log('test')", ok)] };
    const passing = postman(dir, [item("Posts", "/api/posts?limit=1", [], logs)]);
    const ran = await processCli(
      ["replay", passing, "--silent", "-r", "json,cli", "--reporter-json-export", "r.json", "-n", "2", "--db", db],
      {
        cwd: dir,
      },
    );
    expect(ran).toMatchObject({ code: 0, stdout: "", stderr: "" });
    expect(JSON.parse(readFileSync(join(dir, "r.json"), "utf8"))).toMatchObject({ passed: 2, failed: 0 });
  });

  // Apart from the passing run above: each of these bins boots the script sandbox, and four in one test passed the
  // slow project's 60 s at load 15 (stop 75's interim clean clone, three helpers' tests beside it).
  it("--silent and --reporter-cli-silent leave stdout empty on a failing run, say so on stderr, and exit 1", async () => {
    const { dir, db } = tempDb();
    const failing = write(dir, "f.postman_collection.json", {
      info: { name: "f", schema: SCHEMA },
      item: [item("Missing", "/api/nothing-here", ["pm.test('200', () => pm.response.to.have.status(200));"])],
    });
    for (const silent of ["--silent", "--reporter-cli-silent"]) {
      const failed = await processCli(["replay", failing, silent, "-r", "cli,junit", "--reporter-junit-export", "r.xml", "--db", db], {
        cwd: dir,
      });
      expect(failed.code).toBe(1);
      expect(failed.stdout).toBe("");
      expect(failed.stderr).toBe("mockman: 1 of 1 requests failed; see the report\n");
      expect(readFileSync(join(dir, "r.xml"), "utf8")).toContain(
        '<failure type="AssertionFailure" message="expected response to have status code 200 but got 404">',
      );
    }
    const alone = await processCli(["replay", failing, "--silent", "--db", db], { cwd: dir });
    expect(alone).toMatchObject({ code: 1, stdout: "", stderr: "mockman: 1 of 1 requests failed; --silent printed no lines\n" });
  });

  it("-r cli,json without an export file writes the report under newman/, as Newman does", async () => {
    const { dir, db } = tempDb();
    const ran = await cli(["replay", postman(dir, [item("Posts", "/api/posts?limit=1")]), "-r", "cli,json", "--db", db], { cwd: dir });
    expect(ran.code).toBe(0);
    expect(readdirSync(join(dir, "newman"))).toEqual([expect.stringMatching(/^newman-run-report-[\dT-]+Z\.json$/)]);
  });

  it("--export-environment, --export-globals and --export-collection write the scopes as the run left them", async () => {
    const { dir, db } = tempDb();
    const file = postman(
      dir,
      [
        item("Posts", "/api/posts?limit=1", [
          "pm.environment.set('seen', 'yes'); pm.globals.set('g', 1); pm.collectionVariables.set('c', 'after');",
        ]),
      ],
      { variable: [{ key: "c", value: "before" }] },
    );
    const ran = await cli(
      [
        "replay",
        file,
        "--env-var",
        "start=1",
        "--export-environment",
        "env.json",
        "--export-globals",
        "g.json",
        "--export-collection",
        "c.json",
        "--db",
        db,
      ],
      { cwd: dir },
    );
    expect(ran.code).toBe(0);
    // As Newman exports them: no file, so a fresh id and the scope's name; each variable `{type, value, key}`.
    const env = JSON.parse(readFileSync(join(dir, "env.json"), "utf8"));
    expect(env).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "environment",
      _postman_variable_scope: "environment",
    });
    expect(env._postman_exported_using).toMatch(/^mockman\/\d/);
    expect(env.values).toEqual([
      { type: "any", value: "1", key: "start" },
      { type: "any", value: "yes", key: "seen" },
    ]);
    expect(JSON.parse(readFileSync(join(dir, "g.json"), "utf8")).values).toEqual([
      // A number stays a number (a re-import keeps its type there).
      { type: "any", value: 1, key: "g" },
    ]);
    // postman-collection's Collection JSON, as Newman writes it, but its variables as the run left them.
    expect(JSON.parse(readFileSync(join(dir, "c.json"), "utf8"))).toMatchObject({
      variable: [{ type: "any", value: "after", key: "c" }],
      name: "collection",
      _postman_variable_scope: "collection",
    });
  });

  it("--export-environment has the {{baseUrl}} --base-url gives, as --env-var would give it", async () => {
    const dir = tempDir();
    const server = createServer((_, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const file = postman(dir, [item("Root", "{{baseUrl}}/x", ["pm.environment.set('seen', pm.environment.get('baseUrl'));"])]);
      const ran = await cli(["replay", file, "--base-url", `${base}/`, "--env-var", "start=1", "--export-environment", "env.json"], {
        cwd: dir,
      });
      expect(ran.code, ran.stderr).toBe(0);
      expect(JSON.parse(readFileSync(join(dir, "env.json"), "utf8")).values).toEqual([
        { type: "any", value: "1", key: "start" },
        { type: "any", value: base, key: "baseUrl" },
        { type: "any", value: base, key: "seen" },
      ]);
    } finally {
      server.close();
    }
  });

  it("--color on colours a pipe, --color off a terminal not", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [item("Posts", "/api/posts?limit=1")]);
    expect((await cli(["replay", file, "--color", "on", "--db", db])).stdout).toContain("\x1b[32mpass");
    expect((await cli(["replay", file, "--color", "off", "--db", db], { tty: true })).stdout).not.toContain("\x1b[");
  });
});

describe("timeouts", () => {
  let slow: Server | undefined;
  afterEach(() => slow?.close());
  const slowServer = () =>
    new Promise<string>((resolve) => {
      slow = createServer((req, res) => {
        const wait = req.url?.startsWith("/slow") ? 30_000 : 0;
        setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"), wait).unref();
      });
      slow.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(slow!.address() as { port: number }).port}`));
    });

  it("--timeout-request fails a request not answered in time, and the run goes on", async () => {
    const url = await slowServer();
    const { dir } = tempDb();
    const file = postman(dir, [item("Slow", "{{baseUrl}}/slow"), item("Fast", "{{baseUrl}}/fast")]);
    // 2 s: room for the fast answer on a busy machine (at load 20, 200 ms failed it), far below the slow one's 30 s.
    const ran = await cli(["replay", file, "--env-var", `baseUrl=${url}`, "--timeout-request", "2000", "--json"]);
    expect(ran.code).toBe(1);
    const results = JSON.parse(ran.stdout).results;
    expect(results[0]).toMatchObject({ status: null, pass: false });
    expect(results[0].error).toMatch(/^not sent: (no answer within --timeout-request 2000 ms|no answer from .* within 2 s)/);
    expect(results[1]).toMatchObject({ status: 200, pass: true });
  });

  it("--timeout stops the run and exits 1", async () => {
    const url = await slowServer();
    const { dir } = tempDb();
    const file = postman(dir, [item("Slow", "{{baseUrl}}/slow"), item("After", "{{baseUrl}}/fast")]);
    const ran = await cli(["replay", file, "--env-var", `baseUrl=${url}`, "--timeout", "100", "--json"]);
    expect(ran.code).toBe(1);
    // The request in flight at the deadline is not waited for (the server answers in 30 s): it ends the run.
    const results = JSON.parse(ran.stdout).results;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ name: "slow", status: null, pass: false, error: "not sent: no answer before the run's --timeout" });
    expect(oneStderrLine(ran)).toBe("mockman: the run went past --timeout 100 ms and was stopped");
  });

  it("--timeout-script stops a script that loops, fails its request with a message, and the run goes on", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [item("Loops", "/api/posts?limit=1", ["while (true) {}"]), item("Next", "/api/posts?limit=1", [ok])]);
    const ran = await cli(["replay", file, "--timeout-script", "300", "--json", "--db", db]);
    expect(ran.code).toBe(1);
    const results = JSON.parse(ran.stdout).results;
    expect(results[0].error).toBe("test script of Loops: the script ran past its 300 ms time budget and was stopped");
    expect(results[1].pass).toBe(true);
  });
});

describe("-k, --insecure", () => {
  let https: Server | undefined;
  afterEach(() => https?.close());

  it("accepts a self-signed certificate, which is refused without it", async () => {
    const dir = tempDir();
    const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    const url = await new Promise<string>((resolve) => {
      https = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) =>
        res.writeHead(200, { "content-type": "application/json" }).end("{}"),
      ) as unknown as Server;
      https.listen(0, "127.0.0.1", () => resolve(`https://127.0.0.1:${(https!.address() as { port: number }).port}`));
    });
    const file = postman(dir, [item("Secure", "{{baseUrl}}/x", [ok])]);
    const refused = await cli(["replay", file, "--base-url", url, "--json"]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).results[0]).toMatchObject({ status: null, pass: false });
    const accepted = await cli(["replay", file, "--base-url", url, "-k", "--json"]);
    expect(accepted.code).toBe(0);
    expect(JSON.parse(accepted.stdout).results[0]).toMatchObject({ status: 200, pass: true });
  });
});

describe("scripts' console output", () => {
  const scripts = [
    { listen: "prerequest", script: { exec: ["console.log('pre', 1)"] } },
    {
      listen: "test",
      script: {
        exec: [
          "console.log('hello', {a: 1, b: [1, 'x']}, null, undefined);",
          "console.info('it\\'s');",
          "console.warn(new Map([[1,2]]));",
          "console.error({deep: {a: {b: {c: {d: 1}}}}, long: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbbbb'});",
          "console.log('\\x1b[2K\\u202e');",
          "pm.test('t', () => {});",
        ],
      },
    },
  ];

  it("each console call is printed under its request as Newman's cli reporter prints it (util.inspect, wrapped at 54)", async () => {
    const { dir, db } = tempDb();
    const ran = await processCli([
      "replay",
      postman(dir, [item("One", "/api/posts?limit=1", [], { event: scripts })]),
      "--db",
      db,
      "--color",
      "off",
    ]);
    expect(ran.code).toBe(0);
    const lines = ran.stdout.split("\n");
    // Newman 6.2.2's lines for these calls, its ┌ │ └ boxes: the pre-request call in a box of its own, before the request's line.
    expect(lines.slice(0, 4)).toEqual(["  ┌", "  │ 'pre', 1", "  └", expect.stringMatching(/^One +GET /)]);
    expect(lines.slice(4, 18)).toEqual([
      "  ┌",
      "  │ 'hello', { a: 1, b: [ 1, 'x' ] }, null, undefined",
      `  │ "it's"`,
      "  │ Map(1) { 1 => 2 }",
      "  │ {",
      "  │   deep: {",
      "  │     a: { b: { c: { d: 1 } } }",
      "  │   },",
      "  │   long: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbbbbbbb",
      "  │ bbbbbbbbbb'",
      "  │ }",
      // What a terminal would act on is shown escaped (util.inspect escapes ESC; the bidi mark is ours).
      "  │ '\\x1B[2K\\u202e'",
      "  └",
      expect.stringMatching(/^1 request, 1 assertion, 0 failed/),
    ]);
  });

  it("a pre-request script's box comes before the request's line, a test script's after, where Newman's cli reporter prints them", async () => {
    const dir = tempDir();
    const server = await serve();
    const exec = (lines: string[]) => ({ exec: lines });
    const file = postman(dir, [
      item("Both", "{{baseUrl}}/api/posts?limit=1", [], {
        event: [
          { listen: "prerequest", script: exec(["console.log('pre', 1);", "console.warn('pre', 2);"]) },
          { listen: "test", script: exec(["console.log('test', 1);", "console.info('test', 2);"]) },
        ],
      }),
      item("Before only", "{{baseUrl}}/api/posts?limit=2", [], {
        event: [{ listen: "prerequest", script: exec(["console.log('only')"]) }],
      }),
      item("After only", "{{baseUrl}}/api/posts?limit=3", ["console.error('late')"]),
      // A value that holds itself: util.inspect's <ref *n> and [Circular *n], as Newman prints it (once a quoted '[Circular]').
      item("Cycle", "{{baseUrl}}/api/posts?limit=4", [
        "const a = { x: 1, list: [1, 2] }; a.self = a; a.list.push(a.list); console.log(a);",
      ]),
    ]);
    try {
      const newman = await new Promise<string>((done, fail) =>
        execFile(
          process.execPath,
          [join(ROOT, "node_modules/newman/bin/newman.js"), "run", file, "--env-var", `baseUrl=${server.url}`, "--color", "off"],
          { timeout: 60_000 },
          (error, stdout) => (error ? fail(error) : done(stdout)),
        ),
      );
      const ran = await processCli(["replay", file, "--base-url", server.url, "--color", "off"]);
      expect(ran.code).toBe(0);
      // Each tool's lines for the requests, its own request line as REQUEST: Newman's between its item's name and the summary table.
      const newmanLines = newman
        .slice(newman.indexOf("→ Both"), newman.indexOf("┌─"))
        .split("\n")
        .filter((line) => line && !line.startsWith("→ "))
        .map((line) => (line.startsWith("  GET ") ? "REQUEST" : line));
      const mockmanLines = ran.stdout
        .split("\n")
        .slice(0, -2)
        .map((line) => (/^(Both|Before only|After only|Cycle) +GET /.test(line) ? "REQUEST" : line));
      expect(mockmanLines).toEqual(newmanLines);
      expect(mockmanLines).toEqual([
        ...["  ┌", "  │ 'pre', 1", "  │ 'pre', 2", "  └", "REQUEST", "  ┌", "  │ 'test', 1", "  │ 'test', 2", "  └"],
        ...["  ┌", "  │ 'only'", "  └", "REQUEST"],
        ...["REQUEST", "  ┌", "  │ 'late'", "  └"],
        ...[
          "REQUEST",
          "  ┌",
          "  │ <ref *2> {",
          "  │   x: 1,",
          "  │   list: <ref *1> [ 1, 2, [Circular *1] ],",
          "  │   self: [Circular *2]",
          "  │ }",
          "  └",
        ],
      ]);
    } finally {
      await server.stop();
    }
  });

  it("the json report keeps them per request, { level, messages } and a pre-request script's marked; --json prints no box", async () => {
    const { dir, db } = tempDb();
    const ran = await processCli([
      "replay",
      postman(dir, [item("One", "/api/posts?limit=1", [], { event: scripts })]),
      "--db",
      db,
      "--json",
    ]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).not.toContain("┌");
    const logged = JSON.parse(ran.stdout).results[0].console;
    expect(logged.slice(0, 4)).toEqual([
      { level: "log", messages: ["pre", 1], script: "prerequest" },
      { level: "log", messages: ["hello", { a: 1, b: [1, "x"] }, null, null] },
      { level: "info", messages: ["it's"] },
      { level: "warn", messages: [{}] },
    ]);
    expect(logged.map((e: { level: string }) => e.level)).toEqual(["log", "log", "info", "warn", "error", "log"]);
  });
});

describe("--cookie-jar", () => {
  it("a file that is no jar tough-cookie reads, or one past the jar's bound: exit 2, nothing sent", async () => {
    const dir = tempDir();
    let hits = 0;
    const server = createServer((_request, response) => {
      hits++;
      response.end("{}");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const file = postman(dir, [item("One", "/x")]);
      const many = Array.from({ length: 1_001 }, (_, i) => ({ key: `c${i}`, value: "v", domain: "127.0.0.1", path: "/" }));
      for (const [name, text, why] of [
        [
          "bad.json",
          "{not json",
          /^mockman: --cookie-jar .*bad\.json: not a cookie jar tough-cookie reads \(.*JSON.*\)\. Nothing was sent$/,
        ],
        [
          "array.json",
          "[]",
          /array\.json: not a cookie jar tough-cookie reads \(serialized jar has no cookies array\)\. Nothing was sent$/,
        ],
        [
          "many.json",
          JSON.stringify({ cookies: many }),
          /many\.json: not a cookie jar tough-cookie reads \(the jar holds 1,000 cookies \(the bound\)\)/,
        ],
      ] as const) {
        const ran = await cli(["replay", file, "--base-url", url, "--cookie-jar", write(dir, name, text)]);
        expect(ran.code, name).toBe(2);
        expect(oneStderrLine(ran)).toMatch(why);
      }
      const missing = await cli(["replay", file, "--base-url", url, "--cookie-jar", join(dir, "none.json")]);
      expect(missing.code).toBe(2);
      expect(oneStderrLine(missing)).toMatch(/cannot read --cookie-jar file .*none\.json: no such file/);
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });
});
