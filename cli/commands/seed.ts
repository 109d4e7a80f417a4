// `mockman seed`: a larger, deterministic data set for demos and benchmarks,
// added to what the store holds, or in its place with --replace.
import { Command } from "commander";
import { z } from "zod";
import { toExportFile } from "#mock/data/export-file";
import { GENERATED_PASSWORD, GUEST } from "#mock/data/seed";
import type { Snapshot } from "#mock/core/types";
import { withStore } from "../stores";
import { usageError } from "../errors";
import type { CliIo } from "../io";
import { addDbOption, addExamples, count, parseOptions } from "../options";

const optionsSchema = z.object({
  users: count(100_000).default(10),
  posts: count(1_000_000).default(100),
  seed: z.coerce
    .number({ invalid_type_error: "expected a whole number" })
    .int("expected a whole number")
    .min(0)
    .max(2 ** 32 - 1)
    .default(1),
  replace: z.boolean().default(false),
  db: z.string().optional(),
});

/** What the generated set would clash with: itself (the generator's name scheme runs out), or the data it joins. */
function clash(current: Snapshot, generated: Snapshot, options: { users: number; seed: number }): string | undefined {
  const names = new Set<string>();
  for (const user of generated.users) {
    if (names.has(user.username))
      return `the generator repeats the username ${user.username} at --users ${options.users} with --seed ${options.seed}; use fewer --users or a shorter --seed`;
    names.add(user.username);
  }
  const taken = new Set(current.users.map((u) => u.username));
  const ids = new Set([...current.users, ...current.posts, ...current.comments].map((r) => r._id));
  for (const user of generated.users) {
    if (taken.has(user.username))
      return `username ${user.username} is already taken (added by an earlier seed?); pick another --seed or add --replace`;
  }
  for (const record of [...generated.users, ...generated.posts, ...generated.comments]) {
    if (ids.has(record._id)) return `id ${record._id} is already in the store; pick another --seed or add --replace`;
  }
  return undefined;
}

export function seedCommand(io: CliIo): Command {
  const command = new Command("seed")
    .description("generate users and posts (deterministic for a given --seed) and add them to the store")
    .option("--users <n>", "how many users to generate", "10")
    .option("--posts <n>", "how many posts to generate", "100")
    .option("--seed <s>", "seed of the generator: the same seed gives the same data", "1")
    .option("--replace", "replace the store's data instead of adding to it");
  addDbOption(command);
  addExamples(command, [
    "mockman seed --users 50 --posts 1000 --seed 7",
    "mockman seed --users 100 --posts 10000 --seed 1 --replace --db /tmp/big.json",
  ]);
  return command.action(async (raw: unknown) => {
    const options = parseOptions(optionsSchema, raw);
    await withStore(io, options.db, "seed", async ({ mock, label: dbPath }) => {
      const current: Snapshot = options.replace
        ? { users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] }
        : mock.exportData().data;
      if (options.posts > 0 && options.users === 0 && !current.users.some((u) => u.username === GUEST.username))
        throw usageError("generated posts need authors: give --users 1 or more");
      // Faker loads only here: it would cost every other command's cold start.
      const { realisticData } = await import("../seed-data");
      const generated = await realisticData({
        users: options.users,
        posts: options.posts,
        seed: options.seed,
        iterations: io.passwordIterations,
      });
      const problem = clash(current, generated, options);
      if (problem) throw usageError(`cannot add this data set: ${problem}. The store was not changed`);
      const data: Snapshot = {
        users: [...current.users, ...generated.users],
        posts: [...current.posts, ...generated.posts],
        comments: [...current.comments, ...generated.comments],
        todos: current.todos,
        photos: [...current.photos, ...generated.photos],
        notifications: current.notifications,
      };
      // Made here and handed over whole: no copy (at 1M posts a copy is ~1 GB more).
      await mock.importData(toExportFile(data), undefined, { owned: true });
      const example = generated.users[0] ? ` (e.g. --as ${generated.users[0].username}:${GENERATED_PASSWORD})` : "";
      io.stdout.write(
        `${options.replace ? "Replaced the data with" : "Added"} ${generated.users.length} users, ${generated.posts.length} posts and ${generated.comments.length} comments (seed ${options.seed}); ` +
          `${dbPath} now holds ${data.users.length} users, ${data.posts.length} posts, ${data.comments.length} comments and ${data.photos.length} photos.\n` +
          (generated.users.length ? `Generated users log in with the password "${GENERATED_PASSWORD}"${example}.\n` : ""),
      );
    });
  });
}
