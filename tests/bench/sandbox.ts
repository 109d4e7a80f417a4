// The script sandbox (QuickJS in WebAssembly): what a run pays to start it,
// what one script costs, and what a library costs the first time a script
// asks for it. The Newman target (≤ 0.25× its wall time on 1,000 scripted
// requests) needs a script to cost well under a millisecond. Then what the
// host pays to read one event that crosses the bridge: flatted's text to a
// bounded tree in one walk (flatTreeOf), beside the two it replaced (flatted's
// parse, then treeOf's copy of the graph it built), in the same run.
import { parse as flattedParse, stringify as flattedStringify } from "flatted";
import { isDeepStrictEqual } from "node:util";
import { fmt, measure, table } from "./measure";
import { registerRawText } from "../../cli/raw-text.mjs";
import { keep, record } from "./record";
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

/** An event as postman-sandbox sends it, as flatted's text: a script's result (its scopes, the request) or an assertion. */
function resultEvent(environment: Record<string, unknown>): string {
  const cursor = { iteration: 0, cycles: 1, execution: "bench" };
  const scope = (values: Record<string, unknown>) => ({
    id: "d7464a86-460c-4555-be7e-9447b6795847",
    mutations: { autoCompact: true, stream: [], compacted: {} },
    values: Object.entries(values).map(([key, value]) => ({ type: "any", value, key })),
  });
  const execution = {
    id: "bench",
    target: "test",
    legacy: { _itemId: "r", _itemName: "Posts" },
    cursor,
    data: {},
    cookies: [],
    _variables: scope({}),
    environment: scope(environment),
    collectionVariables: scope({}),
    globals: scope({}),
    request: {
      url: { path: ["api", "posts"], host: ["{{baseUrl}}"], query: [], variable: [] },
      header: [{ key: "Accept", value: "application/json" }],
      method: "GET",
    },
    return: { async: false },
  };
  return flattedStringify(["execution.result.bench", cursor, execution]);
}

/** About 100 kB of posts as the API answers them, each its own strings. */
const POSTS = {
  posts: Array.from({ length: 360 }, (_, i) => ({
    _id: `post-${i}-${(i * 2654435761) % 4294967296}`,
    content: `Post ${i}: a morning walk, then coffee with friends by the river; photos later.`,
    username: `user${i % 40}`,
    likes: { likeCount: i % 17, likedBy: [], dislikedBy: [] },
    comments: [],
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  })),
};

function graph(levels: number): unknown {
  let x: unknown = [];
  for (let i = 0; i < levels; i++) x = [x, x];
  return x;
}

const EVENTS: Array<[string, string]> = [
  [
    "an assertion (pm.test)",
    flattedStringify([
      "execution.assertion.bench",
      { iteration: 0, cycles: 1, execution: "bench" },
      [{ name: "ok", async: false, skipped: false, passed: true, error: null, index: 0 }],
    ]),
  ],
  ["a result: one variable set", resultEvent({ first: 1 })],
  ["a result: a 100 kB response's text in a variable", resultEvent({ first: 1, body: JSON.stringify(POSTS) })],
  ["a result: that response parsed, in a variable", resultEvent({ first: 1, body: POSTS })],
  ["a result: x = [x, x] forty times in a variable (2^40 paths)", resultEvent({ first: 1, x: graph(40) })],
];

/** Per-call medians of `a` and `b`, called in turn so that other work on the machine weighs on both alike. */
function inTurn(a: () => unknown, b: () => unknown, { minRuns = 200, minMs = 600, warmup = 20 } = {}): [number, number] {
  for (let i = 0; i < warmup; i++) {
    a();
    b();
  }
  const [as, bs]: [number[], number[]] = [[], []];
  const start = performance.now();
  while (as.length < minRuns || performance.now() - start < minMs) {
    const t0 = performance.now();
    a();
    const t1 = performance.now();
    b();
    bs.push(performance.now() - t1);
    as.push(t1 - t0);
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return [median(as), median(bs)];
}

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
  const { flatTreeOf, treeOf } = await import("#mock/tester/sandbox/sandbox");
  const reads: string[][] = [];
  for (const [what, text] of EVENTS) {
    const before = () => treeOf(flattedParse(text), text.length);
    const now = () => flatTreeOf(text);
    const [b, n] = inTurn(before, now);
    const size = text.length < 10_000 ? `${text.length} B` : `${(text.length / 1000).toFixed(1)} kB`;
    reads.push([what, size, fmt(b), fmt(n), `${(n / b).toFixed(2)}×`, isDeepStrictEqual(before(), now()) ? "yes" : "NO"]);
  }
  console.log("- The host's read of one event (flatted's text to a bounded tree), median per event, the two called in turn:");
  table(["event", "text", "before: flatted's parse, then treeOf", "now: flatTreeOf", "now ÷ before", "same tree"], reads);
}

// Alone, it writes its own section of tests/benchmarks.md.
if (import.meta.url === `file://${process.argv[1]}`) {
  record("npx tsx tests/bench/sandbox.ts");
  await benchSandbox();
  await keep("sandbox");
}
