// `mockman reset`: back to the spec's seed (four users, six posts); through the admin
// API of the `serve` that holds the store, when one does.
import { Command } from "commander";
import { z } from "zod";
import { GUEST } from "#mock/data/seed";
import { withStore } from "../stores";
import { adminJson } from "../admin-client";
import type { Counts } from "#mock/node/admin";
import type { CliIo } from "../io";
import { addDbOption, addExamples, parseOptions } from "../options";

export function resetCommand(io: CliIo): Command {
  const command = new Command("reset").description(
    "restore the spec's seed data (everything else in the store is dropped); with serve running on the store, also clear its scenarios, faults and request journal",
  );
  addDbOption(command);
  addExamples(command, ["mockman reset", "MOCKMAN_DB=/tmp/demo.json mockman reset"]);
  return command.action(async (raw: unknown) => {
    const options = parseOptions(z.object({ db: z.string().optional() }), raw);
    const said = (dbPath: string, { users, posts, comments, photos }: Counts) =>
      io.stdout.write(
        `Reset ${dbPath} to the seed: ${users} users, ${posts} posts, ${comments} comments, ${photos} photos. Log in as ${GUEST.username} / ${GUEST.password}.\n`,
      );
    await withStore(
      io,
      options.db,
      "reset",
      async ({ mock, label: dbPath }) => {
        await mock.reset();
        const { users, posts, comments, todos, photos, notifications } = mock.exportData().data;
        said(dbPath, {
          users: users.length,
          posts: posts.length,
          comments: comments.length,
          todos: todos.length,
          photos: photos.length,
          notifications: notifications.length,
        });
      },
      async (url, dbPath) => said(dbPath, (await adminJson<{ counts: Counts }>(url, "POST", "reset")).counts),
    );
  });
}
