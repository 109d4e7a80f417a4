// TEMPORARY stand-in for mock/node.ts (being written in parallel). Same contract.
import { mkdirSync, readFileSync, writeFileSync, existsSync, unlinkSync, renameSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createMock, type Mock } from "#mock/server";
import { applyChanges } from "#mock/store/apply";
import { StoreError, type ChangeSet, type Snapshot, type Store } from "#mock/types";

export interface LockInfo { pid: number; port?: number; command: string }
export class LockedError extends Error {
  constructor(readonly holder: LockInfo, readonly lockPath: string) {
    super(`${lockPath} is held by pid ${holder.pid} (${holder.command})`);
    this.name = "LockedError";
  }
}

export function resolveDbPath(flag?: string): string {
  return resolve(flag ?? process.env.MOCKMAN_DB ?? ".mockman/db.json");
}

class JsonFileStore implements Store {
  constructor(readonly label: string) {}
  async load(): Promise<Snapshot | null> {
    if (!existsSync(this.label)) return null;
    try { return JSON.parse(readFileSync(this.label, "utf8")); }
    catch (e) { throw new StoreError(`cannot read ${this.label}: ${(e as Error).message}`); }
  }
  async commit(changes: ChangeSet) { const s = (await this.load()) ?? { users: [], posts: [], todos: [] }; await this.replace(applyChanges(s, changes)); }
  async replace(s: Snapshot) { mkdirSync(dirname(this.label), { recursive: true }); writeFileSync(this.label + ".tmp", JSON.stringify(s)); renameSync(this.label + ".tmp", this.label); }
  async close() {}
}

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

export async function openFileMock(dbPath: string, opts: { passwordIterations?: number; lock?: { waitMs: number; info: { command: string; port?: number } } } = {}): Promise<{ mock: Mock; release(): Promise<void> }> {
  const lockPath = dbPath + ".lock";
  mkdirSync(dirname(dbPath), { recursive: true });
  const deadline = Date.now() + (opts.lock?.waitMs ?? 0);
  for (;;) {
    try { writeFileSync(lockPath, JSON.stringify({ pid: process.pid, ...opts.lock?.info }), { flag: "wx" }); break; }
    catch {
      let holder: LockInfo;
      try { holder = JSON.parse(readFileSync(lockPath, "utf8")); } catch { continue; }
      if (!alive(holder.pid)) { try { unlinkSync(lockPath); } catch {} continue; }
      if (Date.now() >= deadline) throw new LockedError(holder, lockPath);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    const mock = await createMock({ store: new JsonFileStore(dbPath), passwordIterations: opts.passwordIterations });
    return { mock, release: async () => { await mock.shutdown(); try { unlinkSync(lockPath); } catch {} } };
  } catch (e) { try { unlinkSync(lockPath); } catch {} throw e; }
}
