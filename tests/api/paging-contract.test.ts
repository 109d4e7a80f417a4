// The paging contract as the app relies on it, written against the contract
// rather than the implementation (paging.test.ts pins the implementation's
// details). Optional paging on the five list routes: ?limit=N&cursor=C answers one page,
// newest first, with `next` and `total`; walking every page gives the unpaged
// list reversed, stays right while items are added or deleted between pages,
// and bad parameters are a 400 naming the parameter. Also `Prefer: return=minimal`.
import { postView } from "#mock/data/views";
import { beforeEach, describe, expect, it } from "vitest";
import { GUEST_POST_ID, SEED_POST, makeApi, type Api } from "./client";

let api: Api;
let guest: string;
beforeEach(async () => {
  api = await makeApi();
  guest = await api.login("guest");
});

const createPosts = async (n: number, prefix = "post") => {
  for (let i = 0; i < n; i++) await api.call("POST", "/api/posts", { token: guest, body: { postData: { content: `${prefix} ${i}` } } });
};

/** Every page of a list, following `next`. */
async function walk(path: string, key: string, limit: number, between?: (page: number) => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const r: { status: number; text: string; body: any } = await api.call(
      "GET",
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      { token: guest },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body[key].length).toBeLessThanOrEqual(limit);
    ids.push(...r.body[key].map((item: { _id: string }) => item._id));
    cursor = r.body.next;
    if (cursor === null) return ids;
    expect(r.body[key]).toHaveLength(limit);
    await between?.(page);
  }
  throw new Error("paging never ended");
}

const unpagedIds = async (path: string, key: string) =>
  (await api.call("GET", path, { token: guest })).body[key].map((item: { _id: string }) => item._id) as string[];

describe("every list route pages newest first to the end", () => {
  beforeEach(async () => {
    await createPosts(23);
    for (const id of (await unpagedIds("/api/posts", "posts")).slice(0, 12))
      await api.call("POST", `/api/users/bookmark/${id}`, { token: guest });
    for (let i = 0; i < 9; i++)
      await api.call("POST", `/api/comments/add/${SEED_POST}`, { token: guest, body: { commentData: { commentVal: `c${i}` } } });
    for (let i = 0; i < 7; i++) await api.signup(`pager${i}`);
  });

  it.each([
    ["/api/posts", "posts"],
    ["/api/posts/user/guest", "posts"],
    ["/api/users/bookmark", "bookmarks"],
    ["/api/users", "users"],
    [`/api/comments/${SEED_POST}`, "comments"],
  ])("%s", async (path, key) => {
    const all = await unpagedIds(path, key);
    expect(all.length).toBeGreaterThan(5);
    for (const limit of [1, 5, 100]) expect(await walk(path, key, limit)).toEqual([...all].reverse());
    const first = await api.call("GET", `${path}?limit=5`, { token: guest });
    expect(first.body.total).toBe(all.length);
    expect(Object.keys(first.body).sort()).toEqual([key, "next", "total"].sort());
  });

  it("cursor alone pages by 20", async () => {
    const first = await api.call("GET", "/api/posts?limit=3");
    const rest = await api.call("GET", `/api/posts?cursor=${first.body.next}`);
    expect(rest.body.posts).toHaveLength(20);
    expect(rest.body.posts[0]._id).not.toBe(first.body.posts[2]._id);
  });
});

describe("paging stays right while the list changes between pages", () => {
  it("posts added between pages are not repeated and nothing is skipped", async () => {
    await createPosts(30);
    const before = (await unpagedIds("/api/posts", "posts")).reverse();
    const seen = await walk("/api/posts", "posts", 7, () => createPosts(3, "late"));
    expect(seen).toEqual(before);
  });

  it("posts deleted between pages (the cursor's own post included) leave no gap and no duplicate", async () => {
    await createPosts(30);
    const before = (await unpagedIds("/api/posts", "posts")).reverse();
    const deleted = new Set<string>();
    const first = await api.call("GET", "/api/posts?limit=6");
    // Delete the last post of the page (the cursor's) and one further down that is ours.
    const cursorPost = first.body.posts[5]._id;
    const later = before.slice(10).find((id) => api.mock.tables.posts.get(id)!.username === "guest")!;
    for (const id of [cursorPost, later]) {
      expect((await api.call("DELETE", `/api/posts/${id}`, { token: guest })).status).toBe(201);
      deleted.add(id);
    }
    const rest: string[] = [];
    let cursor: string | null = first.body.next;
    while (cursor) {
      const r = await api.call("GET", `/api/posts?limit=6&cursor=${cursor}`);
      rest.push(...r.body.posts.map((p: { _id: string }) => p._id));
      cursor = r.body.next;
    }
    const seen = [...first.body.posts.map((p: { _id: string }) => p._id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before.filter((id) => !deleted.has(id) || id === cursorPost));
  });

  it("bookmarks removed between pages, the cursor's own included, leave no gap", async () => {
    await createPosts(12);
    const posts = (await unpagedIds("/api/posts", "posts")).slice(0, 12);
    for (const id of posts) await api.call("POST", `/api/users/bookmark/${id}`, { token: guest });
    const newestFirst = [...posts].reverse();
    const first = await api.call("GET", "/api/users/bookmark?limit=4", { token: guest });
    expect(first.body.bookmarks.map((p: { _id: string }) => p._id)).toEqual(newestFirst.slice(0, 4));
    await api.call("POST", `/api/users/remove-bookmark/${newestFirst[3]}`, { token: guest });
    const second = await api.call("GET", `/api/users/bookmark?limit=4&cursor=${first.body.next}`, { token: guest });
    expect(second.body.bookmarks.map((p: { _id: string }) => p._id)).toEqual(newestFirst.slice(4, 8));
  });
});

describe("bad paging parameters are a 400 naming the parameter, and change nothing", () => {
  it.each(["0", "101", "abc", "1.5", "", "-1", "1e2", " 5"])("limit=%j", async (limit) => {
    const r = await api.call("GET", `/api/posts?limit=${encodeURIComponent(limit)}`);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(["limit must be a whole number from 1 to 100"]);
  });

  it.each([
    ["empty", ""],
    ["not base64url", "abc$%"],
    ["base64 of junk", Buffer.from("hello").toString("base64url")],
    ["a JSON object", Buffer.from('{"id":"x","at":1}').toString("base64url")],
    ["a negative place", Buffer.from('["x",-4]').toString("base64url")],
    ["very long", "A".repeat(5000)],
  ])("cursor: %s", async (_name, cursor) => {
    for (const path of ["/api/posts", "/api/users", `/api/comments/${SEED_POST}`, "/api/posts/user/guest", "/api/users/bookmark"]) {
      const r = await api.call("GET", `${path}?limit=2&cursor=${encodeURIComponent(cursor)}`, { token: guest });
      expect(r.status, path).toBe(400);
      expect(r.body.errors[0]).toMatch(/^cursor is not valid: /);
    }
  });
});

describe("without paging parameters every answer is exactly the unpaged one", () => {
  it.each(["/api/posts", "/api/users", "/api/posts/user/guest", "/api/users/bookmark", `/api/comments/${SEED_POST}`])(
    "%s",
    async (path) => {
      const r = await api.call("GET", path, { token: guest });
      expect(r.status).toBe(200);
      expect(r.body).not.toHaveProperty("next");
      expect(r.body).not.toHaveProperty("total");
      expect(r.text).toBe((await api.call("GET", `${path}?other=1`, { token: guest })).text);
    },
  );
});

describe("Prefer: return=minimal answers with the one post a mutation changed", () => {
  const minimal = { prefer: "return=minimal" };

  it("like, dislike, create, edit, comment add and delete answer {post}; delete answers {deleted}", async () => {
    const like = await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest, headers: minimal });
    expect(like.status).toBe(201);
    expect(like.headers.get("preference-applied")).toBe("return=minimal");
    expect(Object.keys(like.body)).toEqual(["post"]);
    expect(like.body.post.likes.likedBy.map((u: { username: string }) => u.username)).toContain("guest");

    const dislike = await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token: guest, headers: minimal });
    expect(dislike.body.post._id).toBe(SEED_POST);

    const created = await api.call("POST", "/api/posts", { token: guest, headers: minimal, body: { postData: { content: "small" } } });
    expect(created.status).toBe(201);
    expect(created.body.post.content).toBe("small");
    const id = created.body.post._id;

    const edited = await api.call("POST", `/api/posts/edit/${id}`, {
      token: guest,
      headers: minimal,
      body: { postData: { content: "smaller" } },
    });
    expect(edited.body.post.content).toBe("smaller");

    const commented = await api.call("POST", `/api/comments/add/${id}`, {
      token: guest,
      headers: minimal,
      body: { commentData: { commentVal: "hi" } },
    });
    const commentId = commented.body.post.comments[0]._id;
    const uncommented = await api.call("POST", `/api/comments/delete/${id}/${commentId}`, { token: guest, headers: minimal });
    expect(uncommented.body).toEqual({ post: expect.objectContaining({ _id: id, comments: [] }), comments: [] });

    const deleted = await api.call("DELETE", `/api/posts/${id}`, { token: guest, headers: minimal });
    expect(deleted.status).toBe(201);
    expect(deleted.body).toEqual({ deleted: id });
    expect(api.mock.tables.posts.get(id)).toBeUndefined();
  });

  it("without the header (or with another preference) the answer is every post", async () => {
    for (const headers of [{}, { prefer: "return=representation" }, { prefer: "respond-async" }] as Record<string, string>[]) {
      const r = await api.call("POST", `/api/posts/like/${GUEST_POST_ID}`, { token: guest, headers });
      expect(r.body.posts).toHaveLength(6);
      expect(r.headers.get("preference-applied")).toBeNull();
      await api.call("POST", `/api/posts/dislike/${GUEST_POST_ID}`, { token: guest });
    }
  });

  it("a refused mutation answers its usual error, header or not", async () => {
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    const again = await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest, headers: minimal });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual(["Cannot like a post that is already liked."]);
  });
});

describe("the list answer is rebuilt from cached blocks and never goes stale", () => {
  it("after likes, edits, deletes and inserts across many blocks, GET /api/posts equals a fresh serialization", async () => {
    await createPosts(1200);
    const ids = api.mock.tables.posts.all().map((p) => p._id);
    await api.call("GET", "/api/posts");
    await api.call("POST", `/api/posts/like/${ids[5]}`, { token: guest });
    await api.call("POST", `/api/posts/edit/${ids[700]}`, { token: guest, body: { postData: { content: "edited in block 1" } } });
    await api.call("DELETE", `/api/posts/${ids[1100]}`, { token: guest });
    await api.call("DELETE", `/api/posts/${ids[600]}`, { token: guest });
    await createPosts(2, "fresh");
    const r = await api.call("GET", "/api/posts");
    expect(r.text).toBe(JSON.stringify({ posts: api.mock.tables.posts.all().map((p) => postView(api.mock.tables, p)) }));
    // 1,200 posts through the API first: a few seconds alone, ~40 s on a loaded 2-core machine.
  }, 120_000);
});
