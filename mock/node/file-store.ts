// The Node store: a snapshot file plus a journal beside it. A commit appends
// one line (what the request changed) and fsyncs it, so a write costs the
// change, not the database. Now and then the journal is folded into the
// snapshot (temp file, fsync, rename, fsync dir, then truncate the journal).
// Every line carries a seq and the snapshot records the last seq it holds, so
// a crash at any step neither loses nor double-applies a line.
//
// Snapshot: {"mockman":"db","version":4,"journalSeq":n,"data":{users,posts,comments,todos,photos}}
//   (one record per line, lists in insertion order; `"generation":g,` before
//   "data" once an import or reset has reordered the lists, see mock/data/paging.ts)
// Journal:  one line per commit, {"seq":n,"changes":ChangeSet}
import { type FileId, syncDir, writeAtomic } from "./atomic";
import { LONGEST_TEXT } from "../core/types";
import { jsonLinePieces, readJsonLines } from "../data/json-lines";
import { fstatSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { ChangeSet, CollectionName, Collections, Snapshot, Store } from "../core/types";
import { COLLECTIONS, StoreError, isObject } from "../core/types";
import { frozenJson } from "../core/snapshots";
import { FORMAT_VERSION, isReadableVersion, readableList } from "../data/data-format";

/*
 * The snapshot's "version" is the data format's (mock/data/data-format.ts). Version 5 adds
 * notifications (older snapshots have no `notifications` list). Version 4 keeps large photos in records of their own (`photos`); version 3 kept
 * them in their owners' fields (its snapshot has no `photos` list, its journal lines
 * put users and posts with their photos). Version 3 keeps comments in their own
 * collection; version 2 kept them inside their posts (its snapshot has no `comments`
 * list, its journal lines put posts with their comments), version 1 also copied users
 * into records. All still load: the rows are read as written and the mock migrates
 * the records (migrateRecords), then writes them back once in the current version.
 */

export interface FileStoreOptions {
  /** Fold once the journal passes this many bytes, or the snapshot's size if larger (default 1 MiB). */
  foldBytes?: number;
  /** Fold once the journal has this many lines (default 10,000). */
  foldLines?: number;
  /** Fold a non-empty journal on close (default true). */
  foldOnClose?: boolean;
  /** fsync each commit (default true). Off only for benchmarks of the rest. */
  durable?: boolean;
  /** How messages name the store: the path as the user gave it (default: the absolute path). */
  label?: string;
  /**
   * Only read, without the lock, while another process may write (export beside a
   * running serve): nothing is ever written, and a read that a fold or a replace
   * crossed (the snapshot changed meanwhile) is done again.
   */
  reader?: boolean | string;
  /**
   * A snapshot longer than this many bytes is read a line at a time (default: the longest
   * string V8 makes, LONGEST_TEXT, past which it cannot be read whole). Tests lower it.
   */
  readByLinesPast?: number;
}

type Rows = { [K in CollectionName]: Map<string, string> };
type Change = { put: { _id: string }[]; remove: string[] };

export class FileStore implements Store {
  readonly label: string;
  readonly path: string;
  readonly journalPath: string;
  /** What load() dropped from a torn journal tail, for the caller to mention. */
  recovered: string | null = null;
  /** The last fold that failed (the journal still holds the data). */
  foldError: unknown = null;

  private rows: Rows | null = null;
  private seq = 0;
  /** The paging generation the snapshot holds (`"generation"`, left out while 0). */
  private pagingGeneration = 0;
  private snapshotBytes = 0;
  /** Whether the snapshot last loaded was in the current version (see holdsCurrentFormat). */
  private currentFormat = false;
  private journalBytes = 0;
  private journalLines = 0;
  private journal: fs.FileHandle | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;
  private broken: StoreError | null = null;
  /** Why nothing may be written (the file, its journal or its folder is read-only), or null. */
  private readOnly: string | null = null;
  /** The snapshot and journal files this store has open or last wrote: if the path comes to name another (or none), the store moved. */
  private snapshotId: FileId | null = null;
  private journalId: FileId | null = null;
  /** Set once the files were deleted or moved under us: nothing is written (or folded, or removed) after that. */
  private vanished: StoreError | null = null;
  private readonly opts: Required<Omit<FileStoreOptions, "label">>;
  /** Why this store is only read (false: it may write). */
  private readonly reader: string | false;

  constructor(file: string, options: FileStoreOptions = {}) {
    this.path = path.resolve(file);
    this.journalPath = `${this.path}.journal`;
    this.label = options.label ?? this.path;
    const { label: _label, ...rest } = options;
    this.opts = {
      foldBytes: 1 << 20,
      foldLines: 10_000,
      foldOnClose: true,
      durable: true,
      reader: false,
      readByLinesPast: LONGEST_TEXT,
      ...rest,
    };
    this.reader = typeof this.opts.reader === "string" ? this.opts.reader : this.opts.reader ? "opened only to read" : false;
  }

  get stats() {
    return { seq: this.seq, snapshotBytes: this.snapshotBytes, journalBytes: this.journalBytes, journalLines: this.journalLines };
  }

  holdsCurrentFormat(): boolean {
    return this.currentFormat;
  }

  generation(): number {
    return this.pagingGeneration;
  }

  load(): Promise<Snapshot | null> {
    return this.serially(() => this.read());
  }

  commit(changes: ChangeSet): Promise<void> {
    return this.serially(async () => {
      if (!this.rows) await this.read();
      await this.guard();
      if (!this.snapshotBytes) await this.writeSnapshot(this.rows!, this.seq);
      await this.append(changes);
      if (this.journalLines >= this.opts.foldLines || this.journalBytes >= Math.max(this.opts.foldBytes, this.snapshotBytes)) {
        await this.fold();
      }
    });
  }

  /** From the rows, which hold exactly what the snapshot and the journal hold. */
  saved<K extends CollectionName>(collection: K, ids: string[]): Promise<(Collections[K] | undefined)[]> {
    return this.serially(async () => {
      if (!this.rows) throw new StoreError(`${this.label} has not been read yet.`);
      const rows = this.rows[collection];
      return ids.map((id) => {
        const row = rows.get(id);
        return row === undefined ? undefined : (JSON.parse(row) as Collections[K]);
      });
    });
  }

  replace(snapshot: Snapshot, generation = 0): Promise<void> {
    return this.serially(async () => {
      const rows = emptyRows();
      for (const name of COLLECTIONS) {
        // A snapshot's records are frozen: their JSON is made once, however often it is restored.
        for (const record of (snapshot[name] ?? []) as { _id: string }[]) rows[name].set(record._id, frozenJson(record));
      }
      await this.guard();
      // journalSeq must cover every line already in the journal, so that a crash
      // before the journal is cleared does not replay old lines onto new data.
      const seq = this.rows ? this.seq : Math.max(this.seq, await lastSeqIn(this.journalPath));
      await this.writeSnapshot(rows, seq, generation);
      await this.clearJournal();
      this.rows = rows;
      this.seq = seq;
    });
  }

  /** Folds the journal into the snapshot now. */
  compact(): Promise<void> {
    return this.serially(() => this.fold());
  }

  close(): Promise<void> {
    return this.serially(async () => {
      // A read-only store, or one deleted or moved under us, is never written, folded or tidied: it stays as the user left it.
      this.readOnly = this.reader || readOnlyReason(this.path, this.journalPath);
      const untouchable = this.readOnly !== null || this.vanished !== null || this.moved() !== null;
      if (this.opts.foldOnClose && this.journalLines > 0 && !untouchable) await this.fold();
      await this.journal?.close();
      this.journal = null;
      // An empty journal is only clutter beside the snapshot.
      if (this.journalBytes === 0 && !untouchable) await fs.rm(this.journalPath, { force: true }).catch(() => undefined);
      this.closed = true;
    }, true);
  }

  /** One operation at a time; after close, close is a no-op and the rest refuse. */
  private serially<T>(task: () => Promise<T>, closing = false): Promise<T> {
    const run = async () => {
      if (!this.closed) {
        try {
          return await task();
        } catch (error) {
          // Messages name the store as the user gave it, never by an absolute path they did not type.
          if (error instanceof Error) error.message = this.scrub(error.message);
          throw error;
        }
      }
      if (closing) return undefined as T;
      throw new StoreError(`${this.label} was closed; open the store again.`);
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The absolute paths in a message, as the user named the store. */
  private scrub(message: string): string {
    if (this.label === this.path) return message;
    const labelDir = path.dirname(this.label);
    return message
      .replaceAll(this.path, this.label)
      .replaceAll(path.dirname(this.path) + path.sep, labelDir === "." ? "" : labelDir + path.sep);
  }

  /**
   * Refuses to write when the store cannot take it: read-only (the file, its
   * journal or its folder has no write permission: checked by mode, since root
   * could write anyway), or deleted or moved since we read it.
   */
  private async guard() {
    if (this.vanished) throw this.vanished;
    const moved = this.moved();
    if (moved) throw (this.vanished = new StoreError(moved));
    this.readOnly = this.reader || readOnlyReason(this.path, this.journalPath);
    if (this.readOnly) {
      throw new StoreError(`${this.path} is read-only (${this.readOnly}), so nothing can be saved to it. Make it writable and try again.`);
    }
  }

  /**
   * Why the files we read or wrote are no longer at their paths, or no longer hold what we
   * left in them (written over in place: same inode, another size or mtime), or null.
   * `journalBytes`: how long our journal should be now.
   */
  private moved(journalBytes = this.journalBytes): string | null {
    const restart = "Nothing was saved: put it back and restart mockman (the data it served since is only in its memory).";
    if (this.snapshotId) {
      const now = fileId(this.path);
      if (!now) return `${this.path} was deleted or moved while mockman was running. ${restart}`;
      if (!sameFile(now, this.snapshotId)) return `${this.path} was replaced by another file while mockman was running. ${restart}`;
      if (now.size !== this.snapshotId.size || now.mtimeMs !== this.snapshotId.mtimeMs) return overwritten(this.path);
    }
    if (this.journal && this.journalId) {
      const open = fstatSync(this.journal.fd);
      const now = fileId(this.journalPath);
      if (open.nlink === 0 || !now || !sameFile(now, this.journalId))
        return `${this.journalPath} was deleted or moved while mockman was running. ${restart}`;
      if (open.size !== journalBytes) return overwritten(this.journalPath);
    }
    return null;
  }

  private async read(): Promise<Snapshot | null> {
    this.readOnly = this.reader || readOnlyReason(this.path, this.journalPath);
    let text: Buffer | null;
    let journal: Buffer | null;
    for (let tries = 1; ; tries++) {
      const before = await stamp(this.path);
      // Its id before the read: a change made while it is read counts as one made after.
      const id = fileId(this.path);
      text = await readIfExists(this.path, true);
      this.snapshotId = text === null ? null : id;
      journal = await readIfExists(this.journalPath, true);
      // A writer folds by renaming a new snapshot in before it empties the journal: an unchanged snapshot means a matching journal.
      if (!this.reader || before === (await stamp(this.path))) break;
      if (tries >= 100) throw new StoreError(`${this.path} kept changing while it was read; try again.`);
    }
    if (text === null) {
      if (journal && journal.toString("utf8").trim()) {
        throw new StoreError(
          `${this.journalPath} has changes but its snapshot ${this.path} is missing. Restore ${path.basename(this.path)}, ` +
            `or move the journal aside to start from the seed.`,
        );
      }
      this.rows = emptyRows();
      this.seq = 0;
      this.snapshotBytes = 0;
      return null;
    }
    // A snapshot past the longest string V8 makes is read a line at a time (its own layout only).
    const small = text.length <= this.opts.readByLinesPast ? text.toString("utf8") : null;
    const big = small === null ? await snapshotFromLines(text, this.path) : null;
    const { seq, data, version, generation } = big ?? parseSnapshot(small!, this.path);
    this.pagingGeneration = generation;
    // A current snapshot's journal lines were written by this version too: an older
    // store is converted and written back whole at its first load.
    this.currentFormat = version === FORMAT_VERSION;
    const records = emptyRows() as unknown as { [K in CollectionName]: Map<string, unknown> };
    for (const name of COLLECTIONS) {
      for (const record of data[name] as { _id: string }[]) {
        if (records[name].has(record._id))
          throw new StoreError(`${this.path} holds two ${name} with id ${record._id}. ${ADVICE(this.path)}`);
        records[name].set(record._id, record);
      }
    }
    // The rows keep their own JSON, so what the caller does to the records it gets cannot reach the file.
    const rows = big?.rows ?? rowsFromLines(small!, data) ?? stringifyAll(records);
    const replay = journal ? parseJournal(journal, this.journalPath, seq) : { lines: [], count: 0, goodBytes: 0, dropped: 0, lastSeq: seq };
    for (const { changes } of replay.lines) {
      for (const name of COLLECTIONS) {
        const change = changes[name] as Change | undefined;
        for (const record of change?.put ?? []) {
          records[name].set(record._id, record);
          rows[name].set(record._id, JSON.stringify(record));
        }
        for (const id of change?.remove ?? []) {
          records[name].delete(id);
          rows[name].delete(id);
        }
      }
    }
    const snapshot = {} as Snapshot;
    for (const name of COLLECTIONS) (snapshot[name] as unknown[]) = [...records[name].values()];
    if (replay.dropped && !this.readOnly) {
      // The next append must start on a fresh line, or the torn tail would
      // become a corrupt line in the middle of the journal.
      await fs.truncate(this.journalPath, replay.goodBytes);
      this.recovered = this.scrub(
        `${this.journalPath}: dropped ${replay.dropped} bytes of a last line cut short (a crash during a write); the lines before it were recovered.`,
      );
    }
    this.rows = rows;
    this.seq = replay.lastSeq;
    this.snapshotBytes = text.length;
    this.journalBytes = replay.goodBytes;
    this.journalLines = replay.count;
    return snapshot;
  }

  private async append(changes: ChangeSet) {
    const seq = this.seq + 1;
    // Each record is stringified once: into the line, and into the rows a fold writes.
    const strings = new Map<CollectionName, [string, string][]>();
    const parts: string[] = [];
    for (const name of COLLECTIONS) {
      const change = changes[name] as Change | undefined;
      if (!change) continue;
      const put = change.put.map((r) => [r._id, JSON.stringify(r)] as [string, string]);
      strings.set(name, put);
      parts.push(`${JSON.stringify(name)}:{"put":[${put.map((p) => p[1]).join(",")}],"remove":${JSON.stringify(change.remove)}}`);
    }
    if (!parts.length) return;
    const line = Buffer.from(`{"seq":${seq},"changes":{${parts.join(",")}}}\n`);
    if (this.broken) throw this.broken;
    try {
      if (!this.journal) {
        this.journal = await openJournal(this.journalPath);
        const { dev, ino, size, mtimeMs } = await this.journal.stat();
        this.journalId = { dev, ino, size, mtimeMs };
      }
      const { bytesWritten } = await this.journal.write(line);
      if (bytesWritten !== line.length) throw new Error(`only ${bytesWritten} of ${line.length} bytes were written`);
      if (this.opts.durable) await this.journal.datasync();
    } catch (error) {
      const failed = new StoreError(`Could not write ${this.journalPath}: ${(error as Error).message}`, { cause: error });
      // Cut back a half-written line so the journal stays well formed; if even
      // that fails, appending more would bury a torn line mid-journal.
      await this.journal?.truncate(this.journalBytes).catch(() => {
        this.broken = new StoreError(`${failed.message}; the store refuses further writes until mockman is restarted.`, { cause: error });
      });
      throw failed;
    }
    // Written and synced, but into the file at the path? A journal deleted or
    // moved under us would take the change with it: never acknowledge that, and
    // cut the line back so the journal never carries a change that was refused.
    const moved = this.moved(this.journalBytes + line.length);
    if (moved) {
      await this.journal.truncate(this.journalBytes).catch(() => undefined);
      throw (this.vanished = new StoreError(moved));
    }
    this.seq = seq;
    this.journalBytes += line.length;
    this.journalLines++;
    for (const [name, put] of strings) {
      const rows = this.rows![name];
      for (const [id, row] of put) rows.set(id, row);
      for (const id of (changes[name] as Change).remove) rows.delete(id);
    }
  }

  private async fold() {
    if (!this.journalLines || !this.rows) return;
    // Never over a read-only store, nor onto a path whose files were moved away.
    if (this.vanished || this.moved() || (this.reader || readOnlyReason(this.path, this.journalPath)) !== null) return;
    try {
      await this.writeSnapshot(this.rows, this.seq);
      await this.clearJournal();
      this.foldError = null;
    } catch (error) {
      // The journal still holds every change; the next fold tries again.
      this.foldError = error;
    }
  }

  private async writeSnapshot(rows: Rows, seq: number, generation = this.pagingGeneration) {
    const pieces = snapshotPieces(rows, seq, generation);
    try {
      this.snapshotId = await writeAtomic(this.path, pieces, { makeDir: true });
    } catch (error) {
      throw new StoreError(`Could not write ${this.path}: ${(error as Error).message}`, { cause: error });
    }
    this.snapshotBytes = pieces.reduce((n, piece) => n + Buffer.byteLength(piece), 0);
    this.pagingGeneration = generation;
  }

  private async clearJournal() {
    if (this.journal) await this.journal.truncate(0);
    else {
      await fs.rm(this.journalPath, { force: true });
      this.journalId = null;
    }
    this.journalBytes = 0;
    this.journalLines = 0;
  }
}

const ADVICE = (file: string) =>
  `It was left untouched: fix it by hand, or move it aside (mv "${file}" "${file}.bad") and run \`mockman reset\` to start from the seed.`;

function emptyRows(): Rows {
  return { users: new Map(), posts: new Map(), comments: new Map(), todos: new Map(), photos: new Map(), notifications: new Map() };
}

function stringifyAll(records: { [K in CollectionName]: Map<string, unknown> }): Rows {
  const rows = emptyRows();
  for (const name of COLLECTIONS) for (const [id, record] of records[name]) rows[name].set(id, JSON.stringify(record));
  return rows;
}

/**
 * The snapshot as snapshotText wrote it has one record per line: reuse those
 * lines instead of stringifying every record again (half of a boot's time on
 * a big store). Anything laid out otherwise (edited by hand) returns null.
 */
function rowsFromLines(text: string, data: Snapshot): Rows | null {
  const lines = text.split("\n");
  const rows = emptyRows();
  let i = 1;
  for (const name of COLLECTIONS) {
    const list = data[name] as { _id: string }[];
    const open = `${JSON.stringify(name)}:[`;
    if (!list.length) {
      if (!lines[i++]?.startsWith(`${open}]`)) return null;
      continue;
    }
    if (lines[i++] !== open) return null;
    for (const record of list) {
      let line = lines[i++] ?? "";
      if (line.endsWith(",")) line = line.slice(0, -1);
      if (line[0] !== "{" || line[line.length - 1] !== "}" || !line.includes(`"_id":${JSON.stringify(record._id)}`)) return null;
      rows[name].set(record._id, line);
    }
    if (!lines[i++]?.startsWith("]")) return null;
  }
  return rows;
}

/** The snapshot's text as pieces written one after another (mock/data/json-lines.ts), never one string. */
function snapshotPieces(rows: Rows, seq: number, generation: number): string[] {
  const gen = generation ? `"generation":${generation},` : "";
  const header = `{"mockman":"db","version":${FORMAT_VERSION},"journalSeq":${seq},${gen}"data":{`;
  return jsonLinePieces(
    header,
    COLLECTIONS.map((name) => [name, [...rows[name].values()]] as const),
    (row) => row,
  );
}

/**
 * A snapshot too long for one string (over LONGEST_TEXT bytes), read as snapshotPieces lays it
 * out: the header line, then each collection's records a line at a time. Their lines become
 * the rows as they are. Laid out any other way (edited by hand), it cannot be read.
 */
async function snapshotFromLines(buffer: Buffer, file: string): Promise<ReturnType<typeof parseSnapshot> & { rows: Rows }> {
  const tooBig = (what: string) =>
    new StoreError(
      `${file} is ${Math.round(buffer.length / 1e6)} MB, more than one JSON text can be (512 MB): mockman reads a store that large only ` +
        `in the layout it writes, one record per line, and ${what}. ${ADVICE(file)}`,
    );
  const rows = emptyRows();
  const data = Object.fromEntries(COLLECTIONS.map((name) => [name, [] as unknown[]]));
  const { header, names } = await readJsonLines(linesOfBuffer(buffer), tooBig, (name, row) => {
    if (!(name in data)) throw tooBig(`it has a list "${name}", which no store has`);
    let record: unknown;
    try {
      record = JSON.parse(row);
    } catch (error) {
      throw tooBig(`a line of ${name} is not JSON (${(error as Error).message})`);
    }
    if (!isObject(record) || typeof record._id !== "string") throw tooBig(`a line of ${name} is not a record with a string "_id"`);
    data[name].push(record);
    rows[name as CollectionName].set(record._id, row);
  });
  const missing = COLLECTIONS.find((name) => !names.includes(name));
  if (missing) throw tooBig(`it has no list "${missing}"`);
  const head = parseSnapshot(`${header}${COLLECTIONS.map((name) => `${JSON.stringify(name)}:[]`).join(",")}}}`, file);
  return { ...head, data: data as unknown as Snapshot, rows };
}

/** A buffer's lines, decoded one at a time (the buffer may be past the longest string). */
function* linesOfBuffer(buffer: Buffer): Iterable<string> {
  for (let at = 0; at < buffer.length;) {
    let end = buffer.indexOf(10, at);
    if (end < 0) end = buffer.length;
    yield buffer.toString("utf8", at, end);
    at = end + 1;
  }
}

const isRecordList = (v: unknown) => Array.isArray(v) && v.every((r) => isObject(r) && typeof r._id === "string");

function parseSnapshot(text: string, file: string): { seq: number; data: Snapshot; version: number; generation: number } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new StoreError(`${file} is not valid JSON (${(error as Error).message}). ${ADVICE(file)}`, { cause: error });
  }
  const wrong = (what: string) => new StoreError(`${file} is not a mockman store: ${what}. ${ADVICE(file)}`);
  if (!isObject(doc)) throw wrong("expected a JSON object");
  if (doc.mockman === "export") {
    throw new StoreError(`${file} is a mockman export file, not a store. Move it elsewhere and load it with \`mockman import FILE\`.`);
  }
  if (doc.mockman !== "db") throw wrong(`"mockman" should be "db"`);
  if (typeof doc.version === "number" && doc.version > FORMAT_VERSION) {
    throw new StoreError(`${file} was written by a newer mockman (store version ${doc.version}); upgrade mockman to read it.`);
  }
  if (!isReadableVersion(doc.version)) throw wrong(`"version" should be ${readableList()}`);
  if (!Number.isSafeInteger(doc.journalSeq) || (doc.journalSeq as number) < 0) throw wrong(`"journalSeq" should be a whole number`);
  if (!isObject(doc.data)) throw wrong(`"data" should be an object`);
  const generation = doc.generation ?? 0;
  if (!Number.isSafeInteger(generation) || (generation as number) < 0) throw wrong(`"generation" should be a whole number`);
  // Before version 3 comments were inside their posts: no list of their own (the mock moves them out).
  if ((doc.version as number) < 3 && doc.data.comments === undefined) doc.data.comments = [];
  // Before version 4 photos were inside their owners: no list of their own (the mock moves them out).
  if ((doc.version as number) < 4 && doc.data.photos === undefined) doc.data.photos = [];
  // Before version 5 there were no notifications.
  if ((doc.version as number) < 5 && doc.data.notifications === undefined) doc.data.notifications = [];
  for (const name of COLLECTIONS) {
    if (!isRecordList(doc.data[name])) throw wrong(`"data.${name}" should be a list of records, each with a string "_id"`);
  }
  return {
    seq: doc.journalSeq as number,
    data: doc.data as unknown as Snapshot,
    version: doc.version as number,
    generation: generation as number,
  };
}

function isChangeSet(v: unknown): v is ChangeSet {
  if (!isObject(v)) return false;
  return Object.entries(v).every(
    ([name, change]) =>
      (COLLECTIONS as string[]).includes(name) &&
      isObject(change) &&
      isRecordList(change.put) &&
      Array.isArray(change.remove) &&
      change.remove.every((id) => typeof id === "string"),
  );
}

interface Replay {
  /** The lines to apply: those after the snapshot's journalSeq. */
  lines: { seq: number; changes: ChangeSet }[];
  /** Every well-formed line, already-folded ones included. */
  count: number;
  goodBytes: number;
  dropped: number;
  lastSeq: number;
}

/** Lines at or below snapshotSeq are already in the snapshot and are skipped. */
function parseJournal(buf: Buffer, file: string, snapshotSeq: number): Replay {
  const out: Replay = { lines: [], count: 0, goodBytes: 0, dropped: 0, lastSeq: snapshotSeq };
  let contentEnd = buf.length;
  while (contentEnd > 0 && [9, 10, 13, 32].includes(buf[contentEnd - 1])) contentEnd--;
  let pos = 0;
  let lineNo = 0;
  while (pos < buf.length) {
    const nl = buf.indexOf(10, pos);
    const end = nl === -1 ? buf.length : nl;
    lineNo++;
    const text = buf.toString("utf8", pos, end);
    const isLast = end >= contentEnd;
    let entry: unknown;
    try {
      entry = text.trim() ? JSON.parse(text) : null;
    } catch {
      entry = undefined;
    }
    if (text.trim() && (nl === -1 || !isObject(entry) || !Number.isSafeInteger(entry.seq) || !isChangeSet(entry.changes))) {
      // Each change is appended as one line ending in a newline, in one write: only a
      // last line without its newline can be a write cut short by a crash.
      if (isLast && nl === -1) {
        out.dropped = buf.length - pos;
        return out;
      }
      const why = isLast ? "it is complete (it ends in a newline)" : "it is not the last line";
      throw new StoreError(
        `${file} line ${lineNo} is corrupt, and ${why}, so it is not a write cut short by a crash. ` +
          `Nothing was changed: fix or delete that line by hand, or move the journal aside to go back to the last snapshot ${path.basename(file, ".journal")}.`,
      );
    }
    if (isObject(entry)) {
      out.count++;
      const seq = entry.seq as number;
      if (seq > out.lastSeq) {
        if (seq !== out.lastSeq + 1) {
          throw new StoreError(
            `${file} line ${lineNo} has seq ${seq} after ${out.lastSeq}: changes are missing. Nothing was changed; move the journal aside to go back to the last snapshot.`,
          );
        }
        out.lines.push({ seq, changes: entry.changes as ChangeSet });
        out.lastSeq = seq;
      }
    }
    pos = end + 1;
    out.goodBytes = Math.min(pos, buf.length);
  }
  return out;
}

async function lastSeqIn(journal: string): Promise<number> {
  const buf = await readIfExists(journal, true).catch(() => null);
  let last = 0;
  for (const line of buf?.toString("utf8").split("\n") ?? []) {
    const seq = /^\{"seq":(\d+),/.exec(line)?.[1];
    if (seq) last = Math.max(last, Number(seq));
  }
  return last;
}

async function readIfExists(file: string): Promise<string | null>;
async function readIfExists(file: string, raw: true): Promise<Buffer | null>;
async function readIfExists(file: string, raw?: true): Promise<string | Buffer | null> {
  try {
    return raw ? await fs.readFile(file) : await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new StoreError(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
}

async function openJournal(file: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const fh = await fs.open(file, "a");
  // A new file's name is durable only once its directory is synced; without it
  // a crash could lose a journal whose lines were all fsynced.
  await syncDir(path.dirname(file));
  return fh;
}

/** Which file is at a path and how it was last changed, as one string ("" when there is none). */
const stamp = (file: string) =>
  fs.stat(file).then(
    (s) => `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}`,
    () => "",
  );

const sameFile = (a: FileId, b: FileId) => a.dev === b.dev && a.ino === b.ino;

/** A store file written over in place (`cp other.json db.json`: same inode, other bytes): it is the user's now, never to be written over. */
const overwritten = (file: string) =>
  `${file} was written over in place (its size or modification time changed) while mockman was running. ` +
  `Nothing was saved, and mockman will not write its memory over it: restart mockman to serve what the file now holds.`;

// The checks before and after each commit stat a few paths: synchronously, a
// stat costs microseconds, where each promise round trip through the thread
// pool cost ~50 µs (5× the commit itself without fsync).
function fileId(file: string): FileId | null {
  try {
    const st = statSync(file, { throwIfNoEntry: false });
    return st ? { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs } : null;
  } catch {
    return null;
  }
}

const noWriteBits = (mode: number) => (mode & 0o222) === 0;

/**
 * Why the store must not be written, from the permission bits (root may write
 * anything, but a store its owner made read-only must stay as it is), or null.
 */
export function readOnlyReason(file: string, journal: string): string | null {
  const modeOf = (p: string) => {
    try {
      return statSync(p, { throwIfNoEntry: false })?.mode ?? null;
    } catch {
      return null;
    }
  };
  const [snapshot, lines, folder] = [modeOf(file), modeOf(journal), modeOf(path.dirname(file))];
  if (snapshot !== null && noWriteBits(snapshot)) return "the file has no write permission";
  if (lines !== null && noWriteBits(lines)) return "its journal has no write permission";
  if (folder !== null && noWriteBits(folder)) return "its folder has no write permission";
  return null;
}
