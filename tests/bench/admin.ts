// The admin API's figures (issue 32): what a reset between every test of a suite costs
// on a running `serve --db :memory:` (POST /__mockman/reset and restoring a snapshot,
// over HTTP, at 1k, 10k and 100k posts; the target is under 50 ms at 10k), and what
// creating a memory mock in-process costs a test (createMock, which seeds). Figures, not tests.
import type { AddressInfo } from "node:net";
import { createMock } from "#mock/core/create-mock";
import { generateData } from "#mock/data/seed";
import { toExportFile } from "#mock/data/export-file";
import { createAdmin } from "#mock/node/admin";
import { createDoorServer } from "#mock/node/http-door";
import { MemoryStore } from "#mock/store/memory";
import { fmt, measure, table } from "./measure";

export async function benchAdmin(sizes: number[]): Promise<void> {
  console.log("## Admin API on serve --db :memory: (over HTTP; the data restored before each reset)\n");
  const rows: string[][] = [];
  for (const n of sizes) {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
    const admin = createAdmin(mock);
    const server = createDoorServer({ dispatch: (r) => (admin.owns(r.url) ? admin.dispatch(r) : mock.dispatch(r)) });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__mockman`;
    const post = async (path: string) => {
      const res = await fetch(`${base}/${path}`, { method: "POST" });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    await mock.importData(toExportFile(await generateData({ users: 200, posts: n, seed: 7, iterations: 1000 })));
    await post("snapshots/big");
    const runs = n >= 100_000 ? { minRuns: 5, minMs: 0, warmup: 1 } : { minRuns: 15, minMs: 0, warmup: 2 };
    let resetMs: number[] = [];
    const restore = await measure(async () => {
      await post("snapshots/big/restore");
      const t = performance.now();
      await post("reset");
      resetMs.push(performance.now() - t);
    }, runs);
    resetMs = resetMs.sort((a, b) => a - b);
    const resetMedian = resetMs[Math.floor(resetMs.length / 2)];
    // `restore` timed restore + reset together: the restore alone is the difference.
    rows.push([n.toLocaleString("en-US"), fmt(resetMedian), fmt(restore.median - resetMedian), String(restore.runs)]);
    server.close();
    await mock.shutdown();
  }
  table(["posts", "POST reset (median)", "POST snapshots/NAME/restore (median)", "runs"], rows);

  console.log("## createMock in-process on a memory store (boots with the seed)\n");
  const cold = performance.now();
  await (await createMock({ store: new MemoryStore() })).shutdown();
  const coldMs = performance.now() - cold;
  const warm = await measure(async () => (await createMock({ store: new MemoryStore() })).shutdown(), { minRuns: 20, minMs: 0, warmup: 2 });
  table(
    ["case", "median"],
    [
      ["first in the process (hashes the seed users' passwords)", fmt(coldMs)],
      ["each one after", fmt(warm.median)],
    ],
  );
}
