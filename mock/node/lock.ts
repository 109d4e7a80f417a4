// One process at a time per store file: an exclusive lock file beside the db
// (`db.json.lock`, created with O_EXCL) holding who has it. A short CLI command
// holds it for its whole run (load, work, commit, release), so it always sees
// the latest data; `mockman serve` holds it for its lifetime and records its port.
import { readFileSync, unlinkSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export interface LockInfo {
  /** What holds it, e.g. "mockman serve". */
  command: string;
  /** Set by a server: where the store's data can be reached instead. */
  port?: number;
  /** Set by a server with its port: the secret it proves itself with there (mock/node/serve-identity.ts). */
  identity?: string;
}

export interface LockHolder extends LockInfo {
  pid: number;
  since: string;
  host?: string;
}

export interface AcquireOptions {
  /** How long to wait for a held lock; 0 fails at once. */
  waitMs: number;
  info: LockInfo;
  /** Poll interval while waiting (default 25 ms). */
  pollMs?: number;
  /** Wait for a holder with a port too; by default a server fails at once, since it holds the lock until it stops. */
  waitForServer?: boolean;
  /** A holder the caller has proven gone (its port is answered by someone else): taken over as a dead one is, if the lock still names it. */
  stale?: LockHolder;
}

export class LockedError extends Error {
  constructor(
    readonly dbPath: string,
    readonly lockPath: string,
    /** null when the lock file could not be read (being written). */
    readonly holder: LockHolder | null,
  ) {
    super(describeHolder(dbPath, lockPath, holder));
    this.name = "LockedError";
  }
}

export interface HeldLock {
  readonly lockPath: string;
  readonly holder: LockHolder;
  /** Records new info (e.g. the port once the server listens). */
  update(info: Partial<LockInfo>): Promise<void>;
  release(): Promise<void>;
}

export function lockPathFor(dbPath: string) {
  return `${path.resolve(dbPath)}.lock`;
}

export function describeHolder(dbPath: string, lockPath: string, holder: LockHolder | null): string {
  const db = path.resolve(dbPath);
  if (!holder) return `${db} is locked (${lockPath} is being written); try again in a moment.`;
  const who = `${holder.command} (pid ${holder.pid}${holder.host && holder.host !== os.hostname() ? ` on ${holder.host}` : ""})`;
  if (holder.port) {
    const url = `http://127.0.0.1:${holder.port}`;
    return `${who} is using ${db} on port ${holder.port} — send the request with --base-url ${url}, or stop it.`;
  }
  return `${who} has been using ${db} since ${holder.since} — wait for it to finish, or stop it (if it is stuck, delete ${lockPath}).`;
}

/** Locks held by this process, released on exit. */
const held = new Map<string, LockHolder>();

export async function acquireLock(dbPath: string, options: AcquireOptions): Promise<HeldLock> {
  const lockPath = lockPathFor(dbPath);
  await fs.mkdir(path.dirname(lockPath), { recursive: true });
  const deadline = Date.now() + Math.max(0, options.waitMs);
  for (;;) {
    const holder: LockHolder = { pid: process.pid, ...options.info, since: new Date().toISOString(), host: os.hostname() };
    if (await tryCreate(lockPath, holder)) return hold(lockPath, holder);
    const current = await readHolder(lockPath);
    if (current === "gone") continue;
    const provenGone = current !== "unreadable" && !!options.stale && sameHolder(current, options.stale);
    if (current === "unreadable" ? await unreadableTooLong(lockPath) : provenGone || isStale(lockPath, current)) {
      await steal(lockPath, current);
      continue;
    }
    const blocker = current === "unreadable" ? null : current;
    if (Date.now() >= deadline || (blocker?.port && !options.waitForServer)) throw new LockedError(dbPath, lockPath, blocker);
    await sleep(options.pollMs ?? 25);
  }
}

async function tryCreate(lockPath: string, holder: LockHolder): Promise<boolean> {
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(lockPath, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    await fh.writeFile(JSON.stringify(holder));
  } finally {
    await fh.close();
  }
  return true;
}

async function readHolder(lockPath: string): Promise<LockHolder | "gone" | "unreadable"> {
  let text: string;
  try {
    text = await fs.readFile(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isSafeInteger(holder.pid) ? holder : "unreadable";
  } catch {
    return "unreadable";
  }
}

/** A holder is stale when its process is gone. Another host's pid cannot be checked: it counts as alive. */
function isStale(lockPath: string, holder: LockHolder): boolean {
  if (holder.host && holder.host !== os.hostname()) return false;
  // Our own pid but not a lock we hold: a previous process had this pid (containers reuse them).
  if (holder.pid === process.pid) return !sameHolder(held.get(lockPath), holder);
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** A lock file that stays unparseable (its writer died mid-write) for a second is taken over. */
async function unreadableTooLong(lockPath: string) {
  try {
    const { mtimeMs } = await fs.stat(lockPath);
    return Date.now() - mtimeMs > 1000;
  } catch {
    return false;
  }
}

/**
 * Two processes may find the same stale lock; only the one holding the
 * `.steal` guard removes it, after checking it is still the stale one, so a
 * fresh lock taken in between is never deleted.
 */
async function steal(lockPath: string, stale: LockHolder | "unreadable") {
  const guard = `${lockPath}.steal`;
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(guard, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // A stealer that died leaves its guard behind; it only ever needs milliseconds.
    const age = await fs.stat(guard).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > 5000) await fs.rm(guard, { force: true });
    else await sleep(10);
    return;
  }
  try {
    const now = await readHolder(lockPath);
    const same = now === "unreadable" ? stale === "unreadable" : now !== "gone" && stale !== "unreadable" && sameHolder(now, stale);
    if (same) await fs.rm(lockPath, { force: true });
  } finally {
    await fh.close();
    await fs.rm(guard, { force: true });
  }
}

function sameHolder(a: LockHolder | undefined, b: LockHolder) {
  return !!a && a.pid === b.pid && a.since === b.since;
}

function hold(lockPath: string, holder: LockHolder): HeldLock {
  held.set(lockPath, holder);
  installExitHooks();
  let current = holder;
  return {
    lockPath,
    get holder() {
      return current;
    },
    async update(info) {
      const next = { ...current, ...info };
      const tmp = `${lockPath}.${process.pid}.tmp`;
      await fs.writeFile(tmp, JSON.stringify(next));
      await fs.rename(tmp, lockPath);
      held.set(lockPath, next);
      current = next;
    },
    async release() {
      if (held.get(lockPath) !== current) return;
      held.delete(lockPath);
      releaseSync(lockPath, current);
    },
  };
}

/** Removes the lock file only if it is still ours. */
function releaseSync(lockPath: string, holder: LockHolder) {
  try {
    const now = JSON.parse(readFileSync(lockPath, "utf8")) as LockHolder;
    if (sameHolder(now, holder)) unlinkSync(lockPath);
  } catch {
    // Gone or taken over: nothing of ours to remove.
  }
}

let hooked = false;
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function installExitHooks() {
  if (hooked) return;
  hooked = true;
  process.on("exit", releaseAll);
  for (const signal of SIGNALS) {
    const onSignal = () => {
      // Whoever else listens (serve's graceful stop) owns the shutdown and
      // releases through release() or exit; alone, act as the default would.
      if (process.listenerCount(signal) > 1) return;
      releaseAll();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

function releaseAll() {
  for (const [lockPath, holder] of held) releaseSync(lockPath, holder);
  held.clear();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
