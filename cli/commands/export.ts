// `mockman export [FILE|-]`: the store's data in the versioned export format
// the browser's export uses too.
import { Command } from "commander";
import { z } from "zod";
import { exportPieces } from "#mock/data/export-file";
import { withStoreToRead } from "../stores";
import { refuseStoreOutput, writeOutput } from "../inputs";
import type { CliIo } from "../io";
import { addDbOption, addExamples, parseOptions } from "../options";

export function exportCommand(io: CliIo): Command {
  const command = new Command("export")
    .description("write the store's data as a mockman export file (stdout when FILE is - or left out)")
    .argument("[file]", "where to write, or - for stdout", "-");
  addDbOption(command);
  addExamples(command, ["mockman export backup.json", "mockman export > backup.json", "mockman export - | jq '.data.posts | length'"]);
  return command.action(async (file: string, raw: unknown) => {
    const options = parseOptions(z.object({ db: z.string().optional() }), raw);
    await refuseStoreOutput(io, file, "export", options.db);
    const { exported, dbPath } = await withStoreToRead(io, options.db, "export", async ({ mock, label }) => ({
      exported: mock.exportData(),
      dbPath: label,
    }));
    const pieces = exportPieces(exported);
    if (file === "-") {
      for (const piece of pieces) io.stdout.write(piece);
      return;
    }
    const target = await writeOutput(io, file, pieces, { option: "export", db: options.db });
    const { users, posts, comments, todos, photos } = exported.data;
    io.stdout.write(
      `Exported ${users.length} users, ${posts.length} posts, ${comments.length} comments, ${todos.length} todos and ${photos.length} photos from ${dbPath} to ${target}.\n`,
    );
  });
}
