import type { ChangeSet, CollectionName, Collections, Snapshot, Store } from "../core/types";
import { COLLECTIONS } from "../core/types";
import { applyChanges } from "./apply";
import { copyJson, isSnapshotList, keepable } from "../core/snapshots";

/** Keeps a JSON copy of everything in memory: for tests, and as the reference the other stores must match. */
export class MemoryStore implements Store {
  readonly label = "memory";
  private data: Snapshot | null = null;
  private saved_generation = 0;
  commits = 0;

  async load(): Promise<Snapshot | null> {
    return this.data ? structuredClone(this.data) : null;
  }

  async commit(changes: ChangeSet): Promise<void> {
    this.data ??= { users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] };
    // A snapshot's list, kept as it is by replace (frozen): copied before the first change to it.
    for (const name of COLLECTIONS)
      if (changes[name] && isSnapshotList(this.data[name])) (this.data[name] as unknown[]) = [...(this.data[name] as unknown[])];
    this.data = applyChanges(this.data, JSON.parse(JSON.stringify(changes)));
    this.commits++;
  }

  async saved<K extends CollectionName>(collection: K, ids: string[]): Promise<(Collections[K] | undefined)[]> {
    const list = (this.data?.[collection] ?? []) as Collections[K][];
    const byId = new Map(list.map((r) => [r._id, r]));
    return ids.map((id) => (byId.has(id) ? structuredClone(byId.get(id)) : undefined));
  }

  generation(): number {
    return this.saved_generation;
  }

  async replace(snapshot: Snapshot, generation = 0): Promise<void> {
    this.saved_generation = generation;
    // A snapshot's frozen records are kept as they are (nothing changes them); any other is copied.
    const data = {} as Record<CollectionName, unknown[]>;
    for (const name of COLLECTIONS) {
      const list = (snapshot[name] ?? []) as unknown[];
      // Whatever it is handed (a test hands it data of the wrong shape, for boot to refuse).
      // A snapshot's list (frozen, records and all) is kept itself: a restore copies nothing here.
      data[name] = isSnapshotList(list) ? list : Array.isArray(list) ? list.map(keepable) : copyJson(list);
    }
    this.data = data as Snapshot;
  }

  async close(): Promise<void> {}
}
