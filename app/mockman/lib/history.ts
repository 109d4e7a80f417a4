// Request history in its own IndexedDB database, so clearing it never touches
// the mock's data (and the mock's reset never touches the history).
import Dexie, { type Table } from "dexie";
import type { TypedRequest } from "./typed";

export const HISTORY_DATABASE = "mockman-history";
export const HISTORY_PAGE = 50;

/** A sent request as typed (a body of another type with its files' names only), and what came of it. */
export interface HistoryEntry extends TypedRequest {
  id?: number;
  sentAt: number;
  /** What came back; absent for imported entries and requests that got no response. */
  status?: number;
  statusText?: string;
  ms?: number;
  size?: number;
  /** Set when the request failed without any response (network, CORS). */
  failure?: string;
  /** A login's encodedToken, so an export can refer to it instead of copying it. */
  token?: string;
}

export class HistoryStore {
  private db: Dexie;
  private entries: Table<HistoryEntry, number>;

  constructor(name = HISTORY_DATABASE, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    this.db = new Dexie(name, indexedDB ? { indexedDB, IDBKeyRange: keyRange } : undefined);
    // Auto-increment ids follow send order, so "newest first" is a reverse key walk with no sort.
    this.db.version(1).stores({ entries: "++id" });
    this.entries = this.db.table("entries");
    // The body's text is `bodyText`, as in every other shape of a typed request; entries written before it (and by
    // a tab still running that code) hold `body`, and read as the others do. Read, not rewritten: no pass over the
    // whole history when the page opens. (A key that is gone reads as undefined: bulkGet passes that through too.)
    this.entries.hook("reading", (entry: (HistoryEntry & { body?: string }) | undefined) =>
      entry && entry.bodyText === undefined ? { ...entry, bodyText: entry.body ?? "" } : entry,
    );
  }

  add(entry: HistoryEntry): Promise<number> {
    return this.entries.add(entry);
  }

  /** Adds in the given order (oldest first), so the last one becomes the newest. */
  async addMany(entries: HistoryEntry[]): Promise<void> {
    await this.entries.bulkAdd(entries);
  }

  /** The newest `limit` entries, newest first. */
  newest(limit: number): Promise<HistoryEntry[]> {
    return this.entries.orderBy(":id").reverse().limit(limit).toArray();
  }

  count(): Promise<number> {
    return this.entries.count();
  }

  /** The newest `limit` entries that pass `test`, newest first, and how many pass in all. */
  async search(test: (entry: HistoryEntry) => boolean, limit: number): Promise<{ entries: HistoryEntry[]; matched: number }> {
    // One pass over the table: it counts every match and keeps the newest `limit`.
    const entries: HistoryEntry[] = [];
    let matched = 0;
    await this.entries
      .orderBy(":id")
      .reverse()
      .each((entry) => {
        if (!test(entry)) return;
        matched++;
        if (entries.length < limit) entries.push(entry);
      });
    return { entries, matched };
  }

  /** Entries by id, oldest first (the order a collection replays them in). */
  async byIds(ids: number[]): Promise<HistoryEntry[]> {
    const found = await this.entries.bulkGet([...ids].sort((a, b) => a - b));
    return found.filter((entry): entry is HistoryEntry => entry !== undefined);
  }

  all(): Promise<HistoryEntry[]> {
    return this.entries.orderBy(":id").toArray();
  }

  remove(id: number): Promise<void> {
    return this.entries.delete(id);
  }

  clear(): Promise<void> {
    return this.entries.clear();
  }

  close() {
    this.db.close();
  }
}
