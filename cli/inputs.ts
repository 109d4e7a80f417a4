// Reading what the user points at: `-d JSON`, `-d @file`, `-d @-`, and files
// given as arguments (`-` for stdin). Unreadable or malformed input is a usage
// error. And writing the files commands make (exports, documents, reports).
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { writeAtomic } from "#mock/node/atomic";
import { CliError, usageError, oneLine } from "./errors";
import { readAll, type CliIo } from "./io";

export async function readSource(io: CliIo, file: string, what: string): Promise<string> {
  if (file === "-") return readAll(io.stdin);
  try {
    return await readFile(resolve(io.cwd, file), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : oneLine(error);
    throw usageError(`cannot read ${what} ${file}: ${why}`);
  }
}

/**
 * The body of `-d`. It must be JSON unless a -H Content-Type says otherwise,
 * so a typo is caught here rather than as the server's 400.
 */
export async function readBody(io: CliIo, data: string, headers: Array<[string, string]>): Promise<string> {
  const text = data.startsWith("@") ? await readSource(io, data.slice(1), "-d") : data;
  const type = headers.find(([name]) => name.toLowerCase() === "content-type")?.[1];
  if (type && !/json/i.test(type)) return text;
  try {
    JSON.parse(text);
  } catch (error) {
    const from = data.startsWith("@") ? ` (from ${data})` : "";
    throw usageError(`-d is not JSON${from}: ${oneLine(error)}. Quote it for the shell, e.g. -d '{"title":"Milk"}'`);
  }
  return text;
}

/**
 * Writes a file a command makes (an export, the OpenAPI document, a report),
 * whole or not at all (temp file, fsync, rename). Returns the absolute path.
 */
export async function writeOutput(io: CliIo, file: string, text: string | Uint8Array | string[]): Promise<string> {
  const target = resolve(io.cwd, file);
  try {
    await writeAtomic(target, text);
  } catch (error) {
    throw new CliError(`cannot write ${file}: ${oneLine(error)}. Check the folder exists and is writable`);
  }
  return target;
}
