// How much memory `mockman replay` holds as a run grows (figures, not
// assertions): N in-process requests whose answer is ~150 kB (HTTP on this
// loaded machine costs 40-70 ms a request, which would measure the network). A replay keeps only the answers later templates
// read, so the peak RSS should not grow with N.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { watchedProcess, type Watched } from "./measure";

const ROOT = resolve(import.meta.dirname, "../..");
/** The shipped bin; MOCKMAN_BENCH_SOURCE=1 runs the TypeScript through tsx instead (about 30 MB more). */
const ENTRY = process.env.MOCKMAN_BENCH_SOURCE
  ? [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "cli/index.ts")]
  : [join(ROOT, "cli/bin/mockman.js")];
const ANSWER_KB = 150;

/** The peak RSS of a process, polled every 100 ms; its stderr is shown when it fails. */
async function runWatched(args: string[]): Promise<Watched> {
  const ran = await watchedProcess(args, 100);
  if (ran.code !== 0) process.stderr.write(ran.stderr);
  return ran;
}

export async function benchReplayMemory(counts = [5_000, 50_000]): Promise<void> {
  console.log(`## mockman replay memory (answers of ~${ANSWER_KB} kB, in-process)\n`);
  const dir = mkdtempSync(join(tmpdir(), "mockman-replay-mem-"));
  try {
    const db = join(dir, "db.json");
    // A store whose GET /api/test-todos answers ~150 kB: 450 todos of 200 characters.
    const fill = join(dir, "fill.json");
    const todos = Array.from({ length: 450 }, (_, i) => ({
      name: `t${i}`,
      method: "POST",
      endpoint: "/api/test-todos",
      body: { title: `${i} `.padEnd(200, "x") },
      expect: { status: 201 },
    }));
    writeFileSync(fill, JSON.stringify({ mockman: 1, requests: todos }));
    const filled = await runWatched([...ENTRY, "replay", fill, "--db", db]);
    if (filled.code !== 0) throw new Error("could not fill the store");
    const peaks: Array<[count: number, mb: number]> = [];
    for (const count of counts) {
      // Each request reads the one before it ({{r41.status}}), so answers are kept exactly as long as a template needs them.
      const requests = Array.from({ length: count }, (_, i) => ({
        name: `r${i}`,
        method: "GET",
        endpoint: i ? `/api/test-todos?after={{r${i - 1}.status}}` : "/api/test-todos",
        expect: { status: 200 },
      }));
      const file = join(dir, `${count}.json`);
      writeFileSync(file, JSON.stringify({ mockman: 1, requests }));
      const ran = await runWatched([...ENTRY, "replay", file, "--db", db]);
      console.log(
        `replay of ${count.toLocaleString("en-US")} requests: peak RSS ${ran.peakMb.toFixed(0)} MB, ${(ran.ms / 1000).toFixed(1)} s, exit ${ran.code}`,
      );
      peaks.push([count, ran.peakMb]);
    }
    if (peaks.length > 1) {
      // What each further 10,000 requests cost, between the smallest and the largest run, and where that line reaches 200,000.
      const [[n0, mb0], [n1, mb1]] = [peaks[0], peaks[peaks.length - 1]];
      const slope = ((mb1 - mb0) / (n1 - n0)) * 10_000;
      console.log(
        `slope: ${slope.toFixed(1)} MB per 10,000 requests (so ~${(mb1 + (slope * (200_000 - n1)) / 10_000).toFixed(0)} MB at 200,000 if it holds)`,
      );
    }
    console.log("(a replay keeps only the answers a later template names: here the one before)\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const counts = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  await benchReplayMemory(counts.length ? counts : undefined);
}
