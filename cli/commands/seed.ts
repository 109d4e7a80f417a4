// `mockman seed`: a larger, deterministic data set for demos and benchmarks,
// added to what the store holds, or in its place with --replace; through the admin
// API of the `serve` that holds the store, when one does.
import { Command } from "commander";
import { z } from "zod";
import { toExportFile } from "#mock/data/export-file";
import { GENERATED_PASSWORD } from "#mock/data/seed";
import { SeedRefusal, countsOf, type Counts, type Seeded } from "#mock/node/admin";
import { seedInto } from "../seeding";
import { adminJson } from "../admin-client";
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
    const { db, ...seedOptions } = options;
    const said = (dbPath: string, generated: Counts, total: Counts, example: string | null) =>
      io.stdout.write(
        `${options.replace ? "Replaced the data with" : "Added"} ${generated.users} users, ${generated.posts} posts and ${generated.comments} comments (seed ${options.seed}); ` +
          `${dbPath} now holds ${total.users} users, ${total.posts} posts, ${total.comments} comments and ${total.photos} photos.\n` +
          (generated.users
            ? `Generated users log in with the password "${GENERATED_PASSWORD}"${example ? ` (e.g. --as ${example}:${GENERATED_PASSWORD})` : ""}.\n`
            : ""),
      );
    await withStore(
      io,
      db,
      "seed",
      async ({ mock, label: dbPath }) => {
        const current: Snapshot = options.replace
          ? { users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] }
          : mock.exportData().data;
        let seeded: Seeded;
        try {
          seeded = await seedInto(current, seedOptions, io.passwordIterations);
        } catch (error) {
          if (error instanceof SeedRefusal) throw usageError(`${error.message}. The store was not changed`);
          throw error;
        }
        // Made here and handed over whole: no copy (at 1M posts a copy is ~1 GB more).
        await mock.importData(toExportFile(seeded.data), undefined, { owned: true });
        said(dbPath, countsOf(seeded.generated), countsOf(seeded.data), seeded.example ?? null);
      },
      async (url, dbPath) => {
        const answer = await adminJson<{ generated: Counts; counts: Counts; example: string | null }>(url, "POST", "seed", seedOptions);
        said(dbPath, answer.generated, answer.counts, answer.example);
      },
    );
  });
}
