// The shapes the mock API stores, and the contract every store implements.

import type { CommentRecord, NotificationRecord, PhotoRecord, PostRecord, TodoRecord, UserRecord } from "../data/records";

// The record types derive from the zod schemas in ./records.ts (one definition).
export type { CommentRecord, NotificationRecord, PhotoRecord, PostRecord, TodoRecord, UserRecord, UserRef } from "../data/records";

export interface Collections {
  users: UserRecord;
  posts: PostRecord;
  /** Since format version 3; before, each post held its comments. */
  comments: CommentRecord;
  todos: TodoRecord;
  /** Since format version 4; before, large photos were inline in their owners' fields. */
  photos: PhotoRecord;
  /** Since format version 5. */
  notifications: NotificationRecord;
}
export type CollectionName = keyof Collections;
export const COLLECTIONS: CollectionName[] = ["users", "posts", "comments", "todos", "photos", "notifications"];

/** Every record of every collection, each list in insertion order. */
export type Snapshot = { [K in CollectionName]: Collections[K][] };

/**
 * What one request changed: per collection, the records written (whole, in the
 * order they were first inserted) and the ids removed. Stores apply it atomically.
 */
export type ChangeSet = {
  [K in CollectionName]?: { put: Collections[K][]; remove: string[] };
};

export interface Store {
  /** Names the file or database, for messages. */
  readonly label: string;
  /** The saved data, or null when the store is empty. Throws StoreError when it cannot be read. */
  load(): Promise<Snapshot | null>;
  /** Applies one request's changes in one transaction. */
  commit(changes: ChangeSet): Promise<void>;
  /**
   * The records with these ids as the store holds them now (undefined where it has none):
   * what a refused write is rolled back to, without reading the whole store again.
   */
  saved?<K extends CollectionName>(collection: K, ids: string[]): Promise<(Collections[K] | undefined)[]>;
  /**
   * Replaces everything (reset, import), saving `generation` with it in the same write
   * (0 when left out): the paging generation, which paging cursors carry (mock/data/paging.ts).
   * Stores that write in steps may report them (`done` of `total`, for an import's progress bar).
   */
  replace(snapshot: Snapshot, generation?: number, onProgress?: (done: number, total: number) => void): Promise<void>;
  /**
   * After load() (or a catch-up, changesSince()): the paging generation saved with the data by
   * the last replace(), 0 when none was. It survives restarts, so a cursor made before
   * an import that reordered the data is refused after a restart too.
   */
  generation?(): number;
  /**
   * After load(): whether the data it gave is known to be in the current record
   * format (this version wrote it, or found nothing older in it), so the mock need
   * not scan it for older records to convert. Stores that cannot tell leave it out.
   */
  holdsCurrentFormat?(): boolean;
  /** Notes that the data held now is in the current format (the mock scanned it and found nothing older). */
  markCurrentFormat?(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs one request with exclusive access among everyone sharing this store
   * (browser tabs on one IndexedDB). Stores used by one owner leave it out.
   */
  exclusive?<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Inside `exclusive`, the catch-up: null when nobody else changed the data since we last read
   * or wrote; else their commits' change sets in order (the unit of work's applyRemote), or the
   * whole data when the store no longer holds them apart (a fold past our version, an import).
   */
  changesSince?(): Promise<ChangeSet[] | Snapshot | null>;
}

export class StoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreError";
  }
}

/** A plain JSON object (not null, not an array): what record and file checks look into. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The longest string V8 makes, in Node and in Chromium (2^29 - 24 UTF-16 units): ~512 MB of JSON. */
export const LONGEST_TEXT = 2 ** 29 - 24;

/** Whether an error is V8 refusing to make a string past LONGEST_TEXT (JSON.stringify, join, a file read whole). */
export const isTextTooLong = (error: unknown): boolean => error instanceof RangeError && /invalid string length/i.test(error.message);
