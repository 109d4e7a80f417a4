// The mock in Node: on a file store, behind the store's lock. The CLI opens it
// per command (lock, load, work, commit, release) and `serve` for its lifetime.
import fs from "node:fs/promises";
import path from "node:path";
import { type Mock, createMock } from "../core/create-mock";
import { FileStore, type FileStoreOptions } from "./file-store";
import { type AcquireOptions, type HeldLock, LockedError, acquireLock } from "./lock";
import { StoreError } from "../core/types";

export const DEFAULT_DB = ".mockman/db.json";

/**
 * Where the store lives, the one rule: `--db` first, then MOCKMAN_DB, then
 * .mockman/db.json, against the directory the command runs in (an empty value
 * counts as unset). `label` is the path as the user gave it, for messages;
 * `path` is absolute.
 */
export function storePath(given: { flag?: string; env?: Record<string, string | undefined>; cwd?: string } = {}): {
  path: string;
  label: string;
} {
  const label = given.flag || given.env?.MOCKMAN_DB || DEFAULT_DB;
  return { path: path.resolve(given.cwd ?? process.cwd(), label), label };
}

export interface OpenFileMockOptions {
  passwordIterations?: number;
  /** Defaults to waiting 10 s, as "mockman". */
  lock?: Pick<AcquireOptions, "waitMs" | "info" | "stale">;
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
  const label = options.label ?? path.resolve(dbPath);
  // Nothing is created, locked or read before the path is known to be a place for a store.
  await checkStorePlace(file, label);
  let lock: HeldLock;
  let reader: string | undefined;
  try {
    lock = await acquireLock(file, options.lock ?? { waitMs: 10_000, info: { command: "mockman" } });
  } catch (error) {
    if (error instanceof LockedError) throw error;
    const why = (error as Error).message.replaceAll(file, label);
    const code = (error as NodeJS.ErrnoException).code ?? "";
    // A folder we may not write (made read-only, or a read-only mount) still lets us read the store there: without the lock, writing nothing.
    if (!["EACCES", "EPERM", "EROFS"].includes(code) || !(await exists(file))) {
      throw new StoreError(`cannot take the lock beside ${label} (${why}). Pick a --db path in a folder you can write`, { cause: error });
    }
    reader = `its folder cannot be written: ${code}`;
    lock = noLock(file);
  }
  let mock: Mock;
  try {
    mock = await createMock({
      store: new FileStore(file, { label: options.label, ...options.store, ...(reader ? { reader } : {}) }),
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

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** The lock of a store that is only read (its folder cannot be written): nothing to hold or record. */
function noLock(file: string): HeldLock {
  return {
    lockPath: `${file}.lock`,
    holder: { pid: process.pid, command: "mockman (read only)", since: new Date().toISOString() },
    update: async () => undefined,
    release: async () => undefined,
  };
}

/**
 * Opens the store only to read, without its lock, while another process may hold
 * it (export beside a running serve): the data as acknowledged up to now.
 * Nothing is written, not even a fold; close it with `mock.shutdown()`.
 */
export async function readFileMock(dbPath: string, options: { label?: string; passwordIterations?: number } = {}): Promise<Mock> {
  const file = await realStorePath(path.resolve(dbPath));
  const label = options.label ?? path.resolve(dbPath);
  await checkStorePlace(file, label);
  return createMock({
    store: new FileStore(file, { label, reader: true }),
    passwordIterations: options.passwordIterations,
    seed: () => Promise.reject(new StoreError(`${label} does not exist yet.`)),
    onStoreError: () => undefined,
  });
}

/** statfs magic numbers of the kernel's virtual filesystems: files there are not files a store can be kept in. */
const VIRTUAL_FS: Record<number, string> = {
  0x9fa0: "proc",
  0x62656572: "sysfs",
  0x64626720: "debugfs",
  0x73636673: "securityfs",
  0x27e0eb: "cgroup",
  0x63677270: "cgroup2",
  0x1cd1: "devpts",
  0x74726163: "tracefs",
  0xcafe4a11: "bpf",
  0x6165676c: "pstore",
  0x62656570: "configfs",
  0xde5e81e4: "efivarfs",
  0x65735543: "fusectl",
  0x42494e4d: "binfmt_misc",
};

/**
 * Refuses, before anything is touched, a store path that cannot hold a store:
 * on a kernel filesystem (/proc, /sys: reading there can hang or fail in odd
 * ways), below a regular file, or naming something that is not a regular file.
 */
export async function checkStorePlace(file: string, label: string): Promise<void> {
  const where = (what: string) => new StoreError(`${label} cannot be a store: ${what}. Pick another --db path`);
  const kindOf = (st: {
    isDirectory(): boolean;
    isCharacterDevice(): boolean;
    isBlockDevice(): boolean;
    isFIFO(): boolean;
    isSocket(): boolean;
  }) =>
    st.isDirectory()
      ? "a folder"
      : st.isCharacterDevice() || st.isBlockDevice()
        ? "a device"
        : st.isFIFO()
          ? "a pipe"
          : st.isSocket()
            ? "a socket"
            : "not a regular file";
  // The nearest part of the path that exists must be a folder (or the store file itself).
  let existing = file;
  let st: Awaited<ReturnType<typeof fs.stat>> | null = null;
  for (;;) {
    st = await fs.stat(existing).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOTDIR") return null;
      if (error.code === "ENOENT") return null;
      throw where(`it cannot be looked at (${error.code ?? error.message})`);
    });
    if (st) break;
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (st && existing === file && !st.isFile()) throw where(`it is ${kindOf(st)}, not a store file`);
  if (st && existing !== file && !st.isDirectory()) throw where(`${path.basename(existing)} in its path is a file, not a folder`);
  for (const extra of [`${file}.journal`, `${file}.lock`]) {
    const other = await fs.stat(extra).catch(() => null);
    if (other && !other.isFile()) throw where(`${label}${extra.slice(file.length)} is ${kindOf(other)}, not a file`);
  }
  const fsType = await fs.statfs(existing).then(
    (s) => VIRTUAL_FS[s.type],
    () => undefined,
  );
  if (fsType) throw where(`it is on the kernel's ${fsType} filesystem, which holds no ordinary files`);
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

export { LockedError, type LockHolder, type LockInfo } from "./lock";
export { StoreError };
