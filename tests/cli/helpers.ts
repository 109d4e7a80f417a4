// Drives mockman in-process (the exact `run` the bin uses, with captured
// output) or as a real process, on a temp store per test.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { afterEach } from "vitest";
import { run } from "#cli/index";
import type { CliIo } from "#cli/io";

export const ROOT = resolve(import.meta.dirname, "../..");
export const FIRST_POST = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01";
/** Low PBKDF2 cost for stores seeded in-process; real processes use the real 100k. */
export const FAST_HASH = 1_000;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "mockman-cli-"));
  dirs.push(dir);
  return dir;
}

/** A fresh folder and the --db path inside it (the file does not exist yet). */
export function tempDb(): { dir: string; db: string } {
  const dir = tempDir();
  return { dir, db: join(dir, "db.json") };
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  stdin?: string;
  env?: Record<string, string | undefined>;
  cwd?: string;
  tty?: boolean;
  signal?: AbortSignal;
  /** Sees the output as it comes (serve never returns until stopped). */
  onStdout?: (text: string) => void;
}

export async function cli(args: string[], options: RunOptions = {}): Promise<Ran> {
  const out = { stdout: "", stderr: "" };
  const io: CliIo = {
    stdout: {
      write: (text: string) => {
        out.stdout += text;
        options.onStdout?.(out.stdout);
        return true;
      },
      isTTY: options.tty ?? false,
    },
    stderr: { write: (text: string) => (out.stderr += text) },
    stdin: Readable.from([options.stdin ?? ""]),
    env: options.env ?? {},
    cwd: options.cwd ?? ROOT,
    passwordIterations: FAST_HASH,
    signal: options.signal,
  };
  const code = await run(args, io);
  return { code, ...out };
}

/** Every file in the store's folder with its bytes: "unchanged" means byte for byte. */
export function folderState(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), "utf8")]),
  );
}

/** One line on stderr, no stack trace. */
export function oneStderrLine(ran: Ran): string {
  const lines = ran.stderr.split("\n").filter(Boolean);
  if (lines.length !== 1) throw new Error(`expected one stderr line, got ${lines.length}:\n${ran.stderr}`);
  return lines[0];
}

/** mockman as a real process, through tsx (the path `npm run mockman` takes). */
export function processCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; stdin?: string; bin?: boolean } = {},
): Promise<Ran> {
  const entry = options.bin
    ? [join(ROOT, "cli/bin/mockman.js")]
    : [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "cli/index.ts")];
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [...entry, ...args],
      {
        cwd: options.cwd ?? ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env } as unknown as NodeJS.ProcessEnv,
        timeout: 60_000,
      },
      (error, stdout, stderr) => done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}

export interface Running {
  url: string;
  db: string;
  dir: string;
  stop(): Promise<Ran>;
}

const running: Running[] = [];

/** Stops every server `serve()` started; call it from afterEach. */
export async function stopServers(): Promise<void> {
  for (const server of running.splice(0)) await server.stop();
}

/** `mockman serve --port 0` on a fresh store, in-process; resolves once it listens. */
export async function serve(options: { db?: string; cwd?: string } = {}): Promise<Running> {
  const { dir, db } = options.db ? { dir: dirname(options.db), db: options.db } : tempDb();
  const controller = new AbortController();
  let listening!: (url: string) => void;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const done = cli(["serve", "--port", "0", "--db", db], {
    cwd: options.cwd,
    signal: controller.signal,
    onStdout: (text) => {
      const found = text.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (found) listening(found[0]);
    },
  });
  const first = await Promise.race([url, done.then((ran) => Promise.reject(new Error(`serve ended: ${ran.stderr}`)))]);
  let stopped: Promise<Ran> | undefined;
  const server: Running = { url: first, db, dir, stop: () => (stopped ??= (controller.abort(), done)) };
  // Stopped by the test or, at the latest, by stopServers().
  running.push(server);
  return server;
}
