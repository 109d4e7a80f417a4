// Issue 34: a user's followers and following (GET /api/users/followers/:userId and /api/users/following/:userId)
// and the Following feed (GET /api/posts/following), listed and paged like every list.
import { beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#mock/core/errors";
import { makeApi, type Api } from "./client";

// A fresh mock per test, with the guest's and Ada's tokens.
let api: Api;
let [guest, ada] = ["", ""];
beforeEach(async () => {
  api = await makeApi();
  [guest, ada] = [await api.login("guest"), await api.login("adasterling")];
});

const id = (name: string) => api.mock.tables.users.getUnique(name)!._id;
const names = (users: { username: string }[]) => users.map((u) => u.username);
const follow = async (token: string, who: string) =>
  expect((await api.call("POST", `/api/users/follow/${who}`, { token })).status).toBe(200);
const post = async (token: string, content: string) => {
  const r = await api.call("POST", "/api/posts", { token, body: { postData: { content } }, headers: { prefer: "return=minimal" } });
  expect(r.status).toBe(201);
  return r.body.post._id as string;
};
/** What a refused request must leave as it was. */
const state = () => JSON.stringify([api.mock.tables.users.all(), api.mock.tables.posts.all()]);

describe("GET /api/users/followers/:userId and /api/users/following/:userId", () => {
  beforeEach(async () => {
    await follow(guest, "adasterling");
    await follow(guest, "marcoreyes");
    await follow(ada, "guest");
  });

  it("answers the whole list oldest first, by username or id, without passwords", async () => {
    const following = await api.call("GET", "/api/users/following/guest");
    expect(following.status).toBe(200);
    expect(names(following.body.users)).toEqual(["adasterling", "marcoreyes"]);
    expect(following.text).not.toMatch(/password|pbkdf2/i);
    const followers = await api.call("GET", `/api/users/followers/${id("guest")}`);
    expect(names(followers.body.users)).toEqual(["adasterling"]);
    expect(names((await api.call("GET", "/api/users/followers/lenaokafor")).body.users)).toEqual([]);
  });

  it("a user named 'followers' or 'following' keeps their profile and lists", async () => {
    await api.signup("followers");
    expect((await api.call("GET", "/api/users/followers")).body.user.username).toBe("followers");
    expect((await api.call("GET", "/api/users/following/followers")).status).toBe(200);
  });

  it("pages newest first with next and total, and an unfollow leaves the list", async () => {
    const first = await api.call("GET", "/api/users/following/guest?limit=1");
    expect(names(first.body.users)).toEqual(["marcoreyes"]);
    expect(first.body.total).toBe(2);
    const second = await api.call("GET", `/api/users/following/guest?limit=1&cursor=${first.body.next}`);
    expect(names(second.body.users)).toEqual(["adasterling"]);
    expect(second.body.next).toBeNull();
    expect((await api.call("POST", "/api/users/unfollow/marcoreyes", { token: guest })).status).toBe(200);
    const after = await api.call("GET", "/api/users/following/guest?limit=20");
    expect(names(after.body.users)).toEqual(["adasterling"]);
    expect(after.body.total).toBe(1);
    expect(names((await api.call("GET", "/api/users/followers/marcoreyes?limit=5")).body.users)).toEqual([]);
  });

  it("refuses an unknown user (404), a bad limit or cursor and another list's cursor (400), each {errors}, changing nothing", async () => {
    const before = state();
    const other = (await api.call("GET", "/api/users/following/guest?limit=1")).body.next;
    for (const [path, status, message] of [
      ["/api/users/followers/ghost", 404, MSG.USER_NOT_FOUND("ghost")],
      ["/api/users/following/ghost?limit=2", 404, MSG.USER_NOT_FOUND("ghost")],
      ["/api/users/followers/guest?limit=0", 400, /limit must be a whole number/],
      ["/api/users/following/guest?limit=abc", 400, /limit must be a whole number/],
      ["/api/users/followers/guest?cursor=%21%21", 400, /cursor is not valid/],
      ["/api/users/followers/guest?cursor=", 400, /cursor is not valid/],
      [`/api/users/followers/guest?cursor=${other}`, 400, /belongs to another list/],
      [`/api/users/following/marcoreyes?cursor=${other}`, 400, /belongs to another list/],
    ] as const) {
      const r = await api.call("GET", path);
      expect(r.status, path).toBe(status);
      expect(Object.keys(r.body), path).toEqual(["errors"]);
      if (typeof message === "string") expect(r.body.errors[0], path).toBe(message);
      else expect(r.body.errors[0], path).toMatch(message);
    }
    expect(state()).toBe(before);
  });
});

describe("GET /api/posts/following", () => {
  it("needs a token: none is 404, a bad one 401, each {errors}", async () => {
    const none = await api.call("GET", "/api/posts/following");
    expect(none.status).toBe(404);
    expect(none.body.errors).toEqual([MSG.NOT_REGISTERED]);
    const bad = await api.call("GET", "/api/posts/following?limit=5", { token: `${guest.slice(0, -4)}AAAA` });
    expect(bad.status).toBe(401);
    expect(Object.keys(bad.body)).toEqual(["errors"]);
  });

  it("holds the caller's posts and those of the people they follow, newest first by page, oldest first whole", async () => {
    const own = (await api.call("GET", "/api/posts/following?limit=20", { token: guest })).body;
    expect(own.posts.every((p: { username: string }) => p.username === "guest")).toBe(true);
    expect(own.total).toBe(own.posts.length);

    await follow(guest, "adasterling");
    const mine = await post(guest, "mine");
    const adas = await post(ada, "ada's");
    await post(await api.login("lenaokafor"), "not followed");
    const all = api.mock.tables.posts.all().filter((p) => p.username === "guest" || p.username === "adasterling");
    const whole = await api.call("GET", "/api/posts/following", { token: guest });
    expect(whole.body.posts.map((p: { _id: string }) => p._id)).toEqual(all.map((p) => p._id));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { body: { posts: { _id: string }[]; next: string | null; total: number } } = await api.call(
        "GET",
        `/api/posts/following?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        { token: guest },
      );
      expect(r.body.total).toBe(all.length);
      seen.push(...r.body.posts.map((p) => p._id));
      cursor = r.body.next;
    } while (cursor);
    expect(seen).toEqual(all.map((p) => p._id).reverse());
    expect(seen.slice(0, 2)).toEqual([adas, mine]);
  });

  it("a post written or deleted between pages neither repeats nor skips; an unfollow empties the followed's part", async () => {
    await follow(guest, "adasterling");
    await follow(guest, "marcoreyes");
    for (let i = 0; i < 6; i++) await post([guest, ada][i % 2], `post ${i}`);
    const first = (await api.call("GET", "/api/posts/following?limit=3", { token: guest })).body;
    const expected = api.mock.tables.posts
      .all()
      .filter((p) => ["guest", "adasterling", "marcoreyes"].includes(p.username))
      .map((p) => p._id)
      .reverse();
    expect(first.posts.map((p: { _id: string }) => p._id)).toEqual(expected.slice(0, 3));
    await post(ada, "newer, not on later pages");
    // The cursor's own post goes: the next page resumes after it all the same.
    expect(
      (await api.call("DELETE", `/api/posts/${first.posts[2]._id}`, { token: first.posts[2].username === "guest" ? guest : ada })).status,
    ).toBe(201);
    const second = (await api.call("GET", `/api/posts/following?limit=3&cursor=${first.next}`, { token: guest })).body;
    expect(second.posts.map((p: { _id: string }) => p._id)).toEqual(expected.slice(3, 6));

    expect((await api.call("POST", "/api/users/unfollow/adasterling", { token: guest })).status).toBe(200);
    const after = (await api.call("GET", "/api/posts/following?limit=100", { token: guest })).body;
    expect(after.posts.some((p: { username: string }) => p.username === "adasterling")).toBe(false);
  });

  it("refuses a bad limit or cursor, or another list's cursor, with 400 {errors}, changing nothing", async () => {
    const before = state();
    const posts = (await api.call("GET", "/api/posts?limit=1")).body.next;
    const others = (await api.call("GET", "/api/posts/following?limit=1", { token: ada })).body.next;
    for (const query of ["limit=0", "limit=101", "limit=x", "cursor=", "cursor=%21", `cursor=${posts}`, `cursor=${others}`]) {
      const r = await api.call("GET", `/api/posts/following?${query}`, { token: guest });
      expect(r.status, query).toBe(400);
      expect(Object.keys(r.body), query).toEqual(["errors"]);
    }
    expect(state()).toBe(before);
  });

  it("the per-author index stays true through creates, deletes, a refused write's rollback and a reload", async () => {
    await follow(guest, "adasterling");
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await post([guest, ada][i % 3 === 0 ? 0 : 1], `p${i}`));
    for (const gone of [ids[1], ids[6], ids[7]]) {
      const author = api.mock.tables.posts.get(gone)!.username === "guest" ? guest : ada;
      expect((await api.call("DELETE", `/api/posts/${gone}`, { token: author })).status).toBe(201);
    }
    const truth = () =>
      api.mock.tables.posts
        .all()
        .filter((p) => p.username === "guest" || p.username === "adasterling")
        .map((p) => p._id)
        .reverse();
    const feed = async () =>
      (await api.call("GET", "/api/posts/following?limit=100", { token: guest })).body.posts.map((p: { _id: string }) => p._id);
    expect(await feed()).toEqual(truth());
    // A write the store refuses is rolled back: the index with it.
    const flaky = api.store as unknown as { commit: (c: unknown) => Promise<void> };
    const commit = flaky.commit.bind(flaky);
    flaky.commit = async () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
    expect((await api.call("POST", "/api/posts", { token: ada, body: { postData: { content: "refused" } } })).status).toBe(507);
    expect((await api.call("DELETE", `/api/posts/${ids[3]}`, { token: guest })).status).toBe(507);
    flaky.commit = commit;
    expect(await feed()).toEqual(truth());
    expect((await feed()).includes(ids[3])).toBe(true);
    // A reload of the saved data builds it again.
    api.mock.tables.posts.load([...api.mock.tables.posts.all()]);
    expect(await feed()).toEqual(truth());
  });
});
