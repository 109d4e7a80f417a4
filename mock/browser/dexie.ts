// The browser's store: IndexedDB through Dexie. Since schema 5 each collection is kept
// as a few large chunks (mock/browser/dexie-chunks.ts) plus a journal with one row per
// commit, folded into the chunks now and then: a boot reads ~100 rows at 100k posts.
import Dexie, { type Table as DexieTable } from "dexie";
import type { ChangeSet, CollectionName, Collections, Snapshot, Store } from "../core/types";
import { COLLECTIONS, StoreError } from "../core/types";
import { FORMAT_VERSION, moveCommentsOut, movePhotosOut } from "../data/data-format";
import { isReferenced } from "../data/photos";
import { withTabLock } from "./tab-lock";
import type { ChunkIndex, ChunkRow, JournalRow } from "./dexie-chunks";
import {
  FOLD_BYTES,
  FOLD_IDLE_MS,
  FOLD_ENTRIES,
  applyAll,
  chunksTouched,
  decode,
  encode,
  fold,
  indexOf,
  moveIndex,
  pack,
  sizeOfChanges,
  snapshotOf,
} from "./dexie-chunks";

/** A record's row in schemas 1 to 4 (one row per record, its insertion position in seq). */
interface Row {
  id: string;
  seq: number;
  data: unknown;
}

export const DEFAULT_DATABASE = "moments-mock";

type Meta = Record<string, { value?: unknown } | undefined>;
const metaOf = async (table: DexieTable): Promise<Meta> =>
  Object.fromEntries(((await table.toArray()) as { key: string; value?: unknown }[]).map((row) => [row.key, row]));

export class DexieStore implements Store {
  readonly label: string;
  readonly db: Dexie;
  /** Where each record lives in the chunks, as of the fold noted in meta "folded" = indexFolded. */
  private index: ChunkIndex = indexOf([]);
  private indexFolded = -1;
  /** The data version this copy last read or wrote; every write transaction bumps it. */
  private version = 0;
  /** The version the chunks held when last seen (meta "folded"): the journal holds the commits after it. */
  private folded = 0;
  /** About how many bytes the journal holds (this copy's commits since it last read or folded it). */
  private journalBytes = 0;
  /** Whether the data is known to be in the current format (meta "format", see holdsCurrentFormat). */
  private currentFormat = false;
  /** The paging generation (meta "generation"), as last read or written. */
  private pagingGeneration = 0;
  /** Reads, folds and replaces run one at a time, so the index always matches one state of the chunks. */
  private tail: Promise<unknown> = Promise.resolve();
  private foldQueued = false;
  private foldTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly name = DEFAULT_DATABASE,
    indexedDB?: IDBFactory,
    keyRange?: typeof IDBKeyRange,
  ) {
    this.label = `IndexedDB database "${name}"`;
    // Every transaction asks for `strict` durability: Chromium then reports a write complete only once
    // it is flushed to disk (its default, `relaxed` in effect, lets the OS cache it), so an acknowledged
    // write outlives a power loss as the file store's fsynced journal does. Browsers that do not know
    // the option (Firefox and Safari flush anyway) ignore it.
    this.db = new Dexie(name, {
      chromeTransactionDurability: "strict",
      ...(indexedDB ? { indexedDB, IDBKeyRange: keyRange } : {}),
    });
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
    // Version 5: chunks and a journal instead of one row per record. The rows move into
    // chunks in insertion order, in the upgrade's one transaction; the old tables go.
    const gone = Object.fromEntries(COLLECTIONS.map((c) => [c, null]));
    this.db
      .version(5)
      .stores({ chunks: "[c+n]", journal: "version", ...gone })
      .upgrade(async (tx) => {
        for (const c of COLLECTIONS) {
          const rows = (await tx.table(c).orderBy("seq").toArray()) as Row[];
          await tx.table("chunks").bulkAdd(
            pack(
              c,
              rows.map((row) => row.data as { _id: string }),
            ),
          );
        }
        const version = (await tx.table("meta").get("version"))?.value ?? 0;
        await tx.table("meta").put({ key: "folded", value: version });
      });
  }

  private get meta(): DexieTable {
    return this.db.table("meta");
  }
  private get chunks(): DexieTable<ChunkRow> {
    return this.db.table("chunks");
  }
  private get journal(): DexieTable<JournalRow> {
    return this.db.table("journal");
  }

  /** Runs reads, folds and replaces one at a time (commits need not wait: they only append). */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** The data version this copy last read or wrote (meta "version"): what an answer read now was read at. */
  get dataVersion(): number {
    return this.version;
  }

  holdsCurrentFormat(): boolean {
    return this.currentFormat;
  }

  async markCurrentFormat(): Promise<void> {
    await this.meta.put({ key: "format", value: FORMAT_VERSION });
    this.currentFormat = true;
  }

  load(): Promise<Snapshot | null> {
    return this.serial(() => this.read());
  }

  private async read(): Promise<Snapshot | null> {
    try {
      const started = performance.now();
      await this.db.open();
      const [meta, stored, journal] = await this.db.transaction("r", [this.meta, this.chunks, this.journal], () =>
        Promise.all([metaOf(this.meta), this.chunks.toArray(), this.journal.toArray()]),
      );
      // Parsed a chunk at a time, letting the page breathe every ~50 ms (100k posts: ~1 s of JSON.parse).
      const rows = [];
      let slice = performance.now();
      for (const row of stored) {
        rows.push(decode(row));
        if (performance.now() - slice < 50) continue;
        await new Promise((resolve) => setTimeout(resolve, 0));
        slice = performance.now();
      }
      this.version = (meta.version?.value as number) ?? 0;
      this.folded = (meta.folded?.value as number) ?? 0;
      this.currentFormat = meta.format?.value === FORMAT_VERSION;
      this.pagingGeneration = (meta.generation?.value as number) ?? 0;
      this.index = indexOf(rows);
      this.indexFolded = this.folded;
      const changes = journal.filter((row) => row.version > this.folded).map((row) => row.changes);
      this.journalBytes = changes.reduce((n, c) => n + sizeOfChanges(c), 0);
      const snapshot = applyAll(snapshotOf(rows), changes);
      // Shown in the browser's performance panel, and read by `npm run bench:browser`.
      performance.measure("moments: read IndexedDB", { start: started });
      return meta.seeded ? snapshot : null;
    } catch (error) {
      throw new StoreError(`${this.label} cannot be read: ${(error as Error).message}`, { cause: error });
    }
  }

  async commit(changes: ChangeSet): Promise<void> {
    if (!COLLECTIONS.some((n) => changes[n])) return;
    // The journal row is built (the records structured-cloned by IndexedDB) before the
    // next request can change them: the dispatcher awaits this commit.
    const version = await this.db.transaction("rw", [this.journal, this.meta], async () => {
      const next = await this.bump();
      await this.journal.add({ version: next, changes });
      return next;
    });
    // Only a committed write moves this copy's version: after a failed one (a full
    // disk) the saved data is unchanged, and reading it back would drop the session.
    this.version = version;
    this.journalBytes += sizeOfChanges(changes);
    // Folding is not part of the acknowledgement: it runs once writes pause for FOLD_IDLE_MS, in a
    // transaction of its own (a commit that comes meanwhile waits for it), or at once past twice the limit.
    const entries = version - this.folded;
    if (entries < FOLD_ENTRIES && this.journalBytes < FOLD_BYTES) return;
    clearTimeout(this.foldTimer);
    this.foldTimer = undefined;
    if (entries >= 2 * FOLD_ENTRIES || this.journalBytes >= 2 * FOLD_BYTES) this.foldSoon();
    else {
      this.foldTimer = setTimeout(() => this.foldSoon(), FOLD_IDLE_MS);
      // In Node (tests, benches) a pending fold does not keep the process alive: the journal keeps it all.
      (this.foldTimer as { unref?: () => void }).unref?.();
    }
  }

  private foldSoon(): void {
    this.foldTimer = undefined;
    if (this.foldQueued) return;
    this.foldQueued = true;
    void this.serial(() => this.fold()).catch(() => undefined);
  }

  /** Folds the whole journal into the chunks it touches, in one transaction: a tab that dies mid-way loses nothing. */
  async fold(): Promise<void> {
    this.foldQueued = false;
    const done = await this.db.transaction("rw", [this.chunks, this.journal, this.meta], async () => {
      const folded = (await this.meta.get("folded"))?.value ?? 0;
      const entries = await this.journal.toArray();
      // Another tab folded since this copy read the chunks: where records live is read again.
      const index = folded === this.indexFolded ? this.index : indexOf((await this.chunks.toArray()).map(decode));
      if (!entries.length) return { index, folded, fold: null };
      const changes = entries.map((row) => row.changes);
      const keys = chunksTouched(index, changes);
      const read = (await this.chunks.bulkGet(keys)).map((row) => row && decode(row));
      const result = fold(index, read, keys, changes);
      await this.chunks.bulkPut(result.put.map(encode));
      await this.chunks.bulkDelete(result.deleted);
      await this.journal.clear();
      const now = entries[entries.length - 1].version;
      await this.meta.put({ key: "folded", value: now });
      return { index, folded: now, fold: result };
    });
    if (done.fold) moveIndex(done.index, done.fold);
    this.index = done.index;
    this.indexFolded = this.folded = done.folded;
    this.journalBytes = 0;
  }

  saved<K extends CollectionName>(collection: K, ids: string[]): Promise<(Collections[K] | undefined)[]> {
    return this.serial(() =>
      this.db.transaction("r", [this.meta, this.chunks, this.journal], async () => {
        const found = new Map<string, Collections[K] | undefined>();
        // The journal's last word on an id wins; the chunks hold the rest.
        for (const row of await this.journal.toArray()) {
          const change = row.changes[collection];
          for (const record of change?.put ?? []) found.set(record._id, record as Collections[K]);
          for (const id of change?.remove ?? []) found.set(id, undefined);
        }
        const fresh = (await this.meta.get("folded"))?.value === this.indexFolded;
        const at = fresh ? this.index.at.get(collection)! : null;
        const wanted = fresh ? [...new Set(ids.filter((id) => !found.has(id) && at!.has(id)).map((id) => at!.get(id)!))] : null;
        const rows = wanted
          ? await this.chunks.bulkGet(wanted.map((n) => [collection, n]))
          : await this.chunks.where("[c+n]").between([collection, Dexie.minKey], [collection, Dexie.maxKey]).toArray();
        const chunked = new Map<string, unknown>();
        for (const row of rows) for (const r of row ? decode(row).records : []) chunked.set(r._id, r);
        return ids.map((id) => (found.has(id) ? found.get(id) : (chunked.get(id) as Collections[K] | undefined)));
      }),
    );
  }

  generation(): number {
    return this.pagingGeneration;
  }

  replace(snapshot: Snapshot, generation = 0, onProgress?: (done: number, total: number) => void): Promise<void> {
    return this.serial(async () => {
      await this.db.open();
      // Progress counts each record twice: once packed into its chunk's text, once written.
      const total = 2 * COLLECTIONS.reduce((n, c) => n + (snapshot[c]?.length ?? 0), 0);
      let done = 0;
      const rows: ReturnType<typeof pack> = [];
      for (const c of COLLECTIONS) {
        rows.push(...pack(c, snapshot[c] as { _id: string }[]));
        onProgress?.((done += snapshot[c]?.length ?? 0), total);
      }
      const stored = rows.map(({ c, n, json }) => ({ c, n, json }));
      this.version = await this.db.transaction("rw", [this.chunks, this.journal, this.meta], async () => {
        await this.chunks.clear();
        await this.journal.clear();
        // A few chunks at a time (each ~1 MB), so an import's progress moves while it saves.
        for (let i = 0; i < stored.length; i += 8) {
          await this.chunks.bulkAdd(stored.slice(i, i + 8));
          onProgress?.((done += rows.slice(i, i + 8).reduce((n, row) => n + row.records.length, 0)), total);
        }
        await this.meta.put({ key: "seeded", at: new Date().toISOString() });
        // What replace() writes is always in the current format: later loads need not scan it.
        await this.meta.put({ key: "format", value: FORMAT_VERSION });
        await this.meta.put({ key: "generation", value: generation });
        const next = await this.bump();
        await this.meta.put({ key: "folded", value: next });
        return next;
      });
      this.index = indexOf(rows);
      this.indexFolded = this.folded = this.version;
      this.journalBytes = 0;
      this.currentFormat = true;
      this.pagingGeneration = generation;
    });
  }

  /** Writes the next data version inside the caller's transaction and returns it. */
  private async bump(): Promise<number> {
    const next = ((await this.meta.get("version"))?.value ?? 0) + 1;
    await this.meta.put({ key: "version", value: next });
    return next;
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return withTabLock(`mock-store:${this.name}`, task);
  }

  /**
   * Inside `exclusive`, the cheap catch-up: null when nobody else wrote since this copy
   * last read or wrote; else the change sets of their commits in order (read from the
   * journal), or the whole data when the journal no longer holds them all (a fold past
   * this copy's version, a reset or an import).
   */
  changesSince(): Promise<ChangeSet[] | Snapshot | null> {
    return this.serial(async () => {
      const from = this.version;
      const [now, rows] = await this.db.transaction("r", [this.meta, this.journal], async () => [
        ((await this.meta.get("version"))?.value ?? 0) as number,
        await this.journal.where("version").above(from).toArray(),
      ]);
      if (now === from) return null;
      if (rows.length !== now - from || rows[0].version !== from + 1) return this.read();
      this.version = now;
      return rows.map((row) => row.changes);
    });
  }

  async close(): Promise<void> {
    // A fold that was waiting for writes to pause runs now.
    if (this.foldTimer) this.foldSoon();
    await this.tail;
    this.db.close();
  }
}
