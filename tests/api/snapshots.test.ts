// Snapshots of the admin API (issue 32; mock/core/snapshots.ts, mock/node/admin.ts), in process:
// a restore puts back exactly the data the snapshot was taken of, in the tables and in the store;
// writes after a restore (in place, nested, rolled back, after a reset in between) never reach the
// snapshot, so it restores the same data every time; an unknown snapshot is a 404 that changes
// nothing; a restore the store refuses changes nothing; a file store holds the restored data; what the
// views built from the data answer (search, feeds, notifications, counts) comes back as it was.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMock } from "#mock/core/create-mock";
import type { Snapshot } from "#mock/core/types";
import { copyJson } from "#mock/core/snapshots";
import { createAdmin } from "#mock/node/admin";
import { FileStore } from "#mock/node/file-store";
import { FlakyStore, SEED_POST, makeApi, type Api } from "./client";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The admin API of `api`'s mock, called in process. */
function adminOf(api: Api) {
  const admin = createAdmin(api.mock);
  const call = async (method: string, url: string) => {
    const answer = await admin.dispatch({ method, url: `/__mockman/${url}`, headers: {}, body: "" });
    return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
  };
  return { admin, call };
}

/** The data as the API's export gives it (what a client sees), and as the store holds it. */
const dataOf = (api: Api) => JSON.parse(JSON.stringify(api.mock.exportData().data)) as Snapshot;
const storeData = async (api: Api) => JSON.parse(JSON.stringify(await api.store.load())) as Snapshot;

/** Writes of every kind: new records, records changed in place (nested lists too), records removed. */
async function writeSome(api: Api, tag: string) {
  const token = await api.login("guest");
  expect((await api.call("POST", "/api/test-todos", { body: { title: `todo ${tag}` } })).status).toBe(201);
  // A like or, once liked, a dislike: the post's nested lists change in place.
  const liked = await api.call("POST", `/api/posts/like/${SEED_POST}`, { token });
  if (liked.status !== 201) expect((await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token })).status).toBe(201);
  expect((await api.call("POST", "/api/users/edit", { token, body: { userData: { bio: `bio ${tag}` } } })).status).toBe(201);
  expect((await api.call("POST", "/api/posts", { token, body: { postData: { content: `post ${tag}` } } })).status).toBe(201);
  const mine = (await api.call("GET", "/api/posts")).body.posts.find((p: { username: string }) => p.username === "guest");
  expect((await api.call("DELETE", `/api/posts/${mine._id}`, { token })).status).toBe(201);
}

describe("copyJson", () => {
  it("copies as JSON.parse(JSON.stringify(value)) does, sharing nothing", () => {
    const record = {
      _id: "a",
      n: 1,
      s: "x",
      on: true,
      none: null,
      gone: undefined,
      f: () => 1,
      list: [1, undefined, { b: [2] }],
      at: new Date(0),
    };
    Object.defineProperty(record, "id", { value: "a", enumerable: false });
    const copy = copyJson(record);
    expect(copy).toStrictEqual(JSON.parse(JSON.stringify(record)));
    expect(copy.list).not.toBe(record.list);
    expect(copy.list[2]).not.toBe(record.list[2]);
  });
});

describe("snapshots: take and restore", () => {
  it("a restore puts back exactly the data taken, in the tables and in the store, every time", async () => {
    const api = await makeApi();
    const { admin, call } = adminOf(api);
    await writeSome(api, "before");
    const taken = dataOf(api);
    expect((await call("POST", "snapshots/one")).status).toBe(201);

    await writeSome(api, "after");
    expect(dataOf(api)).not.toEqual(taken);
    expect(await call("POST", "snapshots/one/restore")).toMatchObject({ status: 200, body: { restored: "one" } });
    expect(dataOf(api)).toEqual(taken);
    expect(await storeData(api)).toEqual(taken);

    // Writes after the restore change the working copies only: the snapshot restores the same data again.
    await writeSome(api, "again");
    expect(await call("POST", "snapshots/one/restore")).toMatchObject({ status: 200 });
    expect(dataOf(api)).toEqual(taken);
    // And after a reset in between (the tables held other records meanwhile).
    await writeSome(api, "then");
    await call("POST", "reset");
    await writeSome(api, "on the seed");
    await call("POST", "snapshots/one/restore");
    expect(dataOf(api)).toEqual(taken);
    expect(await storeData(api)).toEqual(taken);
    // Reads see it as the API answers it.
    const todos = (await api.call("GET", "/api/test-todos")).body.todos.map((t: { title: string }) => t.title);
    expect(todos).toEqual(["todo before"]);

    // The snapshot itself never changed, and nothing can change it.
    const kept = admin.snapshots.get("one")!;
    expect(JSON.parse(JSON.stringify(kept.data))).toEqual(taken);
    expect(Object.isFrozen(kept.data.posts[0])).toBe(true);
    expect(Object.isFrozen(kept.data.posts[0].likes.likedBy)).toBe(true);
    await api.mock.shutdown();
  });

  it("a restore gives back what every derived view answered: search, feeds, notifications, counters", async () => {
    const api = await makeApi();
    const { call } = adminOf(api);
    const guest = await api.login("guest");
    const ada = await api.login("adasterling");
    const write = async (method: string, url: string, token: string, body?: object) => {
      const r = await api.call(method, url, { token, body, headers: { prefer: "return=minimal" } });
      expect(r.status, `${method} ${url}: ${r.text}`).toBeLessThan(300);
      return r.body;
    };
    // The views built from the data, besides the records: the search index, the per-author
    // lists behind feeds and profiles, notifications with their unread count, follower counts.
    const views = async () => {
      const answers: Record<string, unknown> = {};
      for (const [token, url] of [
        [guest, "/api/search?q=zebrafish"],
        [guest, "/api/search?type=users&q=ada"],
        [guest, "/api/posts/following?limit=50"],
        [guest, "/api/posts/user/guest"],
        [guest, "/api/posts/tag/zebrafish"],
        [ada, "/api/notifications?limit=50"],
        [guest, "/api/notifications?limit=50"],
        [guest, "/api/users/guest"],
        [guest, "/api/users/adasterling"],
        [guest, "/api/users/followers/adasterling"],
        [guest, "/api/users/bookmark"],
      ] as const) {
        const r = await api.call("GET", url, { token });
        expect(r.status, `GET ${url}: ${r.text}`).toBe(200);
        answers[url] = r.body;
      }
      return answers;
    };
    const likeAdasPost = async () => {
      const hers = (await api.call("GET", "/api/posts/user/adasterling")).body.posts as { _id: string }[];
      await write("POST", `/api/posts/like/${hers[hers.length - 1]._id}`, guest);
    };

    // Before the snapshot: a post the search index holds (built by a search), a like that tells Ada.
    const kept = (await write("POST", "/api/posts", guest, { postData: { content: "A #zebrafish at noon" } })).post._id as string;
    await likeAdasPost();
    await views();
    expect((await call("POST", "snapshots/views")).status).toBe(201);
    const taken = await views();
    expect(JSON.stringify(taken)).toContain("A #zebrafish at noon");

    const writeAfter = async (tag: string) => {
      await write("POST", "/api/posts", guest, { postData: { content: `Another #zebrafish ${tag}` } });
      await write("POST", `/api/posts/edit/${kept}`, guest, { postData: { content: `Edited ${tag}` } });
      // Followed already or not: the follow or the unfollow changes both users' counts.
      if ((await api.call("POST", "/api/users/follow/adasterling", { token: guest })).status !== 200)
        await write("POST", "/api/users/unfollow/adasterling", guest);
      await write("POST", "/api/users/edit", guest, { userData: { bio: `bio ${tag}` } });
      await write("POST", "/api/notifications/read", ada, {});
      await write("POST", `/api/users/bookmark/${kept}`, guest);
      await write("POST", "/api/posts", ada, { postData: { content: `Ada on #zebrafish ${tag}` } });
    };
    await writeAfter("one");
    expect(await views()).not.toEqual(taken);
    expect((await call("POST", "snapshots/views/restore")).status).toBe(200);
    expect(await views()).toEqual(taken);

    // Writes after the restore do not reach the snapshot: a second restore gives the same answers,
    // also when nothing was read between the writes and the restore (no index built on the way).
    await writeAfter("two");
    await api.call("DELETE", `/api/posts/${kept}`, { token: guest });
    expect((await call("POST", "snapshots/views/restore")).status).toBe(200);
    expect(await views()).toEqual(taken);
    expect((await call("POST", "snapshots/views/restore")).status).toBe(200);
    expect(await views()).toEqual(taken);
    await api.mock.shutdown();
  });

  it("a write the store refused after a restore does not reach the snapshot", async () => {
    const store = new FlakyStore();
    const api = await makeApi({ store });
    const { call } = adminOf(api);
    await call("POST", "snapshots/one");
    const taken = dataOf(api);
    await call("POST", "snapshots/one/restore");
    const token = await api.login("guest");
    // The like changes the post in place, then the store refuses it: the post is rolled back.
    store.failing = true;
    expect((await api.call("POST", `/api/posts/like/${SEED_POST}`, { token })).status).toBe(507);
    store.failing = false;
    expect((await api.call("POST", `/api/posts/like/${SEED_POST}`, { token })).status).toBe(201);
    await call("POST", "snapshots/one/restore");
    expect(dataOf(api)).toEqual(taken);
    await api.mock.shutdown();
  });

  it("an unknown snapshot is a 404 with {errors}, and nothing changes", async () => {
    const api = await makeApi();
    const { admin, call } = adminOf(api);
    expect(await call("POST", "snapshots/nope/restore")).toEqual({
      status: 404,
      body: { errors: [expect.stringContaining('no snapshot named "nope": none was taken yet')] },
    });
    await call("POST", "snapshots/one");
    await writeSome(api, "after");
    const before = dataOf(api);
    const stored = await storeData(api);
    const answer = await call("POST", "snapshots/nope/restore");
    expect(answer).toEqual({ status: 404, body: { errors: [expect.stringContaining("the snapshots are one")] } });
    expect(dataOf(api)).toEqual(before);
    expect(await storeData(api)).toEqual(stored);
    expect([...admin.snapshots.keys()]).toEqual(["one"]);
    await api.mock.shutdown();
  });

  it("a restore the store refuses changes nothing, and the snapshot restores later", async () => {
    class RefusingStore extends FlakyStore {
      refuse = false;
      override async replace(snapshot: Snapshot, generation?: number) {
        if (this.refuse) throw new Error("disk full");
        return super.replace(snapshot, generation);
      }
    }
    const store = new RefusingStore();
    const api = await makeApi({ store });
    const { admin } = adminOf(api);
    const taken = dataOf(api);
    await admin.dispatch({ method: "POST", url: "/__mockman/snapshots/one", headers: {}, body: "" });
    await writeSome(api, "after");
    const before = dataOf(api);
    store.refuse = true;
    await expect(api.mock.restore(admin.snapshots.get("one")!)).rejects.toThrow("disk full");
    expect(dataOf(api)).toEqual(before);
    expect(await storeData(api)).toEqual(before);
    store.refuse = false;
    await api.mock.restore(admin.snapshots.get("one")!);
    expect(dataOf(api)).toEqual(taken);
    await api.mock.shutdown();
  });

  it("a file store holds the restored data (written whole, as an import is)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mockman-snapshots-"));
    dirs.push(dir);
    const file = path.join(dir, "db.json");
    const mock = await createMock({ store: new FileStore(file), passwordIterations: 1000 });
    const admin = createAdmin(mock);
    const post = (url: string) => admin.dispatch({ method: "POST", url: `/__mockman/${url}`, headers: {}, body: "" });
    const add = (title: string) =>
      mock.handle(
        new Request("http://localhost/api/test-todos", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ title }),
        }),
      );
    await add("kept");
    expect((await post("snapshots/one")).status).toBe(201);
    const taken = JSON.parse(JSON.stringify(mock.exportData().data)) as Snapshot;
    await add("gone");
    expect((await post("snapshots/one/restore")).status).toBe(200);
    await add("after");
    expect((await post("snapshots/one/restore")).status).toBe(200);
    await mock.shutdown();
    expect(await new FileStore(file).load()).toEqual(taken);
  });
});
