// The unit of work: what one request changed, and what becomes of it. The
// tables note every record a handler inserts, touches or removes (track); when
// the answer is a success the changes go to the store in one transaction
// (commit), when it is a refusal or the store refuses them they are put back as
// the store holds them (undo, rollback); either way the request is then settled
// and nothing is tracked any more. Data an older version wrote that could not be
// written back at boot makes every write rewrite the store whole (rewrite).
// Features that keep something derived from the saved data (the search index,
// mock/features/search-index.ts) hear it through one hook, onCommit, registered
// at assembly (mock/core/create-mock.ts): the unit of work knows none of them.
import { migrateRecords } from "../data/data-format";
import { snapshotOf, type ChangeLog, type Table, type Tables } from "../data/tables";
import type { ChangeSet, CollectionName, Snapshot, Store } from "./types";
import { COLLECTIONS } from "./types";

/** Every record one request wrote or removed, by collection and id (null: removed). */
export class Tracker implements ChangeLog {
  private touched = new Map<CollectionName, Map<string, object | null>>();

  note(collection: CollectionName, id: string, record: object | null) {
    let map = this.touched.get(collection);
    if (!map) this.touched.set(collection, (map = new Map()));
    map.set(id, record);
  }

  get dirty() {
    return this.touched.size > 0;
  }

  /** The noted changes, in the order records were first inserted. Kept until discard(): a failed commit retries them. */
  changes(tables: Tables): ChangeSet {
    const changes: Record<string, { put: { _id: string }[]; remove: string[] }> = {};
    for (const [name, map] of this.touched) {
      const table = tables[name] as unknown as Table<{ _id: string }>;
      const put: { _id: string }[] = [];
      const remove: string[] = [];
      for (const [id, record] of map) {
        if (record) put.push(record as { _id: string });
        else remove.push(id);
      }
      put.sort((a, b) => table.order(a._id) - table.order(b._id));
      changes[name] = { put, remove };
    }
    return changes as ChangeSet;
  }

  discard() {
    this.touched.clear();
  }
}

export interface StoreHealth {
  /** Called when a write to the store fails; the in-memory session goes on. */
  onStoreError?: (error: unknown) => void;
  /** Called when a write succeeds after failed ones: everything unsaved has now landed. */
  onStoreRecovered?: () => void;
}

/** What a feature hears of the saved data (UnitOfWork.onCommit). */
export interface CommitListener {
  /** Changes now saved: a request's commit, or another tab's, taken in (applyRemote). Called in the order they were saved. */
  saved(changes: ChangeSet): void;
  /** The tables were loaded whole (boot, reset, import, a reload, a rollback that read the store again). */
  loaded(): void;
}

export class UnitOfWork {
  private failing = false;
  private readonly listeners: CommitListener[] = [];
  /**
   * Older data was converted at boot but could not be written back: the store still
   * holds the old shape (a version-2 post holds its comments), where a change set of
   * new-shape records would lose what they no longer carry. Until the store is written
   * whole once, each write rewrites it whole.
   */
  rewrite = false;

  constructor(
    private readonly store: Store,
    private readonly tables: Tables,
    readonly tracker: Tracker,
    private readonly health: StoreHealth = {},
  ) {}

  /** Lets a feature hear every saved change set and every load, from now on. */
  onCommit(listener: CommitListener) {
    this.listeners.push(listener);
  }

  /** Whether the request under way has changed anything yet. */
  get dirty() {
    return this.tracker.dirty;
  }

  /**
   * Replaces every table's records (boot, reset, import, another tab's writes): nothing is tracked after.
   * `current`: the records are known to be in this version's format (a snapshot's), so they are not
   * scanned for older ones; `changed`: per table, where the ids it changes from now on go (Table.load);
   * `kept`: per table, whether the records keep their positions, when the caller asked already.
   */
  load(
    snapshot: Snapshot,
    options: {
      current?: boolean;
      changed?: Partial<Record<CollectionName, Set<string>>>;
      kept?: Partial<Record<CollectionName, boolean>>;
    } = {},
  ) {
    // Another tab may hand over data an older build wrote (users copied into records).
    if (!options.current && !this.store.holdsCurrentFormat?.()) migrateRecords(snapshot);
    for (const name of COLLECTIONS)
      (this.tables[name] as { load(r: unknown[], changed?: Set<string>, kept?: boolean): void }).load(
        (snapshot[name] ?? []) as unknown[],
        options.changed?.[name],
        options.kept?.[name],
      );
    // Paging cursors carry the store's generation: one from before a reordering import is refused, after a restart too.
    for (const name of COLLECTIONS) this.tables[name].storeGeneration = this.store.generation?.() ?? 0;
    this.tracker.discard();
    for (const listener of this.listeners) listener.loaded();
  }

  /**
   * Takes in what other tabs saved since this copy last read or wrote (the store's journal,
   * Store.changesSince), commit by commit, record by record, without noting changes: the
   * tables keep their positions and caches as a rollback would, and the listeners hear
   * each commit as saved changes (the search index is kept, not dropped). At 100k posts one like from another tab costs a record, not a reload.
   */
  applyRemote(sets: readonly ChangeSet[]) {
    for (const changes of sets) {
      for (const name of COLLECTIONS) {
        const change = changes[name];
        if (!change) continue;
        const table = this.tables[name] as Table<{ _id: string }>;
        for (const record of change.put as { _id: string }[]) table.restore(record._id, record);
        for (const id of change.remove) table.restore(id, undefined);
        table.settle();
      }
      for (const listener of this.listeners) listener.saved(changes);
    }
    this.tracker.discard();
  }

  /** Saves what the request changed; when the store refuses, rolls it back and returns the error. */
  async commit(): Promise<unknown> {
    if (!this.tracker.dirty) return null;
    const changes = this.tracker.changes(this.tables);
    try {
      if (this.rewrite) {
        // The whole data, this request's change included, in the new shape.
        await this.store.replace(snapshotOf(this.tables), this.store.generation?.());
        this.rewrite = false;
      } else await this.store.commit(changes);
      // What was saved, and nothing else, reaches the listeners (the search index).
      for (const listener of this.listeners) listener.saved(changes);
      if (this.failing) this.health.onStoreRecovered?.();
      this.failing = false;
      return null;
    } catch (error) {
      this.failing = true;
      await this.rollback(changes);
      this.health.onStoreError?.(error);
      return error;
    } finally {
      this.settle();
    }
  }

  /** Undoes what a request changed whose answer is a refusal or a failure (4xx, 5xx): nothing it did may stay. */
  async undo() {
    if (!this.tracker.dirty) return;
    try {
      await this.rollback(this.tracker.changes(this.tables));
    } finally {
      this.settle();
    }
  }

  /** Puts every record the refused changes touched back as the store holds it. */
  private async rollback(changes: ChangeSet) {
    const { store, tables } = this;
    try {
      if (!store.saved) throw new Error("the store cannot read single records");
      // The store's records are still in the old shape: read it whole, and migrate it, below.
      if (this.rewrite) throw new Error("the store holds older records");
      for (const name of COLLECTIONS) {
        const change = changes[name];
        if (!change) continue;
        const ids = [...new Set([...change.put.map((r) => r._id), ...change.remove])];
        const saved = await store.saved(name, ids);
        const table = tables[name] as unknown as Table<{ _id: string }>;
        ids.forEach((id, i) => table.restore(id, saved[i] as { _id: string } | undefined));
      }
    } catch {
      // Reading the records back failed too: read the whole store, or keep what we have.
      const snapshot = await store.load().catch(() => null);
      if (snapshot) this.load(snapshot);
    }
  }

  /** The request's changes are settled (saved, refused or rolled back): nothing is tracked any more. */
  private settle() {
    this.tracker.discard();
    for (const name of COLLECTIONS) this.tables[name].settle();
  }
}
