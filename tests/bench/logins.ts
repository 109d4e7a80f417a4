// Logins beside writes (issue 33, item 7): PBKDF2 (100,000 rounds) and the
// journal's fsync share libuv's four pool threads in Node. Acknowledged writes
// (POST /api/test-todos on a durable file store) are timed idle, then while 4
// and 32 clients log in over and over: with hashes in line (at most two at
// once, mock/core/password.ts) and, for comparison, with no line. Figures, not
// assertions; `npm run bench` prints them, `npx tsx tests/bench/logins.ts` alone.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createMock, type Mock } from "#mock/core/create-mock";
import { DEFAULT_ITERATIONS, HASHES_AT_ONCE, setHashesAtOnce } from "#mock/core/password";
import { GUEST } from "#mock/data/seed";
import { FileStore } from "#mock/node/file-store";
import { fmt, table } from "./measure";

const WRITES = 200;
/** A phase stops after this long even if fewer writes were made (no line and 32 logins: ~1 s a write). */
const PHASE_MS = 20_000;

const send = (mock: Mock, method: string, url: string, body: unknown) =>
  mock.dispatch({ method, url, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** p50 and p95 of WRITES acknowledged writes, while `logins` clients log in as the guest, one login after another each. */
async function writesBeside(mock: Mock, logins: number): Promise<{ p50: number; p95: number; loginsPerSecond: number }> {
  let stop = false;
  let done = 0;
  const clients = Array.from({ length: logins }, async () => {
    while (!stop) {
      await send(mock, "POST", "/api/auth/login", { username: GUEST.username, password: GUEST.password });
      done++;
    }
  });
  const started = performance.now();
  const samples: number[] = [];
  for (let i = 0; i < WRITES && performance.now() - started < PHASE_MS; i++) {
    const t = performance.now();
    const answer = await send(mock, "POST", "/api/test-todos", { title: `write ${i}` });
    if (answer.status !== 201) throw new Error(`write answered ${answer.status}`);
    samples.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(clients);
  samples.sort((a, b) => a - b);
  return { p50: samples[samples.length >> 1], p95: samples[Math.floor(samples.length * 0.95)], loginsPerSecond: done / seconds };
}

export async function benchLogins(): Promise<void> {
  console.log(
    `## Writes beside logins (PBKDF2 ${DEFAULT_ITERATIONS.toLocaleString("en")} rounds, durable file store, ${WRITES} writes or ${PHASE_MS / 1000} s each)\n`,
  );
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-logins-"));
  const mock = await createMock({ store: new FileStore(path.join(dir, "db.json")), passwordIterations: DEFAULT_ITERATIONS });
  const rows: string[][] = [];
  try {
    for (const [label, limit] of [
      [`hashes in line (${HASHES_AT_ONCE} at once)`, HASHES_AT_ONCE],
      ["no line (before)", Infinity],
    ] as const) {
      setHashesAtOnce(limit);
      for (const logins of [0, 4, 32]) {
        const r = await writesBeside(mock, logins);
        rows.push([label, String(logins), fmt(r.p50), fmt(r.p95), logins ? r.loginsPerSecond.toFixed(1) : "-"]);
      }
    }
  } finally {
    setHashesAtOnce(HASHES_AT_ONCE);
    await mock.shutdown();
    await fs.rm(dir, { recursive: true, force: true });
  }
  table(["hashing", "logging in", "write p50", "write p95", "logins/s"], rows);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await benchLogins();
