// Drives mockman in-process (the exact `run` the bin uses, with captured
// output) or as a real process (the bin on its bundle), on a temp store per test.
import { type ChildProcess, type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { run } from "#cli/index";
import type { CliIo } from "#cli/io";
import { removeAfterTest, stopAfterTest } from "../cleanup";

export const ROOT = resolve(import.meta.dirname, "../..");
export const FIRST_POST = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01";
/** Low PBKDF2 cost for stores seeded in-process; real processes use the real 100k. */
export const FAST_HASH = 1_000;

/** A fresh temp folder, removed after the test (tests/cleanup.ts). */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "mockman-cli-"));
  removeAfterTest(dir);
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

/** The package's bin, as users run it (`npx mockman`, `npm run mockman`); vitest's globalSetup builds its bundle first. */
export const BIN = join(ROOT, "cli/bin/mockman.js");

/** A clean environment for a real process: PATH and HOME, plus what the test gives. */
export function processEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } as unknown as NodeJS.ProcessEnv;
}

/** mockman as a real process: the bin, on the bundle. */
export function processCli(args: string[], options: { cwd?: string; env?: Record<string, string>; stdin?: string } = {}): Promise<Ran> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: options.cwd ?? ROOT, env: processEnv(options.env), timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** What it printed so far. */
  output(): { stdout: string; stderr: string };
  /** Ctrl+C, then its exit code. */
  stop(): Promise<number | null>;
}

/**
 * `mockman serve --port 0 ...args` as a real process (the bin, or `command` such as an installed
 * package's bin); resolves once it listens. Stopped with SIGINT by the test or after it.
 */
export function serveProcess(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; command?: string[] } = {},
): Promise<ServeProcess> {
  const [file, ...before] = options.command ?? [process.execPath, BIN];
  return listening(spawn(file, [...before, "serve", "--port", "0", ...args], { cwd: options.cwd ?? ROOT, env: processEnv(options.env) }));
}

/** A `serve` child (one process, so SIGINT reaches the server): resolves once it prints the URL it listens on. */
export function listening(child: ChildProcessWithoutNullStreams): Promise<ServeProcess> {
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let stopped: Promise<number | null> | undefined;
  let server: ServeProcess | undefined;
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const found = stdout.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (!found || server) return;
      server = {
        url: found[0],
        child,
        output: () => ({ stdout, stderr }),
        stop: () => (stopped ??= (child.kill("SIGINT"), exited)),
      };
      stopAfterTest(server.stop);
      resolve(server);
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before it listened: ${stderr}`)));
  });
}

export interface Running {
  url: string;
  db: string;
  dir: string;
  stop(): Promise<Ran>;
}

/** `mockman serve --port 0` on a fresh store, in-process; resolves once it listens. */
export async function serve(options: { db?: string; cwd?: string; args?: string[] } = {}): Promise<Running> {
  const { dir, db } = options.db ? { dir: dirname(options.db), db: options.db } : tempDb();
  const controller = new AbortController();
  let listening!: (url: string) => void;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const done = cli(["serve", "--port", "0", "--db", db, ...(options.args ?? [])], {
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
  // Stopped by the test, or at the latest after it (tests/cleanup.ts).
  stopAfterTest(server.stop);
  return server;
}
