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
  /** The most bytes an input (a file or stdin) may have; tests lower it (default MAX_INPUT_BYTES). */
  maxInputBytes?: number;
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

/** The longest text V8 makes (mock/core/types.ts LONGEST_TEXT): an input past it could never be read as one. */
export const MAX_INPUT_BYTES = 2 ** 29 - 24;

export class InputTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`it is over ${Math.floor(limit / 1e6).toLocaleString("en-US")} MB, more than mockman reads as one text`);
  }
}

/** A stream read whole, up to `limit` bytes: past it, stops reading and throws InputTooLarge (stdin may never end). */
export async function readAll(source: CliIo["stdin"], limit = MAX_INPUT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source as AsyncIterable<string | Uint8Array>) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
    size += bytes.length;
    if (size > limit) {
      (source as { destroy?: () => void }).destroy?.();
      throw new InputTooLarge(limit);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
