// The per-store lock file that keeps two processes from writing behind each other.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { type HeldLock, LockedError, acquireLock, lockPathFor } from "#mock/node/lock";
import { tempDir } from "./helpers";

let db: string;
let lockFile: string;
beforeEach(async () => {
  db = path.join(await tempDir(), "db.json");
  lockFile = lockPathFor(db);
});

const take = (info = { command: "mockman request" }, waitMs = 0) => acquireLock(db, { waitMs, info });
const holderOnDisk = async () => JSON.parse(await fs.readFile(lockFile, "utf8"));
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "0"]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

const TSX = path.resolve("node_modules/.bin/tsx");
function holdInChild(mode: "wait" | "exit" | "throw"): Promise<ChildProcess> {
  const child = spawn(TSX, ["tests/store/fixtures/hold-lock.ts", db, mode], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk) => String(chunk).includes("locked") && resolve(child));
    child.on("exit", (code) => (mode === "wait" ? reject(new Error(`child exited ${code}`)) : resolve(child)));
  });
}
const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.on("exit", (code, signal) => resolve({ code, signal }));
  });

describe("acquireLock", () => {
  it("creates db.json.lock holding pid, command and since, and removes it on release", async () => {
    const lock = await take({ command: "mockman seed" });
    expect(lockFile).toBe(`${db}.lock`);
    expect(await holderOnDisk()).toMatchObject({ pid: process.pid, command: "mockman seed", since: expect.any(String) });
    await lock.release();
    expect(await exists(lockFile)).toBe(false);
    await lock.release();
  });

  it("makes a second caller wait, then lets it in once the first releases", async () => {
    const first = await take();
    const started = Date.now();
    // Its wait is long (a limit, not a measure): a busy machine may run the release late.
    const second = take({ command: "second" }, 60_000);
    setTimeout(() => void first.release(), 200);
    const lock = await second;
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect((await holderOnDisk()).command).toBe("second");
    await lock.release();
  });

  it("times out with a LockedError that carries the holder", async () => {
    const first = await take({ command: "mockman replay" });
    const started = Date.now();
    const error = await take({ command: "other" }, 150).catch((e) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(error).toBeInstanceOf(LockedError);
    expect(error.holder).toMatchObject({ pid: process.pid, command: "mockman replay" });
    expect(error.dbPath).toBe(db);
    expect(error.message).toContain(`mockman replay (pid ${process.pid}) has been using ${db}`);
    await first.release();
  });

  it("fails at once when a server holds it, saying how to reach the server", async () => {
    const server = await take({ command: "mockman serve", port: 3001 } as never);
    // At once, not after its wait: told to wait ten minutes, it answers within the test's own
    // time limit (a second was the bound before, and a busy machine can take that long).
    const error = await take({ command: "mockman request" }, 600_000).catch((e) => e);
    expect(error).toBeInstanceOf(LockedError);
    expect(error.holder.port).toBe(3001);
    expect(error.message).toBe(
      `mockman serve (pid ${process.pid}) is using ${db} on port 3001 — send the request with --base-url http://127.0.0.1:3001, or stop it.`,
    );
    await server.release();
  });

  it("records a port set after the lock was taken", async () => {
    const lock = await take({ command: "mockman serve" });
    await lock.update({ port: 4567 });
    expect(await holderOnDisk()).toMatchObject({ command: "mockman serve", port: 4567, pid: process.pid });
    await expect(take()).rejects.toMatchObject({ holder: { port: 4567 } });
    await lock.release();
    expect(await exists(lockFile)).toBe(false);
  });

  it("takes over a lock whose process is dead", async () => {
    const pid = await deadPid();
    await fs.writeFile(lockFile, JSON.stringify({ pid, command: "crashed", since: "2020-01-01T00:00:00Z", host: os.hostname() }));
    const lock = await take();
    expect((await holderOnDisk()).pid).toBe(process.pid);
    await lock.release();
  });

  it("takes over a lock left with this process's pid by an earlier process", async () => {
    await fs.writeFile(lockFile, JSON.stringify({ pid: process.pid, command: "earlier", since: "2020-01-01T00:00:00Z" }));
    const lock = await take();
    expect((await holderOnDisk()).command).toBe("mockman request");
    await lock.release();
  });

  it("takes over a lock file that stays unreadable, but not one being written", async () => {
    await fs.writeFile(lockFile, "");
    await expect(take()).rejects.toMatchObject({ holder: null });
    const old = new Date(Date.now() - 10_000);
    await fs.utimes(lockFile, old, old);
    const lock = await take();
    expect((await holderOnDisk()).pid).toBe(process.pid);
    await lock.release();
  });

  it("leaves alone a lock held from another host", async () => {
    await fs.writeFile(lockFile, JSON.stringify({ pid: await deadPid(), command: "mockman serve", since: "x", host: "elsewhere" }));
    await expect(take()).rejects.toBeInstanceOf(LockedError);
  });

  it("lets only one of two callers have a stale lock at a time", async () => {
    await fs.writeFile(lockFile, JSON.stringify({ pid: await deadPid(), command: "crashed", since: "x" }));
    let holding = 0;
    let most = 0;
    const use = async (name: string) => {
      const lock: HeldLock = await take({ command: name }, 5000);
      most = Math.max(most, ++holding);
      await new Promise((r) => setTimeout(r, 50));
      holding--;
      await lock.release();
    };
    await Promise.all([use("a"), use("b"), use("c")]);
    expect(most).toBe(1);
  });
});

describe("a lock held by a process that ends", () => {
  it("is released on a normal exit without release()", async () => {
    const child = await holdInChild("exit");
    await exited(child);
    expect(await exists(lockFile)).toBe(false);
  });

  it("is released when the process dies of an uncaught error", async () => {
    const child = await holdInChild("throw");
    expect((await exited(child)).code).not.toBe(0);
    expect(await exists(lockFile)).toBe(false);
  });

  it.each(["SIGTERM", "SIGINT"] as const)("is released on %s, and the process still ends by that signal", async (signal) => {
    const child = await holdInChild("wait");
    const holder = await holderOnDisk();
    expect(holder).toMatchObject({ command: "hold-lock fixture" });
    expect(holder.pid).not.toBe(process.pid);
    await expect(take()).rejects.toBeInstanceOf(LockedError);
    // tsx runs the script in a child of its own and forwards the signal.
    child.kill(signal);
    const { code, signal: ended } = await exited(child);
    expect(ended === signal || code === 128 + os.constants.signals[signal]).toBe(true);
    expect(await exists(lockFile)).toBe(false);
  });
});
