// Reading what the user points at: `-d JSON`, `-d @file`, `-d @-`, and files
// given as arguments (`-` for stdin). Unreadable or malformed input is a usage
// error. And writing the files commands make (exports, documents, reports).
import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { writeAtomic } from "#mock/node/atomic";
import { realStorePath, storePath } from "#mock/node/door";
import { CliError, usageError, oneLine } from "./errors";
import { InputTooLarge, MAX_INPUT_BYTES, readAll, type CliIo } from "./io";

/**
 * A file (or `-`, stdin) read whole, up to the same limit either way: a file or a
 * pipe that never ends (/dev/zero) stops there with one line, exit 2.
 */
export async function readSource(io: CliIo, file: string, what: string): Promise<string> {
  return (await readBytes(io, file, what)).toString("utf8");
}

/** readSource's bytes, as they are. */
async function readBytes(io: CliIo, file: string, what: string): Promise<Buffer> {
  const limit = io.maxInputBytes ?? MAX_INPUT_BYTES;
  try {
    if (file === "-") return await readAll(io.stdin, limit);
    if (/^https?:\/\//i.test(file)) return await fetched(file, limit);
    const path = resolve(io.cwd, file);
    const st = await stat(path);
    if (st.isDirectory()) throw Object.assign(new Error("a folder"), { code: "EISDIR" });
    if (st.isFile() && st.size > limit) throw new InputTooLarge(limit);
    // Not a regular file (a pipe, a device): read as a stream, counting.
    return st.isFile() ? await readFile(path) : await readAll(createReadStream(path), limit);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : oneLine(error);
    throw usageError(`cannot read ${what} ${file}: ${why}`);
  }
}

/** A file given as an http(s) URL, as Newman reads a collection, environment, globals or data file. */
async function fetched(url: string, limit: number): Promise<Buffer> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url} answered ${answer.status} ${answer.statusText}`.trim());
  if (!answer.body) return Buffer.alloc(0);
  return await readAll(Readable.fromWeb(answer.body as import("node:stream/web").ReadableStream), limit);
}

/**
 * The body of `-d`: `@file` and `@-` give their bytes as they are (curl's --data-binary). It must be JSON unless
 * a -H Content-Type says otherwise, so a typo is caught here rather than as the server's 400.
 */
export async function readBody(io: CliIo, data: string, headers: Array<[string, string]>): Promise<string | Uint8Array> {
  const body = data.startsWith("@") ? await readBytes(io, data.slice(1), "-d") : data;
  const type = headers.find(([name]) => name.toLowerCase() === "content-type")?.[1];
  if (type && !/json/i.test(type)) return body;
  try {
    JSON.parse(typeof body === "string" ? body : new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch (error) {
    const from = data.startsWith("@") ? ` (from ${data})` : "";
    throw usageError(`-d is not JSON${from}: ${oneLine(error)}. Quote it for the shell, e.g. -d '{"title":"Milk"}'`);
  }
  return body;
}

const STORE_SUFFIXES = [".journal", ".lock"];

/** Whether a file begins as a store's snapshot does (`{"mockman":"db"`). */
async function looksLikeStore(file: string): Promise<boolean> {
  let fh;
  try {
    fh = await open(file, "r");
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return /^\s*\{\s*"mockman"\s*:\s*"db"/.test(head.toString("utf8", 0, bytesRead));
  } catch {
    return false;
  } finally {
    await fh.close();
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * The store an output path would write over, or null: the command's own store
 * (`--db`, MOCKMAN_DB, the default) or any file that is a store, its journal or
 * its lock, symlinks resolved. Every path a command writes to goes through here.
 */
export async function storeUnder(io: CliIo, file: string, dbFlag?: string): Promise<string | null> {
  const target = await realStorePath(resolve(io.cwd, file));
  const own = storePath({ flag: dbFlag, env: io.env, cwd: io.cwd });
  const ownReal = await realStorePath(own.path);
  for (const suffix of ["", ...STORE_SUFFIXES]) if (target === ownReal + suffix) return own.label;
  // Any other store: the file itself, or the snapshot beside a journal or lock.
  const base = STORE_SUFFIXES.find((suffix) => target.endsWith(suffix));
  const snapshot = base ? target.slice(0, -base.length) : target;
  if (await looksLikeStore(snapshot)) return snapshot;
  if (!base && (await exists(`${target}.journal`))) return target;
  if (!base && (await exists(`${target}.lock`))) return target;
  if (base && (await exists(`${snapshot}${base === ".lock" ? ".journal" : ".lock"}`))) return snapshot;
  return null;
}

/** Refuses (exit 2, naming the store) an output path that would write over a store, its journal or its lock. */
export async function refuseStoreOutput(io: CliIo, file: string, option: string, dbFlag?: string): Promise<void> {
  if (file === "-") return;
  const store = await storeUnder(io, file, dbFlag);
  if (store)
    throw usageError(
      `${option} ${file} would write over the store ${store}${file === store ? "" : " (or its journal or lock)"}; nothing was written. Pick another file`,
    );
}

/**
 * Writes a file a command makes (an export, the OpenAPI document, a report),
 * whole or not at all (temp file, fsync, rename), never over a store. Returns the absolute path.
 */
export async function writeOutput(
  io: CliIo,
  file: string,
  text: string | Uint8Array | string[],
  { option = "the output file", db, makeDir }: { option?: string; db?: string; makeDir?: boolean } = {},
): Promise<string> {
  const target = resolve(io.cwd, file);
  await refuseStoreOutput(io, file, option, db);
  try {
    await writeAtomic(target, text, { makeDir });
  } catch (error) {
    throw new CliError(`cannot write ${file}: ${oneLine(error)}. Check the folder exists and is writable`);
  }
  return target;
}
