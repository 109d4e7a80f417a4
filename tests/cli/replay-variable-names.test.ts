// Variables named as Object.prototype's properties (`__proto__`, `constructor`, `hasOwnProperty`, `toString`)
// through the bin beside Newman 6 (the oracle, its own bin), on one collection against one node:http server: what
// each request sent, each assertion's verdict, whether a script threw, and the exported scopes. Newman reads such a
// variable from the collection, an environment (-e) or globals (-g) file like any other; mockman lost `__proto__`
// (its scopes were records built by assignment, which set their prototype instead). Where Newman itself fails (an
// --env-var of such a name crashes it before the run; a {{name}} no scope holds is read from Object.prototype), what
// mockman does is pinned alone. tests/collection/variable-names.test.ts has the scopes one by one.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, processCli, tempDir } from "./helpers";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

let server: Server;
let url = "";
/** The path and query of each request the server was sent, in order. */
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.url ?? "");
    response.setHeader("Content-Type", "application/json");
    response.end('{"ok":true}');
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function write(dir: string, name: string, json: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(json));
  return file;
}

const test = (...lines: string[]) => [{ listen: "test", script: { exec: lines } }];
const item = (name: string, path: string, ...lines: string[]) => ({
  name,
  request: { method: "GET", url: `{{baseUrl}}${path}` },
  event: test(...lines),
});
const scopeFile = (dir: string, name: string, scope: "environment" | "globals", values: Record<string, string>) =>
  write(dir, name, {
    name: scope,
    values: Object.entries(values).map(([key, value]) => ({ key, value, enabled: true })),
    _postman_variable_scope: scope,
  });
/** A Postman environment file of these names and values ("__proto__" an own key, as JSON.parse makes it). */
const env = (dir: string, values: string) => scopeFile(dir, "e.json", "environment", JSON.parse(values) as Record<string, string>);

/** What is compared of one request: its name, the path sent, each assertion's verdict, and whether its test script threw. */
interface Judged {
  name: string;
  path: string;
  assertions: string[];
  scriptThrew: boolean;
}

function node(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(process.execPath, args, { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** Newman's bin: `newman run FILE --env-var baseUrl=URL` and these arguments. */
const newmanRun = (file: string, args: string[]) =>
  node([join(ROOT, "node_modules/newman/bin/newman.js"), "run", file, "--env-var", `baseUrl=${url}`, ...args]);

/** Newman's bin on the file, its json report and its exports beside it. */
async function newman(dir: string, file: string, args: string[]): Promise<Judged[]> {
  received.length = 0;
  const report = join(dir, "newman-report.json");
  const ran = await newmanRun(file, ["-r", "json", "--reporter-json-export", report, ...exports(dir, "newman"), ...args]);
  expect(ran.stderr).toBe("");
  type Execution = {
    item: { name: string };
    assertions?: Array<{ assertion: string; error?: unknown }>;
    testScript?: Array<{ error?: unknown }>;
  };
  const executions = (JSON.parse(readFileSync(report, "utf8")) as { run: { executions: Execution[] } }).run.executions;
  return executions.map((e, i) => ({
    name: e.item.name,
    path: received[i],
    assertions: (e.assertions ?? []).map((a) => `${a.assertion}: ${a.error ? "fail" : "pass"}`),
    scriptThrew: (e.testScript ?? []).some((s) => s.error),
  }));
}

/** mockman's bin on the file, its json report (stdout) and its exports beside it. */
async function mockman(dir: string, file: string, args: string[]): Promise<Judged[]> {
  received.length = 0;
  const ran = await processCli(["replay", file, "--base-url", url, "--json", ...exports(dir, "mockman"), ...args]);
  expect(ran.stderr).toMatch(/^(mockman: \d+ of \d+ requests failed; see the report\n)?$/);
  type Result = {
    fullName?: string;
    name: string;
    assertions?: Array<{ name: string; pass: boolean }>;
    failures: Array<{ check: string }>;
  };
  const results = (JSON.parse(ran.stdout) as { results: Result[] }).results;
  return results.map((r, i) => ({
    name: r.fullName ?? r.name,
    path: received[i],
    assertions: (r.assertions ?? []).map((a) => `${a.name}: ${a.pass ? "pass" : "fail"}`),
    scriptThrew: r.failures.some((f) => f.check.startsWith("test script of ")),
  }));
}

const exports = (dir: string, tool: string) => [
  ...["--export-environment", join(dir, `${tool}-environment.json`)],
  ...["--export-globals", join(dir, `${tool}-globals.json`)],
  ...["--export-collection", join(dir, `${tool}-collection.json`)],
];

/** An exported scope's rows as `key=value`, the order kept. */
function exported(dir: string, tool: string, what: "environment" | "globals" | "collection"): string[] {
  const json = JSON.parse(readFileSync(join(dir, `${tool}-${what}.json`), "utf8")) as Record<string, unknown>;
  const rows = (what === "collection" ? json.variable : json.values) as Array<{ key: string; value: unknown }>;
  return rows.map((row) => `${row.key}=${String(row.value)}`);
}

describe("variables named as Object.prototype's properties, as Newman has them", () => {
  it("from the collection, -e and -g: read by scripts, set by one and read by the next, and exported, as by Newman", async () => {
    const dir = tempDir();
    const file = write(dir, "c.postman_collection.json", {
      info: { name: "names", schema: SCHEMA },
      variable: [
        { key: "__proto__", value: "c1" },
        { key: "constructor", value: "c2" },
      ],
      item: [
        item(
          "Read",
          "/read",
          "pm.test('collection __proto__', () => pm.expect(pm.collectionVariables.get('__proto__')).to.equal('c1'));",
          "pm.test('collection constructor', () => pm.expect(pm.collectionVariables.get('constructor')).to.equal('c2'));",
          "pm.test('environment __proto__', () => pm.expect(pm.environment.get('__proto__')).to.equal('e1'));",
          "pm.test('environment hasOwnProperty', () => pm.expect(pm.environment.get('hasOwnProperty')).to.equal('e2'));",
          "pm.test('globals __proto__', () => pm.expect(pm.globals.get('__proto__')).to.equal('g1'));",
          "pm.test('globals toString', () => pm.expect(pm.globals.get('toString')).to.equal('g2'));",
        ),
        // A set of a name the scope has: the script reads it back; postman-collection's MutationTracker compacts its
        // changes by key into a plain object, where `__proto__` is lost, so the next script reads the file's value
        // again and the export keeps it (Newman's runtime and our sandbox both apply that tracker's changes).
        item(
          "Set",
          "/set",
          "pm.environment.set('__proto__', 'set1'); pm.collectionVariables.set('__proto__', 'set2'); pm.globals.set('toString', 'set3');",
          "pm.test('set, same script', () => pm.expect(pm.environment.get('__proto__')).to.equal('set1'));",
        ),
        item(
          "Next",
          "/next",
          "pm.test('environment __proto__ set', () => pm.expect(pm.environment.get('__proto__')).to.equal('set1'));",
          "pm.test('collection __proto__ set', () => pm.expect(pm.collectionVariables.get('__proto__')).to.equal('set2'));",
          "pm.test('globals toString set', () => pm.expect(pm.globals.get('toString')).to.equal('set3'));",
          // A set of a name the scope does not have: postman-collection finds Object.prototype's valueOf on its list's
          // reference object and throws (a TypeError in the script, in both).
          "pm.environment.set('valueOf', 'v');",
        ),
      ],
    });
    const args = ["-e", env(dir, '{"__proto__": "e1", "hasOwnProperty": "e2"}')];
    args.push("-g", scopeFile(dir, "g.json", "globals", JSON.parse('{"__proto__": "g1", "toString": "g2"}') as Record<string, string>));
    const theirs = await newman(dir, file, args);
    const ours = await mockman(dir, file, args);
    expect(ours).toEqual(theirs);
    expect(ours).toEqual([
      {
        name: "Read",
        path: "/read",
        assertions: [
          "collection __proto__: pass",
          "collection constructor: pass",
          "environment __proto__: pass",
          "environment hasOwnProperty: pass",
          "globals __proto__: pass",
          "globals toString: pass",
        ],
        scriptThrew: false,
      },
      { name: "Set", path: "/set", assertions: ["set, same script: pass"], scriptThrew: false },
      {
        name: "Next",
        path: "/next",
        assertions: ["environment __proto__ set: fail", "collection __proto__ set: fail", "globals toString set: pass"],
        scriptThrew: true,
      },
    ]);
    for (const what of ["environment", "globals", "collection"] as const)
      expect(exported(dir, "mockman", what), what).toEqual(exported(dir, "newman", what));
    expect(exported(dir, "mockman", "environment")).toEqual(["__proto__=e1", "hasOwnProperty=e2", `baseUrl=${url}`]);
    expect(exported(dir, "mockman", "globals")).toEqual(["__proto__=g1", "toString=set3"]);
    expect(exported(dir, "mockman", "collection")).toEqual(["__proto__=c1", "constructor=c2"]);
  });

  it("--env-var __proto__=x: Newman crashes before its run; mockman's scripts read it, its URLs are filled with it, its export has it", async () => {
    const dir = tempDir();
    const file = write(dir, "c.postman_collection.json", {
      info: { name: "names", schema: SCHEMA },
      item: [
        item(
          "Given",
          "/given?p={{__proto__}}&c={{constructor}}&h={{hasOwnProperty}}",
          "pm.test('--env-var __proto__', () => pm.expect(pm.environment.get('__proto__')).to.equal('x'));",
        ),
      ],
    });
    const theirs = await newmanRun(file, ["--env-var", "__proto__=x"]);
    // newman/lib/run/options.js gives it by VariableScope#set, which finds Object.prototype on its list's reference object.
    expect(theirs.code).not.toBe(0);
    expect(theirs.stderr).toContain("TypeError: variable.update is not a function");
    received.length = 0;
    const ran = await processCli([
      "replay",
      file,
      "--base-url",
      url,
      "--env-var",
      "__proto__=x",
      "--export-environment",
      join(dir, "e.json"),
    ]);
    expect(ran.code).toBe(0);
    // {{__proto__}} is the variable's value (Newman fills a defined one as "[object Object]", from the prototype its
    // Substitutor reads); {{constructor}} and {{hasOwnProperty}}, which nothing defines, go as written with a warning
    // (Newman fills {{constructor}} as "[object Object]" and stops its run at {{hasOwnProperty}}: "Cannot convert
    // undefined or null to object").
    expect(received).toEqual(["/given?p=x&c={{constructor}}&h={{hasOwnProperty}}"]);
    expect(ran.stdout).toMatch(/^Given +GET +\/given\?p=x&c=.* pass$/m);
    expect(ran.stderr).toBe(
      "mockman: warning: Given: {{constructor}} has no value; sent as written\nmockman: warning: Given: {{hasOwnProperty}} has no value; sent as written\n",
    );
    const rows = (JSON.parse(readFileSync(join(dir, "e.json"), "utf8")) as { values: Array<{ key: string; value: unknown }> }).values;
    expect(rows.map((row) => `${row.key}=${String(row.value)}`)).toEqual(["__proto__=x", `baseUrl=${url}`]);
  });
});
