// The mock in Node: on a file store, behind the store's lock. The CLI opens it
// per command (lock, load, work, commit, release) and `serve` for its lifetime.
import fs from "node:fs/promises";
import path from "node:path";
import { type Mock, createMock } from "./server";
import { FileStore, type FileStoreOptions } from "./store/file";
import { type HeldLock, type LockInfo, acquireLock } from "./store/lock";

export const DEFAULT_DB = ".mockman/db.json";

/** `--db` first, then MOCKMAN_DB, then .mockman/db.json under the current directory; always absolute. */
export function resolveDbPath(flag?: string): string {
  return path.resolve(flag || process.env.MOCKMAN_DB || DEFAULT_DB);
}

export interface OpenFileMockOptions {
  passwordIterations?: number;
  /** Defaults to waiting 10 s, as "mockman". */
  lock?: { waitMs: number; info: LockInfo };
  store?: FileStoreOptions;
  /** How messages name the store: the path as the user typed it (default: the absolute path). */
  label?: string;
  onStoreError?: (error: unknown) => void;
}

export interface FileMock {
  mock: Mock;
  /** Shuts the mock down (folding the journal into the snapshot) and releases the lock. Safe to call twice. */
  release(): Promise<void>;
  /** The held lock: `serve` records its port with `lock.update({ port })`. */
  lock: HeldLock;
}

/**
 * Takes the lock on dbPath (throws LockedError when another process holds it),
 * opens the file store and boots the mock on it (throws StoreError when the
 * store cannot be read; the file is left as it was).
 */
export async function openFileMock(dbPath: string, options: OpenFileMockOptions = {}): Promise<FileMock> {
  // Through a symlink, the target is the store: it is what gets locked and
  // written (beside it), so the link stays a link and two names share one lock.
  const file = await realStorePath(path.resolve(dbPath));
  const lock = await acquireLock(file, options.lock ?? { waitMs: 10_000, info: { command: "mockman" } });
  let mock: Mock;
  try {
    mock = await createMock({
      store: new FileStore(file, { label: options.label, ...options.store }),
      passwordIterations: options.passwordIterations,
      onStoreError: options.onStoreError,
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
  let released: Promise<void> | null = null;
  const release = () =>
    (released ??= (async () => {
      try {
        await mock.shutdown();
      } finally {
        await lock.release();
      }
    })());
  return { mock, release, lock };
}

/** The store's real path: symlinks (of the file or its folders) resolved, also for a file not made yet. */
export async function realStorePath(file: string, depth = 0): Promise<string> {
  if (depth > 40) return file;
  try {
    return await fs.realpath(file);
  } catch {
    // Not there yet; a dangling link still points where the store is to be made.
  }
  const link = await fs.readlink(file).catch(() => null);
  if (link !== null) return realStorePath(path.resolve(path.dirname(file), link), depth + 1);
  const dir = path.dirname(file);
  if (dir === file) return file;
  return path.join(await realStorePath(dir, depth + 1), path.basename(file));
}

export { LockedError, type LockHolder, type LockInfo } from "./store/lock";
export { StoreError } from "./types";
