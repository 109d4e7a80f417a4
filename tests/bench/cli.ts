// mockman CLI figures (not assertions): cold start of the bin, a 1,000-request
// replay, and `serve` against json-server 0.17 under autocannon.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const BIN = join(ROOT, "cli/bin/mockman.js");
const FIRST_POST = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");

function wall(args: string[], runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const ran = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
    times.push(performance.now() - t);
    if (ran.status !== 0) throw new Error(`${args.join(" ")} exited ${ran.status}: ${ran.stderr}`);
  }
  return times;
}

function mockman(args: string[]) {
  execFileSync(process.execPath, [BIN, ...args], { stdio: ["ignore", "ignore", "inherit"] });
}

/** login, then 999 requests cycling reads and mutations that undo each other. */
function thousandRequests(): string {
  const auth = { authorization: "{{login.body.encodedToken}}" };
  const cycle = [
    (i: number) => ({ name: `get${i}`, method: "GET", endpoint: `/api/posts/${FIRST_POST}`, expect: { status: 200 } }),
    (i: number) => ({
      name: `like${i}`,
      method: "POST",
      endpoint: `/api/posts/like/${FIRST_POST}`,
      headers: auth,
      expect: { status: 201 },
    }),
    (i: number) => ({
      name: `dislike${i}`,
      method: "POST",
      endpoint: `/api/posts/dislike/${FIRST_POST}`,
      headers: auth,
      expect: { status: 201 },
    }),
    (i: number) => ({
      name: `mark${i}`,
      method: "POST",
      endpoint: `/api/users/bookmark/${FIRST_POST}`,
      headers: auth,
      expect: { status: 200 },
    }),
    (i: number) => ({ name: `marks${i}`, method: "GET", endpoint: "/api/users/bookmark", headers: auth, expect: { status: 200 } }),
    (i: number) => ({
      name: `unmark${i}`,
      method: "POST",
      endpoint: `/api/users/remove-bookmark/${FIRST_POST}`,
      headers: auth,
      expect: { status: 200 },
    }),
    (i: number) => ({ name: `users${i}`, method: "GET", endpoint: "/api/users", expect: { status: 200 } }),
    (i: number) => ({ name: `mine${i}`, method: "GET", endpoint: "/api/posts/user/guest", expect: { status: 200 } }),
  ];
  const requests: unknown[] = [
    {
      name: "login",
      method: "POST",
      endpoint: "/api/auth/login",
      body: { username: "guest", password: "guest1234" },
      expect: { status: 200 },
    },
  ];
  for (let i = 0; requests.length < 1000; i++) requests.push(cycle[i % cycle.length](i));
  return JSON.stringify({ mockman: 1, requests });
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Starts a server process; resolves once its stdout matches `ready`, with the match. */
function start(args: string[], ready: RegExp): Promise<{ child: ChildProcess; found: string }> {
  // stderr (the request log) is read and dropped, as a terminal would take it.
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  child.stderr!.resume();
  return new Promise((done, fail) => {
    let text = "";
    child.stdout!.on("data", (chunk) => {
      text += chunk;
      const found = text.match(ready);
      if (found) done({ child, found: found[0] });
    });
    child.on("exit", (code) => fail(new Error(`${args.join(" ")} exited ${code}: ${text}`)));
  });
}

/** CPU time a process has used, in ms (Linux /proc; undefined elsewhere). */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

interface Load {
  rps: number;
  /** Server CPU per request: steadier than req/s on a machine other work shares. */
  cpuUsPerRequest?: number;
}

async function load(url: string, pid: number): Promise<Load> {
  type Autocannon = (options: object) => Promise<{ requests: { average: number; total: number }; non2xx: number; errors: number }>;
  // A variable specifier: typed here whether or not @types/autocannon is installed.
  const specifier = "autocannon";
  const autocannon = ((await import(specifier)) as { default: unknown }).default as Autocannon;
  await autocannon({ url, connections: 10, duration: 1 }); // warm-up
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: 10, pipelining: 1, duration: 5 });
  const after = cpuMs(pid);
  if (result.non2xx || result.errors > result.requests.total / 100)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuUsPerRequest = before === undefined || after === undefined ? undefined : ((after - before) * 1000) / result.requests.total;
  return { rps: result.requests.average, cpuUsPerRequest };
}

export async function benchCli(): Promise<void> {
  console.log("## mockman CLI\n");
  execFileSync(process.execPath, [join(ROOT, "cli/build.mjs")], { stdio: "inherit" });
  const dir = mkdtempSync(join(tmpdir(), "mockman-bench-"));
  try {
    const db = join(dir, "db.json");
    mockman(["reset", "--db", db]);

    const node = median(wall(["-e", "0"], 10));
    wall([BIN, "request", "GET", `/api/posts/${FIRST_POST}`, "--db", db], 2);
    const cold = median(wall([BIN, "request", "GET", `/api/posts/${FIRST_POST}`, "--db", db], 11));
    console.log(
      `cold start, mockman request GET /api/posts/:id (bin, seed store): ${cold.toFixed(0)} ms median of 11; node -e 0: ${node.toFixed(0)} ms, so mockman's own share is ${(cold - node).toFixed(0)} ms; target ≤ 200 ms: ${verdict(cold <= 200)}`,
    );

    const collection = join(dir, "thousand.json");
    writeFileSync(collection, thousandRequests());
    const replay = median(wall([BIN, "replay", collection, "--db", db], 3));
    console.log(
      `replay of 1,000 requests (whole process, login + reads + 500 writes): ${replay.toFixed(0)} ms median of 3; target ≤ 2000 ms: ${verdict(replay <= 2000)}`,
    );

    // serve vs json-server 0.17, GET one post at 1k posts, both logging one line per request.
    mockman(["seed", "--users", "50", "--posts", "1000", "--seed", "42", "--replace", "--db", db]);
    const posts = JSON.parse(execFileSync(process.execPath, [BIN, "export", "--db", db], { maxBuffer: 64 << 20 }).toString()).data.posts;
    const jsonDb = join(dir, "json-server.json");
    writeFileSync(jsonDb, JSON.stringify({ posts: posts.map((p: { _id: string }) => ({ id: p._id, ...p })) }));
    const id = posts[500]._id;

    const ours = await start([BIN, "serve", "--port", "0", "--db", db], /http:\/\/127\.0\.0\.1:\d+/);
    let oursLoad: Load;
    try {
      oursLoad = await load(`${ours.found}/api/posts/${id}`, ours.child.pid!);
    } finally {
      ours.child.kill("SIGINT");
    }
    const port = await freePort();
    const theirs = await start(
      [join(ROOT, "node_modules/json-server/lib/cli/bin.js"), "--port", String(port), "--host", "127.0.0.1", jsonDb],
      /Home/,
    );
    let theirsLoad: Load;
    try {
      theirsLoad = await load(`http://127.0.0.1:${port}/posts/${id}`, theirs.child.pid!);
    } finally {
      theirs.child.kill("SIGINT");
    }
    const ratio = oursLoad.rps / theirsLoad.rps;
    const us = (l: Load) => (l.cpuUsPerRequest === undefined ? "" : `, ${l.cpuUsPerRequest.toFixed(0)} µs CPU/request`);
    console.log(`serve, GET /api/posts/:id at 1k posts: ${oursLoad.rps.toFixed(0)} req/s${us(oursLoad)}`);
    console.log(`json-server 0.17, GET /posts/:id:       ${theirsLoad.rps.toFixed(0)} req/s${us(theirsLoad)}`);
    const cpuRatio =
      oursLoad.cpuUsPerRequest && theirsLoad.cpuUsPerRequest ? theirsLoad.cpuUsPerRequest / oursLoad.cpuUsPerRequest : undefined;
    console.log(
      `ratio ${ratio.toFixed(1)}× in req/s${cpuRatio ? `, ${cpuRatio.toFixed(1)}× in CPU per request` : ""} (autocannon, 10 connections, 5 s each, loopback); target ≥ 8×: ${verdict(ratio >= 8)}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await benchCli();
