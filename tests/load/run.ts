// `npm run load`: `mockman serve` under mixed reads and writes from 10 bounded
// connections on loopback (60 s by default; LOAD_SECONDS to change). Prints
// req/s and latency percentiles, checks 0 errors, live heap (after a GC, read
// through tests/load/probe.ts) within 20 % of the
// post-warm-up figure, and the store's invariants afterwards. Then the "clients that
// never read" phase (tests/load/stalled.ts; LOAD_STALLED=0 skips it). Exit 1 on a miss.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createMock } from "#mock/core/create-mock";
import { FileStore } from "#mock/node/file-store";
import { checker, checkState, type Counts } from "../hardening/fuzz/invariants";
import type { World } from "../hardening/fuzz/world";
import { stalledReaders } from "./stalled";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = 10;
const POST = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01";

const dir = mkdtempSync(path.join(tmpdir(), "mockman-load-"));
const db = path.join(dir, "db.json");
const server = spawn(
  process.execPath,
  [
    "--expose-gc",
    // tsx only for the probe (TypeScript); the server is the shipped bin.
    "--import",
    "tsx",
    "--import",
    path.join(ROOT, "tests/load/probe.ts"),
    path.join(ROOT, "cli/bin/mockman.js"),
    "serve",
    "--port",
    "0",
    "--quiet",
    "--db",
    db,
  ],
  { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
);
const probes: Array<(heap: number) => void> = [];
let errText = "";
server.stderr!.on("data", (chunk) => {
  errText += chunk;
  for (let line = errText.indexOf("\n"); line >= 0; line = errText.indexOf("\n")) {
    const text = errText.slice(0, line);
    errText = errText.slice(line + 1);
    const m = /^probe heapUsed=(\d+)/.exec(text);
    if (m) probes.shift()?.(Number(m[1]) / 1024 / 1024);
    else process.stderr.write(text + "\n");
  }
});
/** The server's live heap in MB, after a full GC. */
const heapMb = () =>
  new Promise<number>((resolve) => {
    probes.push(resolve);
    server.kill("SIGUSR2");
  });
const url = await new Promise<string>((resolve, reject) => {
  let out = "";
  server.stdout!.on("data", (c) => {
    out += c;
    const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (m) resolve(m[1]);
  });
  server.on("exit", (code) => reject(new Error(`serve exited with ${code}`)));
});

// One user per connection, so each connection's like/dislike and bookmark pairs alternate cleanly.
const tokens: string[] = [];
for (let i = 0; i < CONNECTIONS; i++) {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: `load${i}`, password: "pw", firstName: `Load ${i}` }),
  });
  tokens.push((await res.json()).encodedToken);
}

type Ctx = { token?: string; todo?: string };
let nextUser = 0;
const auth = (method: string, p: string) => ({
  method,
  path: p,
  setupRequest: (req: Record<string, unknown>, ctx: Ctx) => {
    ctx.token ??= tokens[nextUser++ % CONNECTIONS];
    return { ...req, headers: { ...(req.headers as object), authorization: ctx.token } };
  },
});
const requests = [
  { method: "GET", path: `/api/posts/${POST}` },
  auth("POST", `/api/posts/like/${POST}`),
  { method: "GET", path: "/api/posts" },
  auth("POST", `/api/posts/dislike/${POST}`),
  {
    method: "POST",
    path: "/api/test-todos",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title: "load" }),
    onResponse: (_status: number, body: string, ctx: Ctx) => (ctx.todo = JSON.parse(body).todo._id),
  },
  { method: "DELETE", setupRequest: (req: Record<string, unknown>, ctx: Ctx) => ({ ...req, path: `/api/test-todos/${ctx.todo}` }) },
  auth("POST", `/api/users/bookmark/${POST}`),
  auth("POST", `/api/users/remove-bookmark/${POST}`),
  { method: "GET", path: "/api/users" },
];

const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration, requests: requests as never });

// One run, so no connection's like/dislike pair is cut in two between runs; memory is read 5 s in.
console.log(`load: ${CONNECTIONS} connections for 5 s warm-up + ${SECONDS} s on ${url}`);
let warm: Promise<number> = Promise.resolve(0);
setTimeout(() => (warm = heapMb()), 5_000);
const result = await run(SECONDS + 5);
const warmMb = await warm;
const afterMb = await heapMb();
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));

const counts: Counts = {};
const mock = await createMock({ store: new FileStore(db) });
let broken = "";
try {
  checkState(checker(counts), { mock } as unknown as World, new Map());
  const post = mock.tables.posts.get(POST)!;
  // The run stops mid-cycle, so up to one like and one todo per connection may be left over.
  if (post.likes.likeCount !== 790 + post.likes.likedBy.length)
    broken = `likeCount ${post.likes.likeCount} but ${post.likes.likedBy.length} likers`;
  if (mock.tables.todos.size > CONNECTIONS) broken ||= `${mock.tables.todos.size} todos left, at most ${CONNECTIONS} expected`;
} catch (error) {
  broken = (error as Error).message;
}
await mock.shutdown();
rmSync(dir, { recursive: true, force: true });

const growth = (afterMb - warmMb) / warmMb;
console.log(`requests: ${result.requests.total} in ${SECONDS + 5} s = ${result.requests.average.toFixed(0)} req/s (mean)`);
console.log(`latency ms: p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`);
console.log(`errors: ${result.errors}  timeouts: ${result.timeouts}  non-2xx: ${result.non2xx}`);
console.log(
  `memory (live heap after GC): ${warmMb.toFixed(1)} MB after warm-up, ${afterMb.toFixed(1)} MB after the run (${(growth * 100).toFixed(1)} %)`,
);
console.log(`store invariants: ${broken || `${Object.values(counts).reduce((a, b) => a + b, 0)} checks passed`}`);
const stalledOk = process.env.LOAD_STALLED === "0" || (await stalledReaders());
const ok = result.errors === 0 && result.timeouts === 0 && result.non2xx === 0 && growth <= 0.2 && !broken && stalledOk;
console.log(ok ? "load: PASS" : "load: FAIL");
process.exitCode = ok ? 0 : 1;
