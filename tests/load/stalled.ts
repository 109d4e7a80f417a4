// The "clients that never read" phase of `npm run load` (issue 33): 20 connections
// pipeline 50 GET /api/posts each on a store of 3,000 posts and never read a byte,
// while 10 other connections go on with reads and writes. Prints serve's RSS
// (target: under 300 MB at its peak) and the other clients' p95 against the same
// run without the stalled ones (target: within 2x; autocannon's p97.5 stands in for p95). Returns whether both held.
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "cli/bin/mockman.js");
const STALLED = 20;
const PIPELINED = 50;
const SECONDS = 15;

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
};

export async function stalledReaders(): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), "mockman-stalled-"));
  const db = path.join(dir, "db.json");
  execFileSync(process.execPath, [BIN, "seed", "--users", "50", "--posts", "3000", "--db", db], { cwd: ROOT, stdio: "ignore" });
  // The probe (tests/load/probe.ts) prints the RSS after a full GC on SIGUSR2: what serve still holds once they left.
  const server = spawn(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      "tsx",
      "--import",
      path.join(ROOT, "tests/load/probe.ts"),
      BIN,
      "serve",
      "--port",
      "0",
      "--quiet",
      "--db",
      db,
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let errText = "";
  server.stderr!.on("data", (chunk) => (errText += chunk));
  const rssAfterGc = async () => {
    const seen = errText.length;
    server.kill("SIGUSR2");
    for (;;) {
      const m = /probe heapUsed=\d+ rss=(\d+)/.exec(errText.slice(seen));
      if (m) return Number(m[1]) / 1024 / 1024;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (c) => {
      out += c;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.on("exit", (code) => reject(new Error(`serve exited with ${code}`)));
  });
  const { port } = new URL(url);
  const listBytes = (await (await fetch(`${url}/api/posts`)).arrayBuffer()).byteLength;
  const first = (await (await fetch(`${url}/api/posts`)).json()).posts[0]._id as string;
  const others = (seconds: number) =>
    autocannon({
      url,
      connections: 10,
      duration: seconds,
      requests: [
        { method: "GET", path: `/api/posts/${first}` },
        { method: "POST", path: "/api/test-todos", headers: { "content-type": "application/json" }, body: '{"title":"load"}' },
        { method: "GET", path: "/api/users" },
      ],
    });

  const idle = await others(5);
  const before = rssMb(server.pid!);
  console.log(
    `stalled readers: ${(listBytes / 1e6).toFixed(1)} MB per GET /api/posts; serve's RSS ${before.toFixed(0)} MB; others' p97.5 ${idle.latency.p97_5} ms`,
  );

  const sockets: Socket[] = [];
  for (let i = 0; i < STALLED; i++) {
    const socket = connect(Number(port), "127.0.0.1");
    socket.pause();
    socket.on("error", () => undefined);
    socket.write(`GET /api/posts HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`.repeat(PIPELINED));
    sockets.push(socket);
  }
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 250);
  const during = await others(SECONDS);
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  clearInterval(sampler);
  const after = rssMb(server.pid!);
  const afterGc = await rssAfterGc();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dir, { recursive: true, force: true });

  // autocannon gives p90 and p97.5, no p95: the stricter one stands in for it.
  const p95 = (r: autocannon.Result) => r.latency.p97_5;
  const memoryOk = peak < 300;
  const latencyOk = p95(during) <= 2 * Math.max(p95(idle), 1);
  console.log(
    `stalled readers: ${STALLED} connections x ${PIPELINED} pipelined GET /api/posts, never read, for ${SECONDS} s: ` +
      `serve's RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at its peak (target < 300), ${after.toFixed(0)} MB after they left, ${afterGc.toFixed(0)} MB after a GC`,
  );
  console.log(
    `stalled readers: the other 10 connections' p97.5 ${p95(idle)} ms alone, ${p95(during)} ms beside them (target within 2x); ` +
      `errors ${during.errors}, non-2xx ${during.non2xx}`,
  );
  return memoryOk && latencyOk && during.errors === 0 && during.non2xx === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const ok = await stalledReaders();
  console.log(ok ? "stalled readers: PASS" : "stalled readers: FAIL");
  process.exitCode = ok ? 0 : 1;
}
