// `mockman export [FILE|-]`: the store's data in the versioned export format
// the browser's export uses too; from the admin API of the `serve` that holds the store, when one does.
import { Command } from "commander";
import { z } from "zod";
import { exportPieces } from "#mock/data/export-file";
import { withStoreToRead } from "../stores";
import { adminCall } from "../admin-client";
import { checkExportJson } from "#mock/data/export-file";
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
    const { exported, dbPath, pieces } = await withStoreToRead(
      io,
      options.db,
      "export",
      async ({ mock, label }) => {
        const exported = mock.exportData();
        return { exported, dbPath: label, pieces: exportPieces(exported) };
      },
      // The running server's data, in the same layout (GET /__mockman/data).
      async (url, label) => {
        const text = await adminCall(url, "GET", "data");
        return { exported: checkExportJson(JSON.parse(text)), dbPath: label, pieces: [text] };
      },
    );
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
