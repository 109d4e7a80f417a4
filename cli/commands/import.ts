// `mockman import FILE|-`: replaces the store's data with an export file,
// checked whole first; a bad file changes nothing. When `serve` holds the store,
// the checked file goes to its admin API (PUT /__mockman/data).
import { Command } from "commander";
import { z } from "zod";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { FormatError, checkExportJson, exportPieces, parseExportFile, readExportLines, type ExportFile } from "#mock/data/export-file";
import { adminJson } from "../admin-client";
import { LONGEST_TEXT } from "#mock/core/types";
import { splitLines } from "#mock/data/json-lines";
import { withStore } from "../stores";
import { usageError } from "../errors";
import { readSource } from "../inputs";
import type { CliIo } from "../io";
import { addDbOption, addExamples, parseOptions } from "../options";

export function importCommand(io: CliIo): Command {
  const command = new Command("import")
    .description("replace the store's data with a mockman export file (checked whole first)")
    .argument("<file>", "export file, or - for stdin");
  addDbOption(command);
  addExamples(command, ["mockman import backup.json", "cat backup.json | mockman import -"]);
  return command.action(async (file: string, raw: unknown) => {
    const options = parseOptions(z.object({ db: z.string().optional() }), raw);
    let exported: ExportFile;
    try {
      // A file too long for one string is read a line at a time (in the layout exports are written in).
      const size =
        file === "-"
          ? 0
          : await stat(resolve(io.cwd, file)).then(
              (st) => st.size,
              () => 0,
            );
      exported =
        size > LONGEST_TEXT
          ? checkExportJson(await readExportLines(linesOf(resolve(io.cwd, file)), Math.round(size / 1e6)))
          : parseExportFile(await readSource(io, file, "export file"));
    } catch (error) {
      if (error instanceof FormatError) throw usageError(`${file}: ${error.message}. The store was not changed`);
      throw error;
    }
    const { users, posts, comments, todos, photos } = exported.data;
    const said = (dbPath: string) =>
      io.stdout.write(
        `Imported ${users.length} users, ${posts.length} posts, ${comments.length} comments, ${todos.length} todos and ${photos.length} photos into ${dbPath}, replacing what it held.\n`,
      );
    await withStore(
      io,
      options.db,
      "import",
      async ({ mock, label: dbPath }) => {
        // Parsed here for this import alone: handed over without a copy.
        await mock.importData(exported, undefined, { owned: true });
        said(dbPath);
      },
      async (url, dbPath) => {
        await adminJson(url, "PUT", "data", undefined, exportPieces(exported).join(""));
        said(dbPath);
      },
    );
  });
}

/** A file's lines, read as a stream (no string holds the whole file, nor a line past LONGEST_LINE: a file on one line stops there). */
function linesOf(file: string): AsyncIterable<string> {
  return splitLines(createReadStream(file, { encoding: "utf8" }) as AsyncIterable<string>);
}
