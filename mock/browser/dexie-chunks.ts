// The browser store's layout (Dexie schema 5): each collection is saved as a few large
// chunks (arrays of records in insertion order), and each commit as one journal row
// (its change set) that later folds into the chunks. A boot reads ~100 rows at 100k
// posts instead of one row per record; a write is still one small row.
import type { ChangeSet, CollectionName, Snapshot } from "../core/types";
import { COLLECTIONS } from "../core/types";

type Rec = { _id: string };

/** One chunk: the records of `c` at chunk number `n`, in insertion order. */
export interface Chunk {
  c: CollectionName;
  n: number;
  records: Rec[];
}

/**
 * A chunk as stored: its records as one JSON text. Chromium reads 100k posts and 60k
 * comments kept as JSON in ~1 s (JSON.parse included), as arrays of objects in 2-3 s
 * (structured clone rebuilds each object), and as one row per record in 5-9 s.
 */
export interface ChunkRow {
  c: CollectionName;
  n: number;
  json: string;
}

export const encode = ({ c, n, records }: Chunk): ChunkRow => ({ c, n, json: JSON.stringify(records) });
export const decode = ({ c, n, json }: ChunkRow): Chunk => ({ c, n, records: JSON.parse(json) as Rec[] });

/** One journal row: one commit's changes and the data version it produced (the key). */
export interface JournalRow {
  version: number;
  changes: ChangeSet;
}

/**
 * A chunk holds at most this many records, and closes early past CHUNK_BYTES of JSON, so a chunk of large photos stays small enough to rewrite when one changes.
 * 2,000 posts are ~1 MB: 100k posts and 60k comments are ~80 rows.
 */
export const CHUNK_RECORDS = 2000;
export const CHUNK_BYTES = 2 * 1024 * 1024;
/** The journal folds into the chunks once it holds this many commits, or about this many bytes. */
export const FOLD_ENTRIES = 500;
export const FOLD_BYTES = 2 * 1024 * 1024;
/**
 * A fold waits until writes pause this long: it rewrites every chunk the journal touched
 * (at 100k posts and 500 likes spread over all of them, the whole data), and a commit
 * that comes while it runs waits for it.
 */
export const FOLD_IDLE_MS = 1000;

/** A cheap estimate of a record's stored size (strings count their length): no JSON.stringify per write. */
export function sizeOf(value: unknown, depth = 0): number {
  if (typeof value === "string") return value.length + 2;
  if (typeof value !== "object" || value === null) return 8;
  if (depth > 1) return Array.isArray(value) ? 24 * value.length + 2 : 64;
  let n = 2;
  for (const v of Array.isArray(value) ? value : Object.values(value)) n += 8 + sizeOf(v, depth + 1);
  return n;
}

export const sizeOfChanges = (changes: ChangeSet): number =>
  COLLECTIONS.reduce((n, c) => n + (changes[c]?.put ?? []).reduce((m, r) => m + sizeOf(r), 0) + 16 * (changes[c]?.remove.length ?? 0), 0);

/** Splits a collection's records into chunks numbered from `first`, each with its stored row. */
export function pack(c: CollectionName, records: Rec[], first = 0): (Chunk & ChunkRow)[] {
  const chunks: (Chunk & ChunkRow)[] = [];
  let current: Rec[] = [];
  let texts: string[] = [];
  let bytes = 0;
  const close = () => chunks.push({ c, n: first + chunks.length, records: current, json: `[${texts.join(",")}]` });
  for (const record of records) {
    const text = JSON.stringify(record);
    if (current.length && (current.length >= CHUNK_RECORDS || bytes + text.length > CHUNK_BYTES)) {
      close();
      current = [];
      texts = [];
      bytes = 0;
    }
    current.push(record);
    texts.push(text);
    bytes += text.length + 1;
  }
  if (current.length) close();
  return chunks;
}

/** Where each record lives: per collection, id -> chunk number, and the last chunk's number (-1: none). */
export interface ChunkIndex {
  at: Map<CollectionName, Map<string, number>>;
  last: Map<CollectionName, number>;
}

export function indexOf(rows: Chunk[]): ChunkIndex {
  const index: ChunkIndex = { at: new Map(), last: new Map() };
  for (const c of COLLECTIONS) {
    index.at.set(c, new Map());
    index.last.set(c, -1);
  }
  for (const row of rows) {
    const at = index.at.get(row.c)!;
    for (const r of row.records) at.set(r._id, row.n);
    if (row.n > index.last.get(row.c)!) index.last.set(row.c, row.n);
  }
  return index;
}

/** The snapshot the chunks hold (rows in key order: collection, then chunk number). */
export function snapshotOf(rows: Chunk[]): Snapshot {
  const snapshot = Object.fromEntries(COLLECTIONS.map((c) => [c, []])) as unknown as Snapshot;
  for (const row of rows) {
    const list = snapshot[row.c] as Rec[];
    for (const r of row.records) list.push(r);
  }
  return snapshot;
}

/**
 * Applies journal entries in order, as applyChanges would one by one (a known id is
 * replaced in place, a new one goes last, a removed one drops out), with one id map
 * per collection for all of them: 500 entries cost one pass, not 500.
 */
export function applyAll(snapshot: Snapshot, entries: ChangeSet[]): Snapshot {
  for (const c of COLLECTIONS) {
    if (!entries.some((e) => e[c])) continue;
    const list = snapshot[c] as (Rec | null)[];
    const at = new Map(list.map((r, i) => [r!._id, i]));
    let holes = false;
    for (const entry of entries) {
      const change = entry[c];
      if (!change) continue;
      for (const record of change.put as Rec[]) {
        const i = at.get(record._id);
        if (i === undefined) {
          at.set(record._id, list.length);
          list.push(record);
        } else list[i] = record;
      }
      for (const id of change.remove) {
        const i = at.get(id);
        if (i === undefined) continue;
        list[i] = null;
        at.delete(id);
        holes = true;
      }
    }
    if (holes) (snapshot[c] as Rec[]) = list.filter((r): r is Rec => r !== null);
  }
  return snapshot;
}

/** A chunk being folded: its records with holes where some were removed. */
interface Working {
  n: number;
  records: (Rec | null)[];
  pos: Map<string, number> | null;
  live: number;
  bytes: number;
}

/** What a fold writes, and the index moves to apply once its transaction has committed. */
export interface Fold {
  /** The chunk keys to read before folding (touched chunks, and each touched collection's last). */
  put: Chunk[];
  deleted: [CollectionName, number][];
  moved: Map<CollectionName, Map<string, number | undefined>>;
  last: Map<CollectionName, number>;
}

/** The chunks a journal touches: where its ids live now, and each collection's last chunk (new records). */
export function chunksTouched(index: ChunkIndex, entries: ChangeSet[]): [CollectionName, number][] {
  const keys = new Map<string, [CollectionName, number]>();
  for (const entry of entries)
    for (const c of COLLECTIONS) {
      const change = entry[c];
      if (!change) continue;
      const at = index.at.get(c)!;
      const last = index.last.get(c)!;
      if (last >= 0) keys.set(`${c}:${last}`, [c, last]);
      for (const id of [...(change.put as Rec[]).map((r) => r._id), ...change.remove]) {
        const n = at.get(id);
        if (n !== undefined) keys.set(`${c}:${n}`, [c, n]);
      }
    }
  return [...keys.values()];
}

/**
 * Folds journal entries into the chunks they touch (`rows`, read by the caller with
 * chunksTouched): replaced records stay where they are, new ones go to the last chunk
 * (then new chunks), removed ones drop out. Order is kept, as applyAll keeps it.
 */
export function fold(index: ChunkIndex, rows: (Chunk | undefined)[], keys: [CollectionName, number][], entries: ChangeSet[]): Fold {
  const chunks = new Map<string, Working>();
  keys.forEach(([c, n], i) => {
    const records = rows[i]?.records ?? [];
    chunks.set(`${c}:${n}`, { n, records, pos: null, live: records.length, bytes: -1 });
  });
  const moved = new Map<CollectionName, Map<string, number | undefined>>();
  const last = new Map(index.last);
  const locate = (c: CollectionName, id: string) => {
    const m = moved.get(c);
    return m?.has(id) ? m.get(id) : index.at.get(c)!.get(id);
  };
  const positions = (w: Working) => (w.pos ??= new Map(w.records.map((r, i) => [r?._id ?? "", i])));
  for (const entry of entries)
    for (const c of COLLECTIONS) {
      const change = entry[c];
      if (!change) continue;
      if (!moved.has(c)) moved.set(c, new Map());
      const m = moved.get(c)!;
      for (const record of change.put as Rec[]) {
        const n = locate(c, record._id);
        if (n !== undefined) {
          const w = chunks.get(`${c}:${n}`)!;
          w.records[positions(w).get(record._id)!] = record;
          continue;
        }
        // New here: last chunk, or a new one once it is full.
        let n2 = last.get(c)!;
        let w = n2 >= 0 ? chunks.get(`${c}:${n2}`) : undefined;
        const size = sizeOf(record);
        if (w && w.bytes < 0) w.bytes = w.records.reduce((b, r) => b + (r ? sizeOf(r) : 0), 0);
        if (!w || (w.live > 0 && (w.live >= CHUNK_RECORDS || w.bytes + size > CHUNK_BYTES))) {
          n2 += 1;
          w = { n: n2, records: [], pos: new Map(), live: 0, bytes: 0 };
          chunks.set(`${c}:${n2}`, w);
          keys.push([c, n2]);
          last.set(c, n2);
        }
        positions(w).set(record._id, w.records.length);
        w.records.push(record);
        w.live += 1;
        w.bytes += size;
        m.set(record._id, n2);
      }
      for (const id of change.remove) {
        const n = locate(c, id);
        if (n === undefined) continue;
        const w = chunks.get(`${c}:${n}`)!;
        const i = positions(w).get(id)!;
        w.records[i] = null;
        w.pos!.delete(id);
        w.live -= 1;
        m.set(id, undefined);
      }
    }
  const put: Chunk[] = [];
  const deleted: [CollectionName, number][] = [];
  for (const [c, n] of keys) {
    const w = chunks.get(`${c}:${n}`)!;
    const records = w.records.filter((r): r is Rec => r !== null);
    if (records.length) put.push({ c, n, records });
    else deleted.push([c, n]);
  }
  return { put, deleted, moved, last };
}

/** Applies a committed fold's moves to the index. */
export function moveIndex(index: ChunkIndex, done: Fold): void {
  for (const [c, m] of done.moved) {
    const at = index.at.get(c)!;
    for (const [id, n] of m) {
      if (n === undefined) at.delete(id);
      else at.set(id, n);
    }
  }
  index.last = done.last;
}
