// The script sandbox (QuickJS in WebAssembly): what a run pays to start it,
// what one script costs, and what a library costs the first time a script
// asks for it. The Newman target (≤ 0.25× its wall time on 1,000 scripted
// requests) needs a script to cost well under a millisecond.
import { fmt, measure, table } from "./measure";
import { registerRawText } from "./raw-text.mjs";
import type { ScriptInput, ScriptHost } from "#mock/tester/sandbox/sandbox";

const SCOPES = () => ({ environment: { baseUrl: "http://h" }, collectionVariables: {}, globals: {}, local: {}, data: {} });

const input = (script: string): ScriptInput => ({
  script,
  scopes: SCOPES(),
  request: {
    id: "r",
    name: "Posts",
    method: "GET",
    url: "{{baseUrl}}/api/posts",
    headers: [["Accept", "application/json"]],
    body: null,
  },
  response: {
    code: 200,
    status: "OK",
    headers: [["Content-Type", "application/json"]],
    body: JSON.stringify({ posts: [{ id: 1, title: "a" }], next: null }),
    responseTime: 3,
  },
  info: { eventName: "test", iteration: 0, iterationCount: 1, requestName: "Posts", requestId: "r" },
  cookies: [],
});

const host: ScriptHost = { sendRequest: () => Promise.reject(new Error("no network in the bench")) };

const SCRIPTS: Array<[string, string]> = [
  ["empty", ""],
  ["pm.environment.set", 'pm.environment.set("id", 1);'],
  ["legacy tests[]", 'tests["ok"] = responseCode.code === 200;'],
  ["pm.test + to.have.status", 'pm.test("ok", () => pm.response.to.have.status(200));'],
  [
    "3 tests, json, expect chain",
    'const body = pm.response.json(); pm.test("a", () => pm.response.to.have.status(200)); pm.test("b", () => pm.expect(body.posts).to.be.an("array").that.has.lengthOf(1)); pm.test("c", () => pm.expect(body.posts[0]).to.have.property("title", "a")); pm.environment.set("first", body.posts[0].id);',
  ],
  ["lodash (loaded)", 'pm.environment.set("n", _.get(pm.response.json(), "posts[0].id"));'],
];

export async function benchSandbox(): Promise<void> {
  registerRawText();
  const { ScriptSandbox } = await import("#mock/tester/sandbox/sandbox");
  console.log("## Script sandbox (QuickJS/WebAssembly)\n");
  let t = performance.now();
  const sandbox = await ScriptSandbox.create();
  const firstStart = performance.now() - t;
  t = performance.now();
  const second = await ScriptSandbox.create();
  const nextStart = performance.now() - t;
  second.dispose();
  const firstUse: string[][] = [];
  for (const [what, script] of [
    ["chai (first pm.test / pm.expect)", 'pm.test("x", () => pm.expect(1).to.equal(1));'],
    ["lodash (first _)", "_.chunk([1], 1);"],
    ["crypto-js (first CryptoJS)", 'CryptoJS.MD5("a").toString();'],
    ["ajv (first jsonSchema)", 'pm.response.to.have.jsonSchema({ type: "object" });'],
    ["moment", 'require("moment")().format();'],
  ]) {
    t = performance.now();
    await sandbox.run(input(script), "bench", host);
    firstUse.push([what, fmt(performance.now() - t)]);
  }
  table(
    ["start-up", "time"],
    [
      ["first sandbox (loads the engine, boots an isolate)", fmt(firstStart)],
      ["another sandbox (one per run)", fmt(nextStart)],
      ...firstUse,
    ],
  );
  const rows: string[][] = [];
  for (const [name, script] of SCRIPTS) {
    const stats = await measure(() => sandbox.run(input(script), "bench", host), { minRuns: 200, minMs: 1000, warmup: 20 });
    rows.push([name, fmt(stats.median), fmt(stats.p95), String(stats.runs)]);
  }
  table(["per script", "median", "p95", "runs"], rows);
  sandbox.dispose();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSandbox();
