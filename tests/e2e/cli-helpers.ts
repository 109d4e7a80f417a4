// The shipped `mockman` bin, as the e2e specs run it: `cli/bin/mockman.js` on the
// bundle `npm run test:e2e` builds (npm run build), never the TypeScript through tsx.
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { scaled } from "./fixtures";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

export const ROOT = resolve(import.meta.dirname, "../..");
export const BIN = join(ROOT, "cli/bin/mockman.js");
const ENV = { ...process.env, NO_COLOR: "1" };

/** Runs `mockman ARGS…` and resolves with its output; rejects on a non-zero exit. */
export const mockman = (...args: string[]) => promisify(execFile)(process.execPath, [BIN, ...args], { cwd: ROOT, env: ENV });

/** Runs `mockman ARGS…` to its end, whatever its exit: status, stdout and stderr as text. */
export const mockmanSync = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: "utf8", timeout: scaled(60_000), env: ENV });

/**
 * `mockman seed` into a fresh JSON store under `dir`, then `mockman export` of it: the export file's path
 * (the scale specs load it through Settings' Import).
 */
export function seededExport(dir: string, users: number, posts: number, seed: number): string {
  const db = join(dir, "db.json");
  const exportFile = join(dir, "export.json");
  const run = (...args: string[]) => execFileSync(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: "pipe" });
  run("seed", "--users", String(users), "--posts", String(posts), "--seed", String(seed), "--db", db);
  run("export", exportFile, "--db", db);
  return exportFile;
}

/** The shell form of the bin, for commands the page copies (`npx mockman …`). */
export const MOCKMAN_SHELL = `'${process.execPath}' '${BIN}'`;

/**
 * `mockman serve --port 0 -q ARGS…` on 127.0.0.1; resolves with its URL once it listens.
 * Stop it with `child.kill("SIGINT")`: serve ends itself as on Ctrl+C and lets go of its store.
 */
export async function startServe(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "-q", ...args], {
    cwd: ROOT,
    env: ENV,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((found, failed) => {
    let out = "";
    const timer = setTimeout(() => failed(new Error(`serve did not start: ${out}`)), 30_000);
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (match) {
        clearTimeout(timer);
        found(match[0]);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      failed(new Error(`serve ended with ${code}: ${out}`));
    });
  });
  return { url, child };
}

/**
 * Stops a `serve` started by startServe as Ctrl+C does and waits until it has ended,
 * so its last write to the store is done before the caller removes the folder (a kill
 * without the wait raced rmSync: ENOTEMPTY). SIGKILL after 10 s, should it hang.
 */
export async function stopServe(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill("SIGINT");
  const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await ended;
  clearTimeout(force);
}
