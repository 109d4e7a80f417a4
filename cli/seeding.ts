// `mockman seed`'s data set joined to the data a store holds: generated (faker, loaded
// only here), checked for clashes with itself and with that data, and merged. The
// `seed` command runs it on its store; `serve` hands it to the admin API's POST seed
// (mock/node/admin.ts), so both refuse the same clashes with the same words.
import { SeedRefusal, type Seeded, type SeedOptions } from "#mock/node/admin";
import type { Snapshot } from "#mock/core/types";
import { GUEST } from "#mock/data/seed";

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

/** `current` with a generated set added (`current` empty for --replace); throws SeedRefusal (its message without a full stop). */
export async function seedInto(current: Snapshot, options: SeedOptions, iterations?: number): Promise<Seeded> {
  if (options.posts > 0 && options.users === 0 && !current.users.some((u) => u.username === GUEST.username))
    throw new SeedRefusal("generated posts need authors: give --users 1 or more");
  // Faker loads only here: it would cost every other command's cold start.
  const { realisticData } = await import("./seed-data");
  const generated = await realisticData({ users: options.users, posts: options.posts, seed: options.seed, iterations });
  const problem = clash(current, generated, options);
  if (problem) throw new SeedRefusal(`cannot add this data set: ${problem}`);
  return {
    generated,
    example: generated.users[0]?.username,
    data: {
      users: [...current.users, ...generated.users],
      posts: [...current.posts, ...generated.posts],
      comments: [...current.comments, ...generated.comments],
      todos: current.todos,
      photos: [...current.photos, ...generated.photos],
      notifications: current.notifications,
    },
  };
}
