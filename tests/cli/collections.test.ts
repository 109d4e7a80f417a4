// Collections you can trust in CI, through the real commands: the smoke
// collection leaves a user's data as it found it, variables and env files,
// the JSON-only default rule and the x-mockman mark, JUnit reports, Postman
// files, and runs that are too long or too deep for a naive runner.
import { createServer, type Server } from "node:http";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT, cli, folderState, oneStderrLine, serve, tempDb } from "./helpers";

const SMOKE = join(ROOT, "cli/examples/smoke.collection.json");
const POSTMAN = join(ROOT, "cli/examples/moments.postman_collection.json");

function write(dir: string, name: string, json: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof json === "string" ? json : JSON.stringify(json));
  return file;
}

const collection = (dir: string, requests: unknown[], extra: object = {}) => write(dir, "c.json", { mockman: 1, ...extra, requests });

const login = { name: "login", method: "POST", endpoint: "/api/auth/login", body: { username: "guest", password: "guest1234" } };

async function exported(db: string) {
  const ran = await cli(["export", "--db", db]);
  expect(ran.code).toBe(0);
  // Timestamps of records the run touched and restored may move; everything else must not.
  return JSON.parse(ran.stdout.replace(/"updatedAt": *"[^"]*"/g, '"updatedAt": ""')).data;
}

describe("the smoke collection on a store with user data", () => {
  it("passes twice and leaves the user's posts, likes, bookmarks, comments and follows as they were", async () => {
    const { db } = tempDb();
    const as = ["--as", "guest", "--db", db];
    const mine = await cli([
      "request",
      "POST",
      "/api/posts",
      "-d",
      '{"postData":{"content":"My own post"}}',
      "-H",
      "Prefer: return=minimal",
      "--json",
      ...as,
    ]);
    const postId = JSON.parse(mine.stdout).body.post._id;
    const posts = JSON.parse((await cli(["request", "GET", "/api/posts?limit=3", "-b", "--db", db])).stdout).posts;
    const other = posts.find((p: { username: string }) => p.username !== "guest")._id;
    for (const args of [
      ["POST", `/api/posts/like/${other}`],
      ["POST", `/api/users/bookmark/${postId}`],
      ["POST", `/api/users/bookmark/${other}`],
      ["POST", `/api/comments/add/${postId}`, "-d", '{"commentData":{"comment":{"commentVal":"note to self"}}}'],
    ])
      expect((await cli(["request", ...args, ...as])).code).toBe(0);
    const before = await exported(db);

    for (let round = 0; round < 2; round++) {
      const ran = await cli(["replay", SMOKE, "--db", db]);
      expect(ran.stderr).toBe("");
      expect(ran.code).toBe(0);
      expect(ran.stdout).toMatch(/^19 requests, 45 assertions, 0 failed/m);
    }
    expect(await exported(db)).toEqual(before);
  });
});

describe("variables", () => {
  const echo = {
    name: "echo",
    method: "POST",
    endpoint: "/api/test-todos",
    body: { title: "{{who}} at {{place}}" },
    expect: { body: { "todo.title": "{{who}} at {{place}}" } },
  };

  it("come from the collection, then --env FILE, then --env-var, later ones winning", async () => {
    const { dir, db } = tempDb();
    const file = collection(dir, [echo], { variables: { who: "collection", place: "home" } });
    const env = write(dir, "env.json", { who: "env", place: "office" });
    const ran = await cli(["replay", file, "--env", env, "--env-var", "who=cli", "--json", "--db", db]);
    expect(ran.code).toBe(0);
    const todos = JSON.parse((await cli(["request", "GET", "/api/test-todos", "-b", "--db", db])).stdout).todos;
    expect(todos.map((t: { title: string }) => t.title)).toContain("cli at office");
  });

  it("read a Postman environment file too", async () => {
    const { dir, db } = tempDb();
    const env = write(dir, "local.postman_environment.json", {
      id: "e1",
      name: "Local",
      values: [
        { key: "who", value: "postman", enabled: true },
        { key: "place", value: "lab", enabled: true },
        { key: "off", value: "x", enabled: false },
      ],
      _postman_variable_scope: "environment",
    });
    const ran = await cli(["replay", collection(dir, [echo]), "--env", env, "--db", db]);
    expect(ran.code).toBe(0);
  });

  it("an undefined one is exit 2 before anything is sent, and the store is untouched", async () => {
    const { dir, db } = tempDb();
    await cli(["reset", "--db", db]);
    const file = collection(dir, [{ name: "first", method: "POST", endpoint: "/api/test-todos", body: { title: "x" } }, echo]);
    const before = folderState(dir);
    const ran = await cli(["replay", file, "--env-var", "who=me", "--db", db]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(oneStderrLine(ran)).toBe(
      `mockman: ${file}: requests.1 (echo) uses {{place}}, which no variable or earlier request defines (and 1 more); give it with --env-var NAME=VALUE or --env FILE. Nothing was sent`,
    );
    expect(folderState(dir)).toEqual(before);
  });

  it.each([
    [["--env-var", "no-equals"], "--env-var no-equals: write it as NAME=VALUE"],
    [["--env", "missing.json"], "cannot read --env file missing.json: no such file"],
    [["--env", "spaced.json"], '--env spaced.json: "a b" is not a variable name (letters, digits, _ . -)'],
    [["--globals", "list.json"], '--globals list.json: not a JSON object of names and values, e.g. {"baseUrl": "http://127.0.0.1:'],
  ])("%j is a usage error", async (args, message) => {
    const { dir, db } = tempDb();
    write(dir, "spaced.json", { "a b": "x" });
    write(dir, "list.json", ["a"]);
    const ran = await cli(["replay", collection(dir, [echo]), ...args, "--db", db], { cwd: dir });
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toContain(message);
  });

  it("{{baseUrl}} is empty in-process; an env's baseUrl sends the run to that server", async () => {
    const server = await serve();
    const { dir, db } = tempDb();
    const file = collection(dir, [{ name: "posts", method: "GET", endpoint: "{{baseUrl}}/api/posts?limit=1", expect: { status: 200 } }]);
    const local = await cli(["replay", file, "--json", "--db", db]);
    expect(JSON.parse(local.stdout)).toMatchObject({ target: expect.stringMatching(/\(in-process\)$/), passed: 1 });
    const env = write(dir, "env.json", { baseUrl: server.url });
    const remote = await cli(["replay", file, "--env", env, "--json"]);
    expect(JSON.parse(remote.stdout)).toMatchObject({ target: server.url, passed: 1, results: [{ path: "/api/posts?limit=1" }] });
  });
});

describe("talking to something that is not mockman serve", () => {
  let html: Server | undefined;
  afterEach(() => html?.close());
  const staticServer = () =>
    new Promise<string>((resolve) => {
      html = createServer((_req, res) =>
        res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><html><body>Moments</body></html>"),
      );
      html.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(html!.address() as { port: number }).port}`));
    });

  it("replay fails HTML answers, even with the expected status, and says where --base-url should point", async () => {
    const url = await staticServer();
    const { dir } = tempDb();
    const ran = await cli([
      "replay",
      collection(dir, [{ name: "posts", method: "GET", endpoint: "/api/posts", expect: { status: 200 } }]),
      "--base-url",
      url,
    ]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(
      "    content-type: expected a JSON answer, got HTML (text/html): is --base-url pointing at mockman serve (e.g. http://127.0.0.1:3001)?",
    );
  });

  it("request says so on stderr; answers from serve carry x-mockman and get no note", async () => {
    const url = await staticServer();
    const other = await cli(["request", "GET", "/api/posts", "--base-url", url]);
    expect(oneStderrLine(other)).toBe(
      `mockman: note: ${url} is not mockman serve (it answered with an HTML page); for the mock API start mockman serve and use --base-url http://127.0.0.1:3001`,
    );
    const server = await serve();
    const ours = await cli(["request", "GET", "/api/posts?limit=1", "--base-url", server.url, "--json"]);
    expect(ours.stderr).toBe("");
    expect(JSON.parse(ours.stdout).headers["x-mockman"]).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("reporters", () => {
  const failing = [
    { ...login, expect: { status: 200, body: { "foundUser.username": "guest" } } },
    { name: "wrong", method: "GET", endpoint: "/api/posts/nope", expect: { status: 200, body: { "post._id": { exists: true } } } },
    { name: "later", method: "GET", endpoint: "/api/test-todos" },
  ];

  it("--reporter junit --reporter-out writes Newman's JUnit XML, each failed check's expected and actual in its failure; the lines still print", async () => {
    const { dir, db } = tempDb();
    const ran = await cli(["replay", collection(dir, failing), "--reporter", "junit", "--reporter-out", "junit.xml", "--db", db], {
      cwd: dir,
    });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^wrong +GET/m);
    const xml = readFileSync(join(dir, "junit.xml"), "utf8");
    // Newman's layout (its own reporter): the collection as toPostman converts it, a testsuite per request, a
    // testcase for its `expect`, named as the pm.test its export runs in Newman.
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="mockman collection" tests="3" time="[\d.]+">/);
    expect(xml).toMatch(
      /<testsuite name="login" id="[^"]+" timestamp="[^"]+" tests="1" failures="0" errors="0" time="[\d.]+">\n {4}<testcase name="status is 200" time="[\d.]+" classname="Login"\/>/,
    );
    expect(xml).toMatch(/<testsuite name="wrong" id="[^"]+" timestamp="[^"]+" tests="1" failures="1" errors="0" time="[\d.]+">/);
    expect(xml).toContain('<failure type="AssertionFailure" message="status: expected 200, got 404">');
    expect(xml).toContain(
      "<![CDATA[Stacktrace: AssertionError: status: expected 200, got 404\nstatus\n  expected: 200\n  actual:   404\nbody.post._id\n  expected: a value\n  actual:   nothing.]]>",
    );
    // A request without an `expect` is checked all the same (below 400), but its export has no pm.test: no testcase.
    expect(xml).toMatch(/<testsuite name="later" id="[^"]+" timestamp="[^"]+" tests="0" failures="0" errors="0" time="[\d.]+"\/>/);
    expect(xml.match(/<testsuite /g)).toHaveLength(3);
  });

  it("--bail: what did not run has no testsuite, as in Newman's report; junit without --reporter-out goes to stdout alone", async () => {
    const { dir, db } = tempDb();
    const ran = await cli(["replay", collection(dir, failing), "--reporter", "junit", "--bail", "--db", db]);
    expect(ran.stdout.startsWith("<?xml")).toBe(true);
    expect(ran.stdout).toContain('<testsuites name="mockman collection" tests="2"');
    expect([...ran.stdout.matchAll(/<testsuite name="([^"]*)"/g)].map((m) => m[1])).toEqual(["login", "wrong"]);
    expect(oneStderrLine(ran)).toBe("mockman: 1 of 3 requests failed; see the report");
  });

  it("--json lists each failed check", async () => {
    const { dir, db } = tempDb();
    const report = JSON.parse((await cli(["replay", collection(dir, failing), "--json", "--db", db])).stdout);
    expect(report.results[1].failures).toEqual([
      { check: "status", expected: "200", actual: "404" },
      { check: "body.post._id", expected: "a value", actual: "nothing" },
    ]);
  });

  it.each([
    [["--reporter", "xml"], /--reporter.*Allowed choices are cli, json, junit/],
    [["--reporter-out", "x.xml"], /--reporter-out needs --reporter json or junit/],
    [["--json", "--reporter", "junit"], /--json and --reporter junit: give one/],
  ])("%j is a usage error", async (args, message) => {
    const { dir, db } = tempDb();
    const ran = await cli(["replay", collection(dir, failing), ...args, "--db", db]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toMatch(message);
  });
});

describe("Postman collections", () => {
  it("the example Postman export runs with its scripts and passes in-process (--env-var baseUrl= empties its server)", async () => {
    const { db } = tempDb();
    const ran = await cli(["replay", POSTMAN, "--env-var", "baseUrl=", "--db", db]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^5 requests, 6 assertions, 0 failed/m);
    // Its scripts run, so nothing is left to note: the like's own check and the token its login script stores.
    expect(ran.stderr).toBe("");
  });

  it("and against mockman serve, with its own baseUrl replaced", async () => {
    const server = await serve();
    const ran = await cli(["replay", POSTMAN, "--base-url", server.url]);
    expect(ran.code).toBe(0);
  });

  it("another kind of file is named in the error", async () => {
    const { dir } = tempDb();
    const ran = await cli(["replay", write(dir, "x.json", { openapi: "3.1.0", paths: {} })]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toMatch(
      /x\.json: not a collection: this is an OpenAPI document\. mockman reads its own collections and Postman v2\.1 ones\. Nothing was sent$/,
    );
  });
});

describe("collections a naive runner chokes on", () => {
  it('"body": null means no body, on a GET too', async () => {
    const { dir, db } = tempDb();
    const ran = await cli([
      "replay",
      collection(dir, [{ name: "posts", method: "GET", endpoint: "/api/posts?limit=1", body: null }]),
      "--db",
      db,
    ]);
    expect(ran.code).toBe(0);
  });

  // Not a timing check: loading, checking and indexing 200,000 requests takes 10-60 s on a loaded 2-core machine.
  it("200,000 requests load, and --bail stops at the first failure without a stack overflow", { timeout: 90_000 }, async () => {
    const { dir, db } = tempDb();
    const requests = Array.from({ length: 200_000 }, (_, i) => ({ name: `r${i}`, method: "GET", endpoint: "/api/posts/nope" }));
    const ran = await cli(["replay", collection(dir, requests), "--bail", "--db", db]);
    expect(ran.code).toBe(1);
    // The first request fails (a 404), so --bail leaves the other 199,999 unsent.
    expect(ran.stdout).toMatch(/^1 request, 1 assertion, 1 failed, 199999 not run \(--bail\)/m);
  });

  it("a body nested 5,000 levels deep is sent and answered", async () => {
    const { dir, db } = tempDb();
    const deep = '{"a":'.repeat(5000) + '"x"' + "}".repeat(5000);
    const file = write(
      dir,
      "deep.json",
      `{"mockman":1,"requests":[{"name":"deep","method":"POST","endpoint":"/api/test-todos","body":{"title":"deep","x":${deep}},"expect":{"status":201}}]}`,
    );
    const ran = await cli(["replay", file, "--db", db]);
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
  });
});

describe("CLI polish", () => {
  it("FORCE_COLOR colours a pipe, NO_COLOR wins over it, FORCE_COLOR=0 turns colour off", async () => {
    const { db } = tempDb();
    const args = ["request", "GET", "/api/posts?limit=1", "--db", db];
    expect((await cli(args, { env: { FORCE_COLOR: "1" } })).stdout).toContain("\x1b[");
    expect((await cli(args, { env: { FORCE_COLOR: "1", NO_COLOR: "1" } })).stdout).not.toContain("\x1b[");
    expect((await cli(args, { env: { FORCE_COLOR: "0" }, tty: true })).stdout).not.toContain("\x1b[");
    expect((await cli(args, { tty: true })).stdout).toContain("\x1b[");
  });

  it("no message reads '..' where a sentence meets the next", async () => {
    const { db } = tempDb();
    const ran = await cli(["request", "GET", "/api/posts", "--as", "guest:wrong-password", "--db", db]);
    expect(ran.code).toBe(1);
    const line = oneStderrLine(ran);
    expect(line).toMatch(/^mockman: cannot log in as guest: 401 .*[^.]\. Check --as USER:PASSWORD$/);
    expect(line).not.toMatch(/[^.]\.\.[^.]/);
  });

  it("--help examples point at mockman serve's port, 3001, and -H shows no empty default", async () => {
    for (const command of ["request", "replay"]) {
      const help = (await cli([command, "--help"])).stdout;
      expect(help).not.toContain("3000");
      expect(help).toContain("http://127.0.0.1:3001");
      expect(help).not.toContain("(default: [])");
    }
  });
});

describe("Postman scripts run as Newman runs them", () => {
  const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";
  const item = (name: string, url: string, test?: string[], extra: object = {}) => ({
    name,
    request: { method: "GET", url, header: [] },
    ...(test ? { event: [{ listen: "test", script: { exec: test } }] } : {}),
    ...extra,
  });
  const postman = (dir: string, items: unknown[], extra: object = {}) =>
    write(dir, "p.postman_collection.json", { info: { name: "p", schema: SCHEMA }, item: items, ...extra });

  it("a script reaches no process, require or host object; what cannot run is named and fails the run", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [
      item("Isolated", "/api/posts?limit=1", [
        'pm.test("no process", () => pm.expect(typeof process).to.equal("undefined"));',
        'pm.test("no way out through a constructor", () => pm.expect(pm.expect.constructor.constructor("return typeof process")()).to.equal("undefined"));',
        'pm.test("no require", () => require("node:fs"));',
      ]),
    ]);
    const ran = await cli(["replay", file, "--json", "--db", db]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(
      "mockman: Isolated uses require('node:fs') (the sandbox offers ajv, assert, atob, backbone, btoa, buffer, chai, cheerio, crypto-js, csv-parse/lib/sync, events, fs, json, lodash, moment, os, path, postman-collection, punycode, querystring, stream, string_decoder, timers, tv4, url, util, uuid, xml2js), which mockman cannot run; requests where it runs fail",
    );
    const [result] = JSON.parse(ran.stdout).results;
    expect(result.assertions).toEqual([
      { name: "no process", pass: true },
      { name: "no way out through a constructor", pass: true },
      {
        name: "no require",
        pass: false,
        // postman-sandbox's own words, as Newman reports them.
        error: "Cannot find module 'node:fs'",
      },
    ]);
  });

  it("a script error fails its request with its message; a request without tests has no check, as in Newman", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [
      item("Throws", "/api/posts?limit=1", ["const deeper = pm.response.json().nothing.deeper;"]),
      item("Untested 404", "/api/posts/nope"),
      item("Expects 404", "/api/posts/nope", [
        "pm.test('404', () => pm.expect(pm.response.code).to.equal(404));",
        "tests['legacy'] = responseCode.code === 404;",
      ]),
    ]);
    const ran = await cli(["replay", file, "--json", "--db", db]);
    expect(ran.code).toBe(1);
    const report = JSON.parse(ran.stdout);
    expect(report).toMatchObject({ requests: 3, assertions: 2, assertionsFailed: 0, passed: 2, failed: 1 });
    expect(report.results.map((r: { status: number | null; pass: boolean }) => [r.status, r.pass])).toEqual([
      [200, false],
      [404, true],
      [404, true],
    ]);
    expect(report.results[0].error).toBe("test script of Throws: TypeError: Cannot read properties of undefined (reading 'deeper')");
    const lines = await cli(["replay", file, "--db", db]);
    expect(lines.stdout).toMatch(/^3 requests, 2 assertions, 1 failed \(/m);
  });

  it("collection, folder and request scripts run in Newman's order; variables scripts set are not refused before sending", async () => {
    const { dir, db } = tempDb();
    const log = (where: string) => `pm.collectionVariables.set("order", (pm.collectionVariables.get("order") || "") + "${where} ");`;
    const file = postman(
      dir,
      [
        {
          name: "Folder",
          event: [
            { listen: "prerequest", script: { exec: [log("folder-pre")] } },
            { listen: "test", script: { exec: [log("folder-test")] } },
          ],
          item: [
            {
              ...item("Login", "{{baseUrl}}/api/auth/login", [
                log("request-test"),
                'pm.environment.set("token", pm.response.json().encodedToken);',
              ]),
              request: {
                method: "POST",
                url: "{{baseUrl}}/api/auth/login",
                body: { mode: "raw", raw: '{"username":"guest","password":"guest1234"}', options: { raw: { language: "json" } } },
              },
            },
          ],
        },
        item(
          "Bookmarks",
          "{{baseUrl}}/api/users/bookmark",
          [
            'pm.test("order", () => pm.expect(pm.collectionVariables.get("order")).to.equal("collection-pre folder-pre collection-test folder-test request-test collection-pre collection-test "));',
            'pm.test("authorised", () => pm.response.to.have.status(200));',
          ],
          {
            request: {
              method: "GET",
              url: "{{baseUrl}}/api/users/bookmark",
              auth: { type: "bearer", bearer: [{ key: "token", value: "{{token}}" }] },
            },
          },
        ),
      ],
      {
        event: [
          { listen: "prerequest", script: { exec: [log("collection-pre")] } },
          { listen: "test", script: { exec: [log("collection-test")] } },
        ],
      },
    );
    const ran = await cli(["replay", file, "--json", "--db", db]);
    expect(ran.stderr).toBe("");
    expect(JSON.parse(ran.stdout).results.map((r: { pass: boolean }) => r.pass)).toEqual([true, true]);
  });

  it("postman.setNextRequest jumps, and null ends the run", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [
      item("first", "/api/posts?limit=1", ['postman.setNextRequest("third");']),
      item("second", "/api/posts?limit=1"),
      item("third", "/api/posts?limit=1", ["postman.setNextRequest(null);"]),
      item("fourth", "/api/posts?limit=1"),
    ]);
    const report = JSON.parse((await cli(["replay", file, "--json", "--db", db])).stdout);
    expect(report.results.map((r: { name: string }) => r.name)).toEqual(["first", "third"]);
  });

  it("URLs under a variable nothing defines: the run goes on, says which variable, and each such request fails as not sent", async () => {
    const { dir } = tempDb();
    const file = postman(dir, [item("Users", "{{APIURL}}/users"), item("Login", "{{APIURL}}/users/login")]);
    const ran = await cli(["replay", file, "--json"]);
    expect(ran.code).toBe(1);
    expect(ran.stderr.split("\n")[0]).toBe(
      "mockman: its URLs start with {{APIURL}}, which nothing defines: requests fail as not sent. Point it at the API with --env-var APIURL=<url> (for mockman serve, e.g. --env-var APIURL=http://127.0.0.1:3001/api)",
    );
    const report = JSON.parse(ran.stdout);
    expect(report.results.map((r: { error: string }) => r.error)).toEqual([
      "not sent: its URL starts with {{APIURL}}, which has no value when it is sent (give it with --env-var APIURL=<url>)",
      "not sent: its URL starts with {{APIURL}}, which has no value when it is sent (give it with --env-var APIURL=<url>)",
    ]);
  });

  it("an --env-var URL for that variable picks the server to send to", async () => {
    const server = await serve();
    const { dir } = tempDb();
    const file = postman(dir, [item("Posts", "{{APIURL}}/posts?limit=1", ["pm.test('200', () => pm.response.to.have.status(200));"])]);
    const ran = await cli(["replay", file, "--env-var", `APIURL=${server.url}/api`, "--json"]);
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ target: server.url, results: [{ path: "/api/posts?limit=1", pass: true }] });
  });

  it("JUnit has a testcase for each assertion of a request, with its failure, as Newman's", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [
      item("Two checks", "/api/posts/nope", ["pm.test('is 200', () => pm.response.to.have.status(200));", "tests['has posts'] = false;"]),
    ]);
    const ran = await cli(["replay", file, "--reporter", "junit", "--db", db]);
    // Newman's: a testcase per assertion, each with its failure.
    expect(ran.stdout).toMatch(
      /<testcase name="is 200" time="[\d.]+" classname="TwoChecks">\n {6}<failure type="AssertionFailure" message="expected response to have status code 200 but got 404">/,
    );
    expect(ran.stdout).toMatch(
      /<testcase name="has posts" time="[\d.]+" classname="TwoChecks">\n {6}<failure type="AssertionFailure" message="expected false to be truthy">/,
    );
    // The legacy test's index is 1 (after the pm.test), its request the first: Newman's one frame.
    expect(ran.stdout).toContain(
      "<![CDATA[Stacktrace: AssertionError: expected false to be truthy\n   at Object.eval sandbox-script.js:2:1).]]>",
    );
  });
});

describe("a reference to a request that was not sent", () => {
  it("says why it was not sent", async () => {
    const { dir, db } = tempDb();
    const file = collection(dir, [
      { name: "posts", method: "GET", endpoint: "/api/posts?limit=1" },
      { name: "first", method: "GET", endpoint: "/api/posts/{{posts.body.nothing.here}}" },
      { name: "again", method: "GET", endpoint: "/api/posts/{{first.body.post._id}}" },
    ]);
    const report = JSON.parse((await cli(["replay", file, "--json", "--db", db])).stdout);
    expect(report.results[2].error).toBe(
      "not sent: {{first.body.post._id}}: first was not sent ({{posts.body.nothing.here}}: nothing at that path in posts's answer)",
    );
  });
});
