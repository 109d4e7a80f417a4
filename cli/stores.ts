// Opening the store file for one command: the lock, and the messages when the
// store is busy or cannot be read. Every data command goes through here.
import type { Mock } from "#mock/core/create-mock";
import { LockedError, StoreError, openFileMock, readFileMock, storePath, type LockHolder } from "#mock/node/door";
import type { HeldLock } from "#mock/node/lock";
import { probeOwner } from "#mock/node/serve-identity";
import { CliError, oneLine, usageError } from "./errors";
import type { Sender } from "#mock/tester/engine/exchange";
import { httpSender, inProcessSender } from "./exchange";
import type { CliIo } from "./io";

/** How long a command waits for another CLI process to finish with the store (MOCKMAN_LOCK_WAIT_MS changes it). */
export const LOCK_WAIT_MS = 10_000;

function lockWait(io: CliIo): number {
  const ms = io.env.MOCKMAN_LOCK_WAIT_MS ? Number(io.env.MOCKMAN_LOCK_WAIT_MS) : NaN;
  return Number.isFinite(ms) && ms >= 0 ? ms : LOCK_WAIT_MS;
}

/** The store's absolute path (mock/node/door.ts storePath: `--db`, MOCKMAN_DB, the default, against the command's cwd). */
export const dbPathOf = (io: CliIo, flag?: string) => {
  if (flag === ":memory:")
    throw usageError(
      "--db :memory: keeps the data inside one `mockman serve` only: give this command a store file, or send it to that server with --base-url",
    );
  return storePath({ flag, env: io.env, cwd: io.cwd }).path;
};

/** The store's path as the user gave it, for messages: never made absolute. */
export const dbLabelOf = (io: CliIo, flag?: string) => storePath({ flag, env: io.env, cwd: io.cwd }).label;

export const serverUrl = (port: number) => `http://127.0.0.1:${port}`;

function busy(dbPath: string, holder: LockHolder | null, waitedMs: number): CliError {
  if (!holder) return new CliError(`${dbPath} is being locked by another process right now; try again in a moment`);
  if (holder.port)
    return new CliError(
      `${dbPath} is in use by ${holder.command} (pid ${holder.pid}) on ${serverUrl(holder.port)}: stop it first, or send requests there with --base-url ${serverUrl(holder.port)}`,
    );
  return new CliError(
    `${dbPath} is busy: ${holder.command} (pid ${holder.pid}) still holds it after ${waitedMs / 1000} s. Wait for it to finish, or stop it`,
  );
}

/** The store's own messages name the file and say what to do. */
function unreadable(error: unknown): CliError {
  return new CliError(`cannot open the store: ${oneLine(error)}`);
}

export interface Session {
  mock: Mock;
  dbPath: string;
  /** The store's path as the user typed it, for messages. */
  label: string;
  lock: HeldLock;
  release(): Promise<void>;
}

async function open(io: CliIo, dbPath: string, command: string, waitMs: number, label = dbPath, stale?: LockHolder): Promise<Session> {
  try {
    const opened = await openFileMock(dbPath, {
      label,
      passwordIterations: io.passwordIterations,
      lock: { waitMs, info: { command: `mockman ${command}` }, stale },
    });
    // A crash mid-write leaves a torn last journal line; the store recovers up to it, and the user should know.
    const recovered = (opened.mock.store as { recovered?: string | null }).recovered;
    if (recovered) io.stderr.write(`mockman: ${recovered}\n`);
    return { ...opened, dbPath, label };
  } catch (error) {
    if (error instanceof StoreError || (error as Error)?.name === "StoreError") throw unreadable(error);
    throw error;
  }
}

/**
 * The URL of the `serve` holding the store, once what answers on the lock's port proved it is
 * that serve (said on stderr as the way `command` goes); null when no server holds it; "stale"
 * when a program that is not mockman answers there (the lock is stale: take it over). Another
 * mockman or silence is refused: nothing is sent to an unproven listener.
 */
async function servedUrl(io: CliIo, label: string, holder: LockHolder | null, command: string): Promise<string | null | "stale"> {
  if (!holder?.port) return null;
  const owner = await probeOwner(holder.port, holder.identity);
  if (owner === "foreign") {
    io.stderr.write(
      `mockman: ${lockNames(label, holder)}, but what answers there is not mockman: the lock is stale, so ${command} takes it over\n`,
    );
    return "stale";
  }
  if (owner !== "proven") throw notProven(label, holder, owner);
  const url = serverUrl(holder.port);
  io.stderr.write(
    `mockman: ${label} is served by ${holder.command} (pid ${holder.pid}); ${command} goes through its admin API at ${url}/__mockman/\n`,
  );
  return url;
}

const lockNames = (label: string, holder: LockHolder) =>
  `${label}.lock names ${holder.command} (pid ${holder.pid}) on ${serverUrl(holder.port!)}`;

/** Why nothing was sent to the port a lock names: a mockman there that is not this store's serve, or silence. */
function notProven(label: string, holder: LockHolder, owner: "other-mockman" | "silent"): CliError {
  return owner === "other-mockman"
    ? new CliError(
        `${lockNames(label, holder)}, but the mockman serve answering there cannot prove it serves this store (another store's, or an older mockman's); nothing was sent. Stop it, or send there with --base-url ${serverUrl(holder.port!)}`,
      )
    : new CliError(
        `${lockNames(label, holder)}, but nothing answers there; nothing was sent. If no mockman serve is running on this store, delete ${label}.lock and try again`,
      );
}

/** Opens the store for a command that must own it (seed, reset, import, export, serve). */
export async function openStore(io: CliIo, dbPath: string, command: string, label = dbPath): Promise<Session> {
  try {
    return await open(io, dbPath, command, lockWait(io), label);
  } catch (error) {
    if (error instanceof LockedError) throw busy(label, error.holder, lockWait(io));
    throw error;
  }
}

/**
 * Runs `work` with the store open, and always lets it go. When `mockman serve` holds
 * the store and the command gave `served`, that runs instead, with the server's URL:
 * the command goes through the server's admin API (stderr says so).
 */
export async function withStore<T>(
  io: CliIo,
  dbFlag: string | undefined,
  command: string,
  work: (session: Session) => Promise<T>,
  served?: (url: string, label: string) => Promise<T>,
): Promise<T> {
  let session: Session;
  try {
    session = await open(io, dbPathOf(io, dbFlag), command, lockWait(io), dbLabelOf(io, dbFlag));
  } catch (error) {
    if (!(error instanceof LockedError)) throw error;
    const label = dbLabelOf(io, dbFlag);
    const url = served ? await servedUrl(io, label, error.holder, command) : null;
    if (url === "stale") {
      try {
        session = await open(io, dbPathOf(io, dbFlag), command, lockWait(io), label, error.holder!);
      } catch (again) {
        if (again instanceof LockedError) throw busy(label, again.holder, lockWait(io));
        throw again;
      }
    } else if (url && served) return served(url, label);
    else throw busy(label, error.holder, lockWait(io));
  }
  try {
    return await work(session);
  } catch (error) {
    // A write the store refused (read-only, full, moved): its own message says which store and why.
    if (error instanceof StoreError || (error as Error)?.name === "StoreError") throw new CliError(oneLine(error));
    throw error;
  } finally {
    await session.release();
  }
}

/**
 * Runs `work` on the store only to read it (export): with the lock when it is
 * free, as any command; when a running serve holds it, `served` asks that server
 * (its admin API); when another process holds it, by reading the snapshot and
 * journal beside it without the lock, which sees every write acknowledged so far
 * and writes nothing.
 */
export async function withStoreToRead<T>(
  io: CliIo,
  dbFlag: string | undefined,
  command: string,
  work: (session: { mock: Mock; dbPath: string; label: string }) => Promise<T>,
  served?: (url: string, label: string) => Promise<T>,
): Promise<T> {
  const dbPath = dbPathOf(io, dbFlag);
  const label = dbLabelOf(io, dbFlag);
  let session: Session;
  try {
    session = await open(io, dbPath, command, 0, label);
  } catch (error) {
    if (!(error instanceof LockedError)) throw error;
    // A stale lock (not mockman on its port) is read past, as any lock held by another command.
    const url = served ? await servedUrl(io, label, error.holder, command) : null;
    if (url && url !== "stale") return served!(url, label);
    let mock: Mock;
    try {
      mock = await readFileMock(dbPath, { label, passwordIterations: io.passwordIterations });
    } catch (failed) {
      if (failed instanceof StoreError || (failed as Error)?.name === "StoreError") throw unreadable(failed);
      throw failed;
    }
    try {
      return await work({ mock, dbPath, label });
    } finally {
      await mock.shutdown();
    }
  }
  try {
    return await work(session);
  } finally {
    await session.release();
  }
}

/**
 * Where `request` and `replay` send to: --base-url over HTTP; else the store
 * in-process; but when `mockman serve` holds the store, to that server, so
 * its in-memory data and ours never disagree.
 */
export async function openSender(
  io: CliIo,
  options: { baseUrl?: string; db?: string; insecure?: boolean },
  command: string,
): Promise<Sender> {
  if (options.baseUrl) return httpSender(options.baseUrl, { insecure: options.insecure });
  const dbPath = dbPathOf(io, options.db);
  const label = dbLabelOf(io, options.db);
  const inProcess = (session: Session) => inProcessSender(session.mock, `${label} (in-process)`, session.release);
  let locked: LockedError;
  try {
    return inProcess(await open(io, dbPath, command, 0, label));
  } catch (error) {
    if (!(error instanceof LockedError)) throw error;
    locked = error;
  }
  if (!locked.holder?.port) {
    // Another CLI command: wait for it, as the lock does.
    try {
      return inProcess(await open(io, dbPath, command, lockWait(io), label));
    } catch (error) {
      if (!(error instanceof LockedError)) throw error;
      locked = error;
    }
  }
  const holder = locked.holder;
  if (!holder?.port) throw busy(label, holder, lockWait(io));
  // Nothing is sent to the port before what listens there proves it is this store's serve.
  const owner = await probeOwner(holder.port, holder.identity);
  if (owner === "foreign") {
    io.stderr.write(
      `mockman: ${lockNames(label, holder)}, but what answers there is not mockman: the lock is stale, so ${command} takes it over\n`,
    );
    try {
      return inProcess(await open(io, dbPath, command, lockWait(io), label, holder));
    } catch (error) {
      if (error instanceof LockedError) throw busy(label, error.holder, lockWait(io));
      throw error;
    }
  }
  if (owner !== "proven") throw notProven(label, holder, owner);
  io.stderr.write(`mockman: ${label} is served by ${holder.command} (pid ${holder.pid}); sending to ${serverUrl(holder.port)}\n`);
  return httpSender(serverUrl(holder.port));
}
