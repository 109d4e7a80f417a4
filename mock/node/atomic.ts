// Writing a whole file so that a crash never leaves half of it under the real
// name, the one way: the file store's snapshot and the CLI's exports and
// reports all go through writeAtomic.
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Which file a path held when it was written (device and inode), and its size and
 * mtime then: a file written over in place (`cp other.json db.json` keeps the inode)
 * has another size or mtime.
 */
export interface FileId {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

/**
 * Temp file, fsync, rename over the target, fsync the directory: the target is always
 * whole, and a crash at any step leaves the old file readable under the name. Returns the new file's id.
 * Writes `text` (or its pieces, one after another: no single string need hold it all) to a temp file, syncs it, renames it over `file`. */
export async function writeAtomic(
  file: string,
  text: string | Uint8Array | string[],
  options: { makeDir?: boolean } = {},
): Promise<FileId> {
  const dir = path.dirname(file);
  if (options.makeDir) await fs.mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  let id: FileId;
  try {
    const fh = await fs.open(tmp, "w");
    try {
      if (Array.isArray(text)) for (const piece of text) await fh.write(piece);
      else await fh.writeFile(text);
      await fh.sync();
      const { dev, ino, size, mtimeMs } = await fh.stat();
      id = { dev, ino, size, mtimeMs };
    } finally {
      await fh.close();
    }
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    // The temp file is ours: the error names the file the caller asked for.
    const failed = error as NodeJS.ErrnoException;
    if (failed.path === tmp) Object.assign(failed, { path: file, message: failed.message.replaceAll(tmp, file) });
    throw error;
  }
  await syncDir(dir);
  return id;
}

/** Makes a new or renamed file's name durable: without it a crash could lose a file whose bytes were all synced. */
export async function syncDir(dir: string) {
  let fh: fs.FileHandle | undefined;
  try {
    fh = await fs.open(dir, "r");
    await fh.sync();
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the rename is still atomic there.
  } finally {
    await fh?.close();
  }
}
