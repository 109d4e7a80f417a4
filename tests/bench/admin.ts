// The admin API's figures (issue 32): what a reset between every test of a suite costs
// on a running `serve` (POST /__mockman/reset and restoring a snapshot, over HTTP, at 1k,
// 10k and 100k posts; the target is under 50 ms at 10k on `--db :memory:`), on a memory
// store and on a durable file store (fsync), and what creating a memory mock in-process
// costs a test (createMock, which seeds). Each figure comes with its ratio to a peer timed
// in the same loop, one JSON copy of the same data (JSON.parse(JSON.stringify(data))), so
// runs on a loaded machine compare. Figures, not tests.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createMock } from "#mock/core/create-mock";
import type { Store } from "#mock/core/types";
import { generateData } from "#mock/data/seed";
import { toExportFile } from "#mock/data/export-file";
import { createAdmin } from "#mock/node/admin";
import { FileStore } from "#mock/node/file-store";
import { createDoorServer } from "#mock/node/http-door";
import { MemoryStore } from "#mock/store/memory";
import { fmt, table } from "./measure";

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const ratio = (ms: number, peer: number) => `${(ms / peer).toFixed(2)}×`;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

export async function benchAdmin(sizes: number[]): Promise<void> {
  console.log("## Admin API on serve (over HTTP; each run restores the snapshot twice, resets, and copies the data once as the peer)\n");
  const rows: string[][] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "mockman-bench-admin-"));
  for (const n of sizes) {
    const data = await generateData({ users: 200, posts: n, seed: 7, iterations: 1000 });
    for (const kind of ["memory", "file"] as const) {
      const store: Store = kind === "memory" ? new MemoryStore() : new FileStore(path.join(dir, `db-${n}.json`));
      const mock = await createMock({ store, passwordIterations: 1000 });
      const admin = createAdmin(mock);
      const server = createDoorServer({ dispatch: (r) => (admin.owns(r.url) ? admin.dispatch(r) : mock.dispatch(r)) });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__mockman`;
      const post = async (what: string) => {
        // A kept-alive connection the server closed just then (its keepAliveTimeout, on a loaded machine): once more on a new one.
        const res = await fetch(`${base}/${what}`, { method: "POST" }).catch((error: unknown) => {
          if ((error as { cause?: { code?: string } }).cause?.code !== "ECONNRESET") throw error;
          return fetch(`${base}/${what}`, { method: "POST", headers: { connection: "close" } });
        });
        if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
      await mock.importData(toExportFile(data));
      await post("snapshots/big");
      // The first restore of a snapshot (it copies every record once), then the usual case: restores in a loop.
      const first = await timed(() => post("snapshots/big/restore"));
      const runs = n >= 100_000 ? 5 : 15;
      const restore: number[] = [];
      const again: number[] = [];
      const reset: number[] = [];
      const peer: number[] = [];
      for (let i = 0; i < runs + 2; i++) {
        const r = await timed(() => post("snapshots/big/restore"));
        // Again with nothing in between (a suite that restores before each test and writes little).
        const a = await timed(() => post("snapshots/big/restore"));
        const z = await timed(() => post("reset"));
        const p = await timed(async () => JSON.parse(JSON.stringify(data)));
        if (i < 2) continue; // warm-up
        restore.push(r);
        again.push(a);
        reset.push(z);
        peer.push(p);
      }
      const copy = median(peer);
      rows.push([
        n.toLocaleString("en-US"),
        kind === "memory" ? ":memory:" : "file (fsync)",
        `${fmt(median(reset))} (${ratio(median(reset), copy)})`,
        `${fmt(median(restore))} (${ratio(median(restore), copy)})`,
        `${fmt(median(again))} (${ratio(median(again), copy)})`,
        `${fmt(first)} (${ratio(first, copy)})`,
        fmt(copy),
        String(runs),
      ]);
      server.close();
      await mock.shutdown();
    }
  }
  rmSync(dir, { recursive: true, force: true });
  table(
    [
      "posts",
      "--db",
      "POST reset (÷ peer)",
      "POST snapshots/NAME/restore (÷ peer)",
      "restore after a restore (÷ peer)",
      "its first restore (÷ peer)",
      "peer: JSON copy",
      "runs",
    ],
    rows,
  );

  console.log("## createMock in-process on a memory store (boots with the seed)\n");
  const cold = performance.now();
  await (await createMock({ store: new MemoryStore() })).shutdown();
  const coldMs = performance.now() - cold;
  const warm: number[] = [];
  for (let i = 0; i < 22; i++) {
    const ms = await timed(async () => (await createMock({ store: new MemoryStore() })).shutdown());
    if (i >= 2) warm.push(ms);
  }
  table(
    ["case", "median"],
    [
      ["first in the process (hashes the seed users' passwords)", fmt(coldMs)],
      ["each one after", fmt(median(warm))],
    ],
  );
}

// `npx tsx tests/bench/admin.ts [sizes]` runs this bench alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  await benchAdmin(sizes.length ? sizes : [1_000, 10_000, 100_000]);
}
