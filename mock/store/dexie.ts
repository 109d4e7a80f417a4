// The browser's store: IndexedDB through Dexie, one table per collection keyed
// by id. Each row keeps its insertion position, so lists load in order.
import Dexie, { type Table as DexieTable } from "dexie";
import type { ChangeSet, CollectionName, Collections, Snapshot, Store } from "../types";
import { COLLECTIONS, StoreError } from "../types";
import { FORMAT_VERSION, moveCommentsOut, movePhotosOut } from "../data-format";
import { isReferenced } from "../photos";
import { withTabLock } from "./tab-lock";

interface Row {
  id: string;
  seq: number;
  data: unknown;
}

export const DEFAULT_DATABASE = "moments-mock";

export class DexieStore implements Store {
  readonly label: string;
  readonly db: Dexie;
  private seqs = new Map<CollectionName, Map<string, number>>();
  private next = new Map<CollectionName, number>();
  /** The data version this copy last read or wrote; every write transaction bumps it. */
  private version = 0;
  /** Whether the data is known to be in the current format (meta "format", see holdsCurrentFormat). */
  private currentFormat = false;
  /** The paging generation (meta "generation"), as last read or written. */
  private pagingGeneration = 0;

  constructor(
    readonly name = DEFAULT_DATABASE,
    indexedDB?: IDBFactory,
    keyRange?: typeof IDBKeyRange,
  ) {
    this.label = `IndexedDB database "${name}"`;
    this.db = new Dexie(name, indexedDB ? { indexedDB, IDBKeyRange: keyRange } : undefined);
    this.db.version(1).stores({ users: "id, seq", posts: "id, seq", todos: "id, seq", meta: "key" });
    // Version 2 (data format 3): comments get their own table, moved out of their posts'
    // rows by the same code that migrates any older snapshot (moveCommentsOut).
    this.db
      .version(2)
      .stores({ comments: "id, seq" })
      .upgrade(async (tx) => {
        const posts = (await tx.table("posts").orderBy("seq").toArray()) as Row[];
        const snapshot: Record<string, unknown> = { posts: posts.map((row) => row.data) };
        moveCommentsOut(snapshot);
        await tx.table("posts").bulkPut(posts);
        const comments = snapshot.comments as { _id: string }[];
        await tx.table("comments").bulkAdd(comments.map((data, seq) => ({ id: data._id, seq, data })));
      });
    // Version 3 (data format 4): large photos get their own table, moved out of their
    // owners' rows by the same code that migrates any older snapshot (movePhotosOut).
    this.db
      .version(3)
      .stores({ photos: "id, seq" })
      .upgrade(async (tx) => {
        // Only the rows that hold a large photo are written back.
        const holding = (rows: Row[]) =>
          rows.filter((row) => Object.values(row.data as object).some((v) => typeof v === "string" && isReferenced(v)));
        const users = holding((await tx.table("users").orderBy("seq").toArray()) as Row[]);
        const posts = holding((await tx.table("posts").orderBy("seq").toArray()) as Row[]);
        const snapshot: Record<string, unknown> = { users: users.map((row) => row.data), posts: posts.map((row) => row.data) };
        movePhotosOut(snapshot);
        await tx.table("users").bulkPut(users);
        await tx.table("posts").bulkPut(posts);
        const photos = snapshot.photos as { _id: string }[];
        await tx.table("photos").bulkAdd(photos.map((data, seq) => ({ id: data._id, seq, data })));
      });
    // Version 4 (data format 5): notifications, a table of their own; older data had none.
    this.db.version(4).stores({ notifications: "id, seq" });
  }

  /** The data version this copy last read or wrote (meta "version"): what an answer read now was read at. */
  get dataVersion(): number {
    return this.version;
  }

  holdsCurrentFormat(): boolean {
    return this.currentFormat;
  }

  async markCurrentFormat(): Promise<void> {
    await this.db.table("meta").put({ key: "format", value: FORMAT_VERSION });
    this.currentFormat = true;
  }

  private table(name: CollectionName): DexieTable<Row, string> {
    return this.db.table(name);
  }

  async load(): Promise<Snapshot | null> {
    try {
      const started = performance.now();
      await this.db.open();
      const seeded = await this.db.table("meta").get("seeded");
      this.version = (await this.db.table("meta").get("version"))?.value ?? 0;
      this.currentFormat = (await this.db.table("meta").get("format"))?.value === FORMAT_VERSION;
      this.pagingGeneration = (await this.db.table("meta").get("generation"))?.value ?? 0;
      const snapshot = {} as Snapshot;
      // Every table at once: the database reads them side by side, so 100k posts and 60k comments
      // come in ~1.7 s instead of ~2.4 s one after another (reading in key order and sorting here was slower).
      const tables = await Promise.all(COLLECTIONS.map((name) => this.table(name).orderBy("seq").toArray()));
      for (const [i, name] of COLLECTIONS.entries()) {
        const rows = tables[i];
        this.seqs.set(name, new Map(rows.map((r) => [r.id, r.seq])));
        this.next.set(name, rows.length ? rows[rows.length - 1].seq + 1 : 0);
        (snapshot[name] as unknown[]) = rows.map((r) => r.data);
      }
      // Shown in the browser's performance panel, and read by `npm run bench:browser`.
      performance.measure("moments: read IndexedDB", { start: started });
      return seeded ? snapshot : null;
    } catch (error) {
      throw new StoreError(`${this.label} cannot be read: ${(error as Error).message}`, { cause: error });
    }
  }

  private rowsFor(name: CollectionName, records: { _id: string }[]): Row[] {
    const seqs = this.seqs.get(name) ?? new Map<string, number>();
    this.seqs.set(name, seqs);
    return records.map((record) => {
      let seq = seqs.get(record._id);
      if (seq === undefined) {
        seq = this.next.get(name) ?? 0;
        this.next.set(name, seq + 1);
        seqs.set(record._id, seq);
      }
      return { id: record._id, seq, data: record };
    });
  }

  async commit(changes: ChangeSet): Promise<void> {
    const names = COLLECTIONS.filter((n) => changes[n]);
    if (!names.length) return;
    // Rows are built (and the records structured-cloned by IndexedDB) before the
    // next request can change them: the dispatcher awaits this commit.
    const version = await this.db.transaction("rw", [...names.map((n) => this.table(n)), this.db.table("meta")], async () => {
      const next = await this.bump();
      for (const name of names) {
        const { put, remove } = changes[name]!;
        if (put.length) await this.table(name).bulkPut(this.rowsFor(name, put as { _id: string }[]));
        if (remove.length) {
          await this.table(name).bulkDelete(remove);
          for (const id of remove) this.seqs.get(name)?.delete(id);
        }
      }
      return next;
    });
    // Only a committed write moves this copy's version: after a failed one (a full
    // disk) the saved data is unchanged, and reading it back would drop the session.
    this.version = version;
  }

  async saved<K extends CollectionName>(collection: K, ids: string[]): Promise<(Collections[K] | undefined)[]> {
    const rows = await this.table(collection).bulkGet(ids);
    return rows.map((row) => row?.data as Collections[K] | undefined);
  }

  generation(): number {
    return this.pagingGeneration;
  }

  async replace(snapshot: Snapshot, generation = 0): Promise<void> {
    await this.db.open();
    this.version = await this.db.transaction("rw", [...COLLECTIONS.map((n) => this.table(n)), this.db.table("meta")], async () => {
      for (const name of COLLECTIONS) {
        await this.table(name).clear();
        this.seqs.set(name, new Map());
        this.next.set(name, 0);
        await this.table(name).bulkAdd(this.rowsFor(name, snapshot[name] as { _id: string }[]));
      }
      await this.db.table("meta").put({ key: "seeded", at: new Date().toISOString() });
      // What replace() writes is always in the current format: later loads need not scan it.
      await this.db.table("meta").put({ key: "format", value: FORMAT_VERSION });
      await this.db.table("meta").put({ key: "generation", value: generation });
      return this.bump();
    });
    this.currentFormat = true;
    this.pagingGeneration = generation;
  }

  /** Writes the next data version inside the caller's transaction and returns it. */
  private async bump(): Promise<number> {
    const meta = this.db.table("meta");
    const next = ((await meta.get("version"))?.value ?? 0) + 1;
    await meta.put({ key: "version", value: next });
    return next;
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return withTabLock(`mock-store:${this.name}`, task);
  }

  async changedElsewhere(): Promise<Snapshot | null> {
    const now = (await this.db.table("meta").get("version"))?.value ?? 0;
    if (now === this.version) return null;
    return this.load();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
