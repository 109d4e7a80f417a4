// Paged lists (?limit=N&cursor=C) on the five list routes, and the small answers of Prefer: return=minimal.
import { beforeEach, describe, expect, it } from "vitest";
import { LIMIT_MESSAGE } from "#mock/data/paging";
import { GUEST_POST_ID, SEED_POST, makeApi, type Api } from "./client";

let api: Api;
let guest: string;
beforeEach(async () => {
  api = await makeApi();
  guest = await api.login("guest");
});

const ids = (list: { _id: string }[]) => list.map((item) => item._id);
const join = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

/** Follows `next` to the end; `between` runs after each page (writes between pages). */
async function pageAll(
  path: string,
  key: string,
  limit: number,
  options: { token?: string; between?: (page: number) => Promise<void> } = {},
) {
  const seen: any[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const query: string = cursor === null ? `limit=${limit}` : `limit=${limit}&cursor=${cursor}`;
    const r = await api.call("GET", join(path, query), { token: options.token });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([key, "next", "total"].sort());
    expect(r.body[key].length).toBeLessThanOrEqual(limit);
    seen.push(...r.body[key]);
    cursor = r.body.next;
    if (cursor === null) return seen;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    await options.between?.(page);
  }
  throw new Error("paging did not end");
}

/** The five list routes: path, the answer's key, and whether it needs the guest's token. */
const LISTS: [string, string, boolean][] = [
  ["/api/posts", "posts", false],
  ["/api/posts/user/guest", "posts", false],
  ["/api/users/bookmark", "bookmarks", true],
  ["/api/users", "users", false],
  [`/api/comments/${SEED_POST}`, "comments", false],
];

const addPosts = async (n: number, token = guest) => {
  const made: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await api.call("POST", "/api/posts", {
      token,
      body: { postData: { content: `post ${i}` } },
      headers: { prefer: "return=minimal" },
    });
    made.push(r.body.post._id);
  }
  return made;
};
const addComments = async (postId: string, n: number) => {
  for (let i = 0; i < n; i++)
    await api.call("POST", `/api/comments/add/${postId}`, { token: guest, body: { commentData: { commentVal: `c${i}` } } });
  return (await api.call("GET", `/api/comments/${postId}`)).body.comments as { _id: string }[];
};
const bookmarkAll = async (postIds: string[]) => {
  for (const id of postIds) expect((await api.call("POST", `/api/users/bookmark/${id}`, { token: guest })).status).toBe(200);
};

describe("paging every list route to the end", () => {
  it.each([1, 2, 3, 7, 100])("gives the unpaged list reversed (limit %i)", async (limit) => {
    await addPosts(9);
    const posts = (await api.call("GET", "/api/posts")).body.posts;
    await bookmarkAll([posts[2]._id, posts[0]._id, posts[10]._id, posts[5]._id]);
    await addComments(SEED_POST, 8);
    await api.signup("pager1");
    await api.signup("pager2");
    for (const [path, key, authed] of LISTS) {
      const token = authed ? guest : undefined;
      const whole = (await api.call("GET", path, { token })).body[key];
      expect(whole.length, path).toBeGreaterThan(3);
      const paged = await pageAll(path, key, limit, { token });
      expect(paged, path).toEqual([...whole].reverse());
    }
  });

  it("answers total (the whole list now) and next: null on the last page; cursor alone means 20", async () => {
    await addPosts(25);
    const first = await api.call("GET", "/api/posts?limit=10");
    expect(first.body.total).toBe(31);
    expect(first.body.posts).toHaveLength(10);
    const rest = await api.call("GET", `/api/posts?cursor=${first.body.next}`);
    expect(rest.body.posts).toHaveLength(20);
    expect(rest.body.next).not.toBeNull();
    const last = await api.call("GET", `/api/posts?cursor=${rest.body.next}`);
    expect(last.body.posts).toHaveLength(1);
    expect(last.body.next).toBeNull();
    const exact = await api.call("GET", "/api/posts?limit=31");
    expect(exact.body.next).toBeNull();
    const empty = await api.call("GET", "/api/comments/" + SEED_POST + "?limit=5");
    expect(empty.body).toEqual({ comments: [], next: null, total: 0 });
  });

  it("paged posts carry the same JSON as the unpaged list", async () => {
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    const whole = (await api.call("GET", "/api/posts")).body.posts;
    const page = (await api.call("GET", "/api/posts?limit=100")).body.posts;
    expect(page).toEqual([...whole].reverse());
  });
});

describe("writes between pages: no duplicates, no gaps", () => {
  const expectExactly = (seen: { _id: string }[], expected: string[]) => {
    expect(new Set(ids(seen)).size).toBe(seen.length);
    expect(ids(seen).sort()).toEqual([...expected].sort());
  };

  it("posts: new posts and deleting the cursor's own post between pages", async () => {
    const mine = await addPosts(20);
    const before = ids((await api.call("GET", "/api/posts")).body.posts);
    const deleted: string[] = [];
    const seen = await pageAll("/api/posts", "posts", 4, {
      async between(page) {
        await addPosts(2);
        // The last post sent (the cursor's item) and one not yet sent.
        const victims = [mine[mine.length - 4 * (page + 1)], mine[Math.max(0, mine.length - 4 * (page + 1) - 3)]];
        for (const id of victims) {
          if (!id || deleted.includes(id)) continue;
          expect((await api.call("DELETE", `/api/posts/${id}`, { token: guest, headers: { prefer: "return=minimal" } })).status).toBe(201);
          deleted.push(id);
        }
      },
    });
    const sentBeforeDelete = new Set(ids(seen));
    // Every post that existed at page 1 and was not deleted came exactly once; deleted ones at most once.
    const expected = before.filter((id) => !deleted.includes(id) || sentBeforeDelete.has(id));
    expectExactly(seen, expected);
  });

  it("a user's posts, with other users' posts added between pages", async () => {
    await addPosts(9);
    const ada = await api.login("adasterling");
    const before = ids((await api.call("GET", "/api/posts/user/guest")).body.posts);
    const seen = await pageAll("/api/posts/user/guest", "posts", 2, { between: async () => void (await addPosts(1, ada)) });
    expect(ids(seen)).toEqual([...before].reverse());
  });

  it("users: signups between pages never show up on later pages", async () => {
    for (let i = 0; i < 6; i++) await api.signup(`early${i}`);
    const before = ids((await api.call("GET", "/api/users")).body.users);
    let n = 0;
    const seen = await pageAll("/api/users", "users", 3, { between: async () => void (await api.signup(`late${n++}`)) });
    expect(ids(seen)).toEqual([...before].reverse());
  });

  it("comments: deleting the cursor's comment, the whole page and the next ones still resumes at the right place", async () => {
    const comments = await addComments(SEED_POST, 20);
    const all = ids(comments);
    const first = await api.call("GET", `/api/comments/${SEED_POST}?limit=5`);
    expect(ids(first.body.comments)).toEqual(all.slice(15).reverse());
    // The whole first page and the next two comments go; two new ones arrive.
    for (const id of [...all.slice(15), ...all.slice(13, 15)]) {
      expect((await api.call("POST", `/api/comments/delete/${SEED_POST}/${id}`, { token: guest })).status).toBe(201);
    }
    await addComments(SEED_POST, 2);
    const second = await api.call("GET", `/api/comments/${SEED_POST}?limit=5&cursor=${first.body.next}`);
    expect(ids(second.body.comments)).toEqual(all.slice(8, 13).reverse());
    expect(second.body.total).toBe(15);
  });

  it("comments: deleting only the cursor's own comment resumes right after it", async () => {
    const all = ids(await addComments(SEED_POST, 10));
    const first = await api.call("GET", `/api/comments/${SEED_POST}?limit=4`);
    await api.call("POST", `/api/comments/delete/${SEED_POST}/${all[6]}`, { token: guest });
    const second = await api.call("GET", `/api/comments/${SEED_POST}?limit=4&cursor=${first.body.next}`);
    expect(ids(second.body.comments)).toEqual(all.slice(2, 6).reverse());
  });

  it("bookmarks: removing and adding bookmarks between pages", async () => {
    const made = await addPosts(12);
    await bookmarkAll(made);
    const first = await api.call("GET", "/api/users/bookmark?limit=4", { token: guest });
    expect(ids(first.body.bookmarks)).toEqual(made.slice(8).reverse());
    for (const id of [made[8], made[6], made[11]]) await api.call("POST", `/api/users/remove-bookmark/${id}`, { token: guest });
    await bookmarkAll([GUEST_POST_ID]);
    const rest: { _id: string }[] = [];
    let cursor = first.body.next;
    while (cursor) {
      const r = await api.call("GET", `/api/users/bookmark?limit=4&cursor=${cursor}`, { token: guest });
      rest.push(...r.body.bookmarks);
      cursor = r.body.next;
    }
    expect(ids(rest)).toEqual([7, 5, 4, 3, 2, 1, 0].map((i) => made[i]));
  });

  it("bookmarks: the page's last bookmark taken back and made again between pages sends nothing twice", async () => {
    const made = await addPosts(6);
    await bookmarkAll(made);
    const first = await api.call("GET", "/api/users/bookmark?limit=2", { token: guest });
    expect(ids(first.body.bookmarks)).toEqual([made[5], made[4]]);
    // made[4] now sits at the newest end of the list, past where the cursor left it: it is no anchor.
    await api.call("POST", `/api/users/remove-bookmark/${made[4]}`, { token: guest });
    await bookmarkAll([made[4]]);
    const second = await api.call("GET", `/api/users/bookmark?limit=2&cursor=${first.body.next}`, { token: guest });
    expect(ids(second.body.bookmarks)).toEqual([made[3], made[2]]);
  });

  it("bookmarks: the page's anchors all taken back and one made again sends nothing twice", async () => {
    const made = await addPosts(10);
    await bookmarkAll(made);
    const first = await api.call("GET", "/api/users/bookmark?limit=5", { token: guest });
    expect(ids(first.body.bookmarks)).toEqual(made.slice(5).reverse());
    for (const id of made.slice(5, 9)) await api.call("POST", `/api/users/remove-bookmark/${id}`, { token: guest });
    await bookmarkAll([made[5]]);
    const second = await api.call("GET", `/api/users/bookmark?limit=5&cursor=${first.body.next}`, { token: guest });
    expect(ids(second.body.bookmarks)).toEqual(made.slice(0, 5).reverse());
  });

  it("followers: the page's last follower unfollowing and following again between pages sends nothing twice", async () => {
    const names = ["f1", "f2", "f3", "f4", "f5", "f6"];
    const tokens = new Map<string, string>();
    for (const name of names) {
      tokens.set(name, await api.signup(name));
      await api.call("POST", "/api/users/follow/guest", { token: tokens.get(name) });
    }
    const page = (cursor?: string) => api.call("GET", `/api/users/followers/guest?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
    const first = await page();
    expect(first.body.users.map((u: { username: string }) => u.username)).toEqual(["f6", "f5"]);
    await api.call("POST", "/api/users/unfollow/guest", { token: tokens.get("f5") });
    await api.call("POST", "/api/users/follow/guest", { token: tokens.get("f5") });
    const second = await page(first.body.next);
    expect(second.body.users.map((u: { username: string }) => u.username)).toEqual(["f4", "f3"]);
  });

  it("a reload of unchanged data keeps cursors; after an import a cursor resumes at its post", async () => {
    await addPosts(10);
    const all = ids((await api.call("GET", "/api/posts")).body.posts).reverse();
    const first = await api.call("GET", "/api/posts?limit=3");
    await api.mock.reload();
    const second = await api.call("GET", `/api/posts?limit=3&cursor=${first.body.next}`);
    expect(ids(second.body.posts)).toEqual(all.slice(3, 6));
    await api.mock.importData(api.mock.exportData());
    const third = await api.call("GET", `/api/posts?limit=3&cursor=${second.body.next}`);
    expect(ids(third.body.posts)).toEqual(all.slice(6, 9));
  });

  it("a reset keeps cursors of posts that survive it; an import in another order without the cursor's post is a 400", async () => {
    const seeds = ids((await api.call("GET", "/api/posts")).body.posts);
    await addPosts(10);
    const first = await api.call("GET", "/api/posts?limit=12");
    await api.mock.reset();
    // The reset left the six seed posts: the page after the 12 newest holds what is older and still there.
    const after = await api.call("GET", `/api/posts?limit=3&cursor=${first.body.next}`);
    expect(after.status).toBe(200);
    expect(ids(after.body.posts)).toEqual(seeds.slice(1, 4).reverse());
    await addPosts(5);
    const page = await api.call("GET", "/api/posts?limit=3");
    const file = api.mock.exportData();
    const cursorPost = page.body.posts[2]._id;
    file.data.posts = file.data.posts.filter((p: { _id: string }) => p._id !== cursorPost).reverse();
    await api.mock.importData(file);
    const r = await api.call("GET", `/api/posts?limit=3&cursor=${page.body.next}`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatch(/^cursor is not valid: the list was replaced/);
  });
});

describe("bad paging parameters", () => {
  const lists = LISTS.map(([path]) => path);

  it.each(["0", "101", "abc", "1.5", "", "-1", "1e1", " 5", "99999999999999999999"])(
    "limit=%j is a 400 naming limit, on every list",
    async (limit) => {
      for (const path of lists) {
        const r = await api.call("GET", `${path}?limit=${encodeURIComponent(limit)}`, { token: guest });
        expect(r.status, path).toBe(400);
        expect(r.body).toEqual({ errors: [LIMIT_MESSAGE] });
      }
    },
  );

  const b64 = (text: string) => Buffer.from(text).toString("base64url");
  it.each([
    ["empty", ""],
    ["garbled", "not a cursor!"],
    ["not base64 JSON", b64("hello")],
    ["JSON of the wrong shape", b64(JSON.stringify({ k: "posts", s: -1 }))],
    ["extra fields", b64(JSON.stringify({ k: "posts", g: 0, s: 1, id: "x", more: 1 }))],
    ["a huge string", "A".repeat(10_000)],
    ["invalid UTF-8", Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url")],
  ])("a %s cursor is a 400 naming cursor, on every list", async (_name, cursor) => {
    for (const path of lists) {
      const r = await api.call("GET", `${path}?cursor=${encodeURIComponent(cursor)}`, { token: guest });
      expect(r.status, path).toBe(400);
      expect(r.body.errors[0]).toMatch(/^cursor is not valid: /);
    }
  });

  it("a cursor of one list is refused on another (posts on users, one post's comments on another's)", async () => {
    await addPosts(5);
    const posts = await api.call("GET", "/api/posts?limit=2");
    const onUsers = await api.call("GET", `/api/users?cursor=${posts.body.next}`);
    expect(onUsers.status).toBe(400);
    expect(onUsers.body.errors[0]).toBe("cursor is not valid: it belongs to another list");
    const onAda = await api.call("GET", `/api/posts/user/adasterling?cursor=${posts.body.next}`);
    expect(onAda.status).toBe(400);
    await addComments(SEED_POST, 3);
    const comments = await api.call("GET", `/api/comments/${SEED_POST}?limit=1`);
    expect((await api.call("GET", `/api/comments/${GUEST_POST_ID}?cursor=${comments.body.next}`)).status).toBe(400);
  });

  it("without limit or cursor every answer keeps its shape (no next, no total); other parameters change nothing", async () => {
    for (const [path, key, authed] of LISTS) {
      const token = authed ? guest : undefined;
      const plain = await api.call("GET", path, { token });
      expect(Object.keys(plain.body), path).toEqual([key]);
      const other = await api.call("GET", `${path}?page=2&sort=x`, { token });
      expect(other.text, path).toBe(plain.text);
    }
    const posts = (await api.call("GET", "/api/posts")).body.posts;
    expect(posts.map((p: any) => p.likes.likeCount)).toEqual([790, 999, 800, 2500, 1500, 2800]);
  });
});

describe("Prefer: return=minimal", () => {
  const minimal = { prefer: "return=minimal" };
  const expectMinimal = (r: { status: number; headers: Headers }, status = 201) => {
    expect(r.status).toBe(status);
    expect(r.headers.get("preference-applied")).toBe("return=minimal");
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
  };

  it("like, dislike, create and edit answer {post} with the changed post", async () => {
    const liked = await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest, headers: minimal });
    expectMinimal(liked);
    expect(Object.keys(liked.body)).toEqual(["post"]);
    expect(liked.body.post).toEqual((await api.call("GET", `/api/posts/${SEED_POST}`)).body.post);
    expect(liked.body.post.likes.likeCount).toBe(791);

    const disliked = await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token: guest, headers: minimal });
    expectMinimal(disliked);
    expect(disliked.body.post.likes.likeCount).toBe(790);

    const made = await api.call("POST", "/api/posts", { token: guest, body: { postData: { content: "small" } }, headers: minimal });
    expectMinimal(made);
    expect(made.body.post).toMatchObject({ content: "small", username: "guest" });
    expect(api.mock.tables.posts.get(made.body.post._id)).toBeDefined();

    const edited = await api.call("POST", `/api/posts/edit/${made.body.post._id}`, {
      token: guest,
      body: { postData: { content: "smaller" } },
      headers: minimal,
    });
    expectMinimal(edited);
    expect(edited.body).toEqual({ post: { ...made.body.post, content: "smaller", updatedAt: edited.body.post.updatedAt } });
  });

  it("comment add answers {post}; comment delete {post, comments}; post delete {deleted}", async () => {
    const added = await api.call("POST", `/api/comments/add/${GUEST_POST_ID}`, {
      token: guest,
      body: { commentData: { commentVal: "hi" } },
      headers: minimal,
    });
    expectMinimal(added);
    expect(Object.keys(added.body)).toEqual(["post"]);
    const comment = added.body.post.comments[0];
    expect(comment.commentVal).toBe("hi");

    const removed = await api.call("POST", `/api/comments/delete/${GUEST_POST_ID}/${comment._id}`, { token: guest, headers: minimal });
    expectMinimal(removed);
    expect(Object.keys(removed.body)).toEqual(["post", "comments"]);
    expect(removed.body.comments).toEqual([]);
    expect(removed.body.post.comments).toEqual([]);

    const gone = await api.call("DELETE", `/api/posts/${GUEST_POST_ID}`, { token: guest, headers: minimal });
    expectMinimal(gone);
    expect(gone.body).toEqual({ deleted: GUEST_POST_ID });
    expect(api.mock.tables.posts.get(GUEST_POST_ID)).toBeUndefined();
  });

  it("is read among other preferences and in any case; other return values and no header give the whole list", async () => {
    const mixed = await api.call("POST", `/api/posts/like/${SEED_POST}`, {
      token: guest,
      headers: { prefer: "respond-async, Return=Minimal; x=1" },
    });
    expectMinimal(mixed);
    const full = await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token: guest, headers: { prefer: "return=representation" } });
    expect(full.status).toBe(201);
    expect(full.headers.get("preference-applied")).toBeNull();
    expect(Object.keys(full.body)).toEqual(["posts"]);
    const plain = await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    expect(plain.headers.get("preference-applied")).toBeNull();
    expect(plain.body.posts).toHaveLength(6);
  });

  it("refusals stay the same errors with the header", async () => {
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    const again = await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest, headers: minimal });
    expect(again.status).toBe(400);
    expect(again.headers.get("preference-applied")).toBeNull();
    expect(again.body.errors).toHaveLength(1);
  });
});
