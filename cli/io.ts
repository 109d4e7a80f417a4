// What a command may touch of the outside world. `createProgram` takes it, so
// tests run commands in-process with captured output, their own env and cwd.
import type { Readable } from "node:stream";

export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: Readable | AsyncIterable<string | Uint8Array>;
  env: Record<string, string | undefined>;
  cwd: string;
  /** PBKDF2 iterations for hashes made by this run (seeding a fresh store, signup); tests lower it. */
  passwordIterations?: number;
  /** Stops a running `serve` (tests); a real process stops it with Ctrl+C. */
  signal?: AbortSignal;
}

export function processIo(): CliIo {
  // `npm run mockman` runs in the package root; paths the user typed are relative to where they typed them.
  const cwd = process.env.npm_lifecycle_event === "mockman" && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd };
}

/**
 * Colour as commander decides it for --help, so both agree: NO_COLOR (https://no-color.org)
 * or FORCE_COLOR=0/false turn it off; FORCE_COLOR (any other value) or CLICOLOR_FORCE turn
 * it on even in a pipe; otherwise only on a terminal.
 */
export function wantsColor(io: CliIo): boolean {
  const { NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE } = io.env;
  if (NO_COLOR || FORCE_COLOR === "0" || FORCE_COLOR === "false") return false;
  if (FORCE_COLOR || CLICOLOR_FORCE !== undefined) return true;
  return Boolean(io.stdout.isTTY);
}

export async function readAll(source: CliIo["stdin"]): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of source as AsyncIterable<string | Uint8Array>) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString("utf8");
}
