// `mockman reset`: back to the spec's seed (four users, six posts).
import { Command } from "commander";
import { z } from "zod";
import { GUEST } from "#mock/data/seed";
import { withStore } from "../stores";
import type { CliIo } from "../io";
import { addDbOption, addExamples, parseOptions } from "../options";

export function resetCommand(io: CliIo): Command {
  const command = new Command("reset").description("restore the spec's seed data (everything else in the store is dropped)");
  addDbOption(command);
  addExamples(command, ["mockman reset", "MOCKMAN_DB=/tmp/demo.json mockman reset"]);
  return command.action(async (raw: unknown) => {
    const options = parseOptions(z.object({ db: z.string().optional() }), raw);
    await withStore(io, options.db, "reset", async ({ mock, label: dbPath }) => {
      await mock.reset();
      const { users, posts, comments, photos } = mock.exportData().data;
      io.stdout.write(
        `Reset ${dbPath} to the seed: ${users.length} users, ${posts.length} posts, ${comments.length} comments, ${photos.length} photos. Log in as ${GUEST.username} / ${GUEST.password}.\n`,
      );
    });
  });
}
