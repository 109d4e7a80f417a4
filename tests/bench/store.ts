// Store write per mutation: what a like costs the store (commit of one changed
// post), for the file store and for Dexie through fake-indexeddb, at several
// data sizes. Target: ≤ 1 ms per write, flat in N. Figures, not assertions.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { IDBKeyRange, indexedDB } from "fake-indexeddb";
import { generateData } from "#mock/data/seed";
import { DexieStore } from "#mock/browser/dexie";
import { FileStore } from "#mock/node/file-store";
import type { PostRecord, Snapshot, Store } from "#mock/core/types";
import { fmt, table } from "./measure";

const WRITES = 2000;

interface Samples {
  median: number;
  p95: number;
  mean: number;
  max: number;
}

/** Commits one changed post per call, cycling through the posts, WRITES times after a warm-up. */
async function writes(store: Store, posts: PostRecord[]): Promise<Samples> {
  const samples: number[] = [];
  for (let i = 0; i < WRITES + 50; i++) {
    const post = posts[(i * 7919) % posts.length];
    post.likes.likeCount++;
    const t = performance.now();
    await store.commit({ posts: { put: [post], remove: [] } });
    if (i >= 50) samples.push(performance.now() - t);
  }
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  samples.sort((a, b) => a - b);
  return { median: samples[samples.length >> 1], p95: samples[Math.floor(samples.length * 0.95)], mean, max: samples[samples.length - 1] };
}

/** The floor on this disk: appending one post-sized line and fdatasync-ing it, sampled the same way. */
async function diskFloor(dir: string, line: string): Promise<Samples> {
  const fh = await fs.open(path.join(dir, "floor.journal"), "a");
  try {
    const store = {
      label: "floor",
      commit: async () => {
        await fh.write(line);
        await fh.datasync();
      },
    } as unknown as Store;
    return await writes(store, [JSON.parse(line)]);
  } finally {
    await fh.close();
  }
}

const time = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

export async function benchStore(sizes: number[]): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mockman-bench-store-"));
  const rows: string[][] = [];
  const extra: string[][] = [];
  try {
    for (const n of sizes) {
      const data: Snapshot = await generateData({ users: 200, posts: n, seed: 7, iterations: 1000 });
      const fresh = () => structuredClone(data);
      const floor = await diskFloor(dir, `${JSON.stringify(data.posts[0])}\n`);
      rows.push([String(n), "(disk floor: append + fdatasync)", fmt(floor.median), fmt(floor.p95), fmt(floor.mean), fmt(floor.max)]);

      for (const durable of [true, false]) {
        const file = path.join(dir, `db-${n}-${durable}.json`);
        const store = new FileStore(file, { durable });
        await store.load();
        const snapshot = fresh();
        const replace = await time(() => store.replace(snapshot));
        const s = await writes(store, snapshot.posts);
        const journal = store.stats;
        const fold = await time(() => store.compact());
        await store.close();
        const load = await time(() => new FileStore(file).load());
        rows.push([
          String(n),
          durable ? "file (fsync each commit)" : "file (no fsync)",
          fmt(s.median),
          fmt(s.p95),
          fmt(s.mean),
          fmt(s.max),
        ]);
        if (durable) {
          extra.push([String(n), `${(journal.snapshotBytes / 1e6).toFixed(1)} MB`, fmt(replace), fmt(fold), fmt(load)]);
        }
      }

      const dexie = new DexieStore(`bench-${process.pid}-${n}`, indexedDB, IDBKeyRange);
      await dexie.load();
      const snapshot = fresh();
      await dexie.replace(snapshot);
      const s = await writes(dexie, snapshot.posts);
      rows.push([String(n), "Dexie (fake-indexeddb)", fmt(s.median), fmt(s.p95), fmt(s.mean), fmt(s.max)]);
      await dexie.close();
      await indexedDB.deleteDatabase(dexie.name);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  console.log(`## Store write per mutation (commit of one changed post, ${WRITES} writes; target ≤ 1 ms, flat in N)\n`);
  table(["posts", "store", "median", "p95", "mean (incl. folds)", "max"], rows);
  console.log("## File store: the whole-file steps (a fold happens once the journal outgrows the snapshot)\n");
  table(["posts", "snapshot", "replace (reset/import)", "fold", "load (boot)"], extra);
}
