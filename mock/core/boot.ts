// Boot: the data the mock starts with. The store's data is loaded, brought to the
// current format (data-format.ts) and checked; an empty store is seeded. A store
// whose data cannot be read is refused whole and left untouched, never "repaired"
// or replaced by the seed.
import { migrateRecords, snapshotProblem } from "../data/data-format";
import type { Snapshot, Store } from "./types";
import { StoreError } from "./types";

export interface Booted {
  snapshot: Snapshot;
  /** Older data was converted but could not be written back: the next write must rewrite the store whole. */
  rewrite: boolean;
}

export async function bootData(store: Store, seed: () => Promise<Snapshot>, onStoreError?: (error: unknown) => void): Promise<Booted> {
  const saved = await store.load();
  if (!saved) {
    const fresh = await seed();
    await store.replace(fresh);
    return { snapshot: fresh, rewrite: false };
  }
  // Data an older version wrote is brought to the current shape, then checked. A store that knows
  // it holds the current format skips the scan (about 50 ms at 100k posts in Node, more in a tab).
  const current = store.holdsCurrentFormat?.() ?? false;
  const old = !current && migrateRecords(saved);
  // A record of the wrong shape would crash every screen that lists it: refuse
  // the data whole (the caller runs in memory and says so), never "repair" it.
  const problem = snapshotProblem(saved);
  if (problem) throw new StoreError(`${store.label} holds data this version cannot read (${problem}). It was left untouched.`);
  let rewrite = false;
  // Written back whole once, so the copies of names and photos leave the store too, and comments leave their posts.
  // If that fails the old records stay readable (each is migrated at every load), so the session goes on,
  // and the next write writes everything (a change set of new-shape records would not fit the old ones).
  if (old)
    await store.replace(saved, store.generation?.()).catch((error: unknown) => {
      rewrite = true;
      onStoreError?.(error);
    });
  // Nothing older was found: the next load need not look (a read-only store just looks again).
  else if (!current) await store.markCurrentFormat?.().catch(() => undefined);
  return { snapshot: saved, rewrite };
}
