// One fuzz run's world: a fresh mock on a MemoryStore, the seed users logged
// in plus a few signed up, and every token and id the run has seen so far, so
// a generated call can name "post #3" or "user #2's token" and get a real one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { createMock, type Mock } from "#mock/core/create-mock.ts";
import { DexieStore } from "#mock/browser/dexie.ts";
import { FileStore } from "#mock/node/file-store.ts";
import { MemoryStore } from "#mock/store/memory.ts";
import type { Store } from "#mock/core/types.ts";

/**
 * memory: the store is compared after every request; file and dexie: reopened at the end of each sequence;
 * tabs: two mocks (two tabs) on one IndexedDB, each call served by one of them, the store compared after every request.
 */
export type StoreKind = "memory" | "file" | "dexie" | "tabs";

function openStore(kind: StoreKind): { store: Store; reopen: () => Store; cleanup: () => void } {
  if (kind === "memory") {
    const store = new MemoryStore();
    return { store, reopen: () => store, cleanup: () => undefined };
  }
  if (kind === "file") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "moments-fuzz-"));
    const file = path.join(dir, "db.json");
    // Tiny fold thresholds, so sequences cross folds; fsync off: what is checked here is the logic, not the disk.
    const open = (foldOnClose: boolean) => new FileStore(file, { foldLines: 5, durable: false, foldOnClose });
    return { store: open(true), reopen: () => open(false), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const factory = new IDBFactory();
  const open = () => new DexieStore(kind === "tabs" ? "moments-fuzz-tabs" : "moments-fuzz", factory, IDBKeyRange);
  return { store: open(), reopen: open, cleanup: () => undefined };
}

/** Every password the run knows; none may ever appear in a response. */
export const SEED_PASSWORDS: Record<string, string> = {
  guest: "guest1234",
  adasterling: "ada-cto-2024",
  marcoreyes: "marco-builds",
  lenaokafor: "lena-ceo-ops",
};
/** Long and random enough that no generated string hits one by chance. */
export const EXTRA_USERS = [
  { username: "fuzz_alice", password: "alice-7f3e9a2c41d8", firstName: "Alice" },
  { username: "fuzz_bob", password: "bob-c09d15e6b7a2", firstName: "Bob" },
];

export interface World {
  /** The mock serving the current call: with two tabs, the one the call picked. */
  mock: Mock;
  tabs: Mock[];
  kind: StoreKind;
  store: Store;
  /** Another handle on the same data, as a restarted process or a new tab would open it. */
  reopen: () => Store;
  cleanup: () => void;
  /** Tokens in the order they were handed out; login/signup responses add more. */
  tokens: string[];
  passwords: string[];
}

export async function bootWorld(kind: StoreKind = "memory"): Promise<World> {
  const { store, reopen, cleanup } = openStore(kind);
  const mock = await createMock({ store, passwordIterations: 1000 });
  const world: World = {
    mock,
    tabs: [mock],
    kind,
    store,
    reopen,
    cleanup,
    tokens: [],
    passwords: [...Object.values(SEED_PASSWORDS), ...EXTRA_USERS.map((u) => u.password)],
  };
  for (const [username, password] of Object.entries(SEED_PASSWORDS)) {
    world.tokens.push(await tokenFrom(mock, "/api/auth/login", { username, password }, 200));
  }
  for (const user of EXTRA_USERS) world.tokens.push(await tokenFrom(mock, "/api/auth/signup", user, 201));
  await furnish(world);
  if (kind === "tabs") world.tabs.push(await createMock({ store: reopen(), passwordIterations: 1000 }));
  return world;
}

/** Comments, votes, follows, bookmarks and a todo to start from, so undo routes (unfollow, remove-bookmark) have something to undo. */
async function furnish(world: World) {
  const [guest, ada, , , alice] = world.tokens;
  const posts = world.mock.tables.posts.all().map((p) => p._id);
  const users = world.mock.tables.users.all().map((u) => u._id);
  const steps: [string, string, string, object?][] = [
    [guest, "POST", `/api/comments/add/${posts[0]}`, { commentData: { comment: { commentVal: "First!" } } }],
    [alice, "POST", `/api/comments/add/${posts[0]}`, { commentData: { commentVal: "Nice one" } }],
    [ada, "POST", `/api/comments/add/${posts[1]}`, { commentData: { comment: { commentVal: "Agreed" } } }],
    [guest, "POST", `/api/users/follow/${users[0]}`],
    [alice, "POST", `/api/users/follow/${users[2]}`],
    [guest, "POST", `/api/users/bookmark/${posts[0]}`],
    [alice, "POST", `/api/users/bookmark/${posts[1]}`],
    [guest, "POST", `/api/posts/like/${posts[2]}`],
    [ada, "POST", `/api/posts/dislike/${posts[2]}`],
    [guest, "POST", "/api/test-todos", { title: "water the plants" }],
  ];
  for (const [token, method, path, body] of steps) {
    const response = await world.mock.handle(
      new Request(`http://mock.local${path}`, { method, headers: { authorization: token }, body: body && JSON.stringify(body) }),
    );
    if (response.status >= 300) throw new Error(`fuzz world: ${method} ${path} gave ${response.status}: ${await response.text()}`);
  }
  const firstComment = world.mock.tables.comments.of(posts[0])[1]._id;
  await world.mock.handle(
    new Request(`http://mock.local/api/comments/upvote/${posts[0]}/${firstComment}`, { method: "POST", headers: { authorization: guest } }),
  );
}

async function tokenFrom(mock: Mock, path: string, body: object, status: number): Promise<string> {
  const response = await mock.handle(new Request(`http://mock.local${path}`, { method: "POST", body: JSON.stringify(body) }));
  const data = (await response.json()) as { encodedToken?: string };
  if (response.status !== status || !data.encodedToken) throw new Error(`fuzz world: ${path} gave ${response.status}`);
  return data.encodedToken;
}

/** Picks the n-th of a list, wrapping around; undefined when the list is empty. */
export const nth = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

export function ids(world: World) {
  const { tables } = world.mock;
  const posts = tables.posts.all();
  return {
    posts: posts.map((p) => p._id),
    users: tables.users.all().map((u) => u._id),
    usernames: tables.users.all().map((u) => u.username),
    comments: tables.comments.all().map((c) => ({ postId: c.postId, id: c._id })),
    todos: tables.todos.all().map((t) => t._id),
  };
}
