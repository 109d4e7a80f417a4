// `mockman import FILE|-`: replaces the store's data with an export file,
// checked whole first; a bad file changes nothing.
import { Command } from "commander";
import { z } from "zod";
import { FormatError, parseExportFile, type ExportFile } from "#mock/export-file";
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
    const text = await readSource(io, file, "export file");
    let exported: ExportFile;
    try {
      exported = parseExportFile(text);
    } catch (error) {
      if (error instanceof FormatError) throw usageError(`${file}: ${error.message}. The store was not changed`);
      throw error;
    }
    await withStore(io, options.db, "import", async ({ mock, label: dbPath }) => {
      await mock.importData(exported);
      const { users, posts, comments, todos, photos } = exported.data;
      io.stdout.write(
        `Imported ${users.length} users, ${posts.length} posts, ${comments.length} comments, ${todos.length} todos and ${photos.length} photos into ${dbPath}, replacing what it held.\n`,
      );
    });
  });
}
