// A profile's three tabs (issue 47): GET /api/posts/user/:username with `filter`
// posts (the default, the spec's answer unchanged), media (their posts with a photo)
// or likes (the posts they like, newest post first). Each list comes from the posts'
// own index, so a page never walks every post; likes, dislikes, photo edits, deletes,
// rollbacks and loads keep the index true.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FILTER_MESSAGE } from "#mock/routes/posts";
import { MSG } from "#mock/core/errors";
import { FlakyStore, GUEST_POST_ID, SEED_POST, makeApi, type Api } from "./client";

let api: Api;
let guest: string;
beforeEach(async () => {
  api = await makeApi();
  guest = await api.login("guest");
});
afterEach(() => vi.restoreAllMocks());

type Listed = { _id: string; username: string; postPic: string };
const ids = (posts: Listed[]) => posts.map((p) => p._id);
const list = async (path: string) => (await api.call("GET", path)).body.posts as Listed[];
const like = (id: string, token = guest) => api.call("POST", `/api/posts/like/${id}`, { token, headers: { prefer: "return=minimal" } });

describe("filter=posts, or none: the spec's list, unchanged", () => {
  it("answers exactly as without the parameter, whole and paged", async () => {
    const whole = await api.call("GET", "/api/posts/user/adasterling");
    expect((await api.call("GET", "/api/posts/user/adasterling?filter=posts")).text).toBe(whole.text);
    expect(whole.body.posts.map((p: Listed) => p.username)).toEqual(["adasterling", "adasterling"]);
    const page = await api.call("GET", "/api/posts/user/adasterling?limit=1");
    expect(page.body.total).toBe(2);
    expect(ids(page.body.posts)).toEqual([whole.body.posts[1]._id]);
    const rest = await api.call("GET", `/api/posts/user/adasterling?limit=1&cursor=${page.body.next}`);
    expect(ids(rest.body.posts)).toEqual([whole.body.posts[0]._id]);
    expect(rest.body.next).toBeNull();
  });
});

describe("filter=media", () => {
  it("lists the user's posts with a photo: oldest first whole, newest first in pages", async () => {
    const mine = await list("/api/posts/user/adasterling");
    const withPhoto = mine.filter((p) => p.postPic);
    expect(withPhoto.length).toBeGreaterThan(0);
    expect(ids(await list("/api/posts/user/adasterling?filter=media"))).toEqual(ids(withPhoto));
    const page = await api.call("GET", "/api/posts/user/adasterling?filter=media&limit=20");
    expect(ids(page.body.posts)).toEqual(ids(withPhoto).reverse());
    expect(page.body).toMatchObject({ next: null, total: withPhoto.length });
  });

  it("follows a new post with a photo, a photo removed by an edit, and a deleted post", async () => {
    const without = await api.call("POST", "/api/posts", { token: guest, body: { postData: { content: "words only" } } });
    const withPic = await api.call("POST", "/api/posts", {
      token: guest,
      headers: { prefer: "return=minimal" },
      body: { postData: { content: "by the sea", postPic: "/seed/post-sea.svg", postPicAlt: "The sea" } },
    });
    const id = withPic.body.post._id as string;
    const media = () => list("/api/posts/user/guest?filter=media");
    expect(ids(await media())).toContain(id);
    expect(ids(await media())).not.toContain(without.body.posts.at(-1)._id);
    expect((await media()).every((p) => p.username === "guest" && p.postPic)).toBe(true);
    await api.call("POST", `/api/posts/edit/${id}`, { token: guest, body: { postData: { postPic: "" } } });
    expect(ids(await media())).not.toContain(id);
    await api.call("POST", `/api/posts/edit/${id}`, { token: guest, body: { postData: { postPic: "/seed/post-sea.svg" } } });
    expect(ids(await media()).at(-1)).toBe(id);
    await api.call("DELETE", `/api/posts/${id}`, { token: guest });
    expect(ids(await media())).not.toContain(id);
  });
});

describe("filter=likes", () => {
  it("lists the posts the user likes, newest post first in pages, and drops a disliked one", async () => {
    expect((await api.call("GET", "/api/posts/user/guest?filter=likes&limit=5")).body).toEqual({ posts: [], next: null, total: 0 });
    // Liked out of order: the list goes by the posts' age, not the order of the likes.
    await like(GUEST_POST_ID);
    await like(SEED_POST);
    const page = await api.call("GET", "/api/posts/user/guest?filter=likes&limit=1");
    expect(ids(page.body.posts)).toEqual([GUEST_POST_ID]);
    expect(page.body.total).toBe(2);
    const next = await api.call("GET", `/api/posts/user/guest?filter=likes&limit=1&cursor=${page.body.next}`);
    expect(ids(next.body.posts)).toEqual([SEED_POST]);
    expect(ids(await list("/api/posts/user/guest?filter=likes"))).toEqual([SEED_POST, GUEST_POST_ID]);
    // Another user's likes are theirs alone.
    expect(await list("/api/posts/user/adasterling?filter=likes")).toEqual([]);
    await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token: guest });
    expect(ids(await list("/api/posts/user/guest?filter=likes"))).toEqual([GUEST_POST_ID]);
    await api.call("DELETE", `/api/posts/${GUEST_POST_ID}`, { token: guest });
    expect(await list("/api/posts/user/guest?filter=likes")).toEqual([]);
  });

  it("a like the store refused leaves the list as it was", async () => {
    const store = new FlakyStore();
    api = await makeApi({ store });
    guest = await api.login("guest");
    await like(SEED_POST);
    store.failing = true;
    expect((await like(GUEST_POST_ID)).status).toBe(507);
    store.failing = false;
    expect(ids(await list("/api/posts/user/guest?filter=likes"))).toEqual([SEED_POST]);
  });

  it("holds after the posts are loaded again (another tab's writes, a restore)", async () => {
    await like(SEED_POST);
    const posts = api.mock.tables.posts;
    posts.load([...posts.all()]);
    expect(ids(await list("/api/posts/user/guest?filter=likes"))).toEqual([SEED_POST]);
    expect((await list("/api/posts/user/adasterling?filter=media")).length).toBeGreaterThan(0);
  });
});

describe("bad input", () => {
  it.each(["photos", "", "MEDIA", "likes,media"])("filter=%j is a 400 naming the choices", async (value) => {
    for (const paging of ["", "&limit=5"]) {
      const r = await api.call("GET", `/api/posts/user/guest?filter=${encodeURIComponent(value)}${paging}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ errors: [FILTER_MESSAGE] });
    }
    expect(FILTER_MESSAGE).toBe("filter must be posts, media, likes");
  });

  it("an unknown user is 404 with a filter too; a cursor of one tab cannot page another", async () => {
    const ghost = await api.call("GET", "/api/posts/user/ghost?filter=likes");
    expect(ghost.status).toBe(404);
    expect(ghost.body.errors[0]).toBe(MSG.USER_NOT_FOUND("ghost"));
    const posts = await api.call("GET", "/api/posts/user/adasterling?limit=1");
    const media = await api.call("GET", `/api/posts/user/adasterling?filter=media&limit=1&cursor=${posts.body.next}`);
    expect(media.status).toBe(400);
    expect(media.body.errors[0]).toBe("cursor is not valid: it belongs to another list");
  });
});

describe("at scale", () => {
  it("a page of any tab reads the index, never every post", async () => {
    // Some thousands of posts by the guest, every third with a photo, each liked by the guest.
    for (let i = 0; i < 3000; i++) {
      const r = await api.call("POST", "/api/posts", {
        token: guest,
        headers: { prefer: "return=minimal" },
        body: { postData: { content: `post ${i}`, ...(i % 3 === 0 ? { postPic: "/seed/post-sea.svg" } : {}) } },
      });
      if (i % 2 === 0) await like(r.body.post._id);
    }
    const posts = api.mock.tables.posts;
    const all = vi.spyOn(posts, "all");
    const walk = vi.spyOn(posts, "newestBefore");
    for (const filter of ["posts", "media", "likes"]) {
      let cursor = "";
      for (let n = 0; n < 3; n++) {
        const r = await api.call("GET", `/api/posts/user/guest?filter=${filter}&limit=20${cursor}`);
        expect(r.status).toBe(200);
        expect(r.body.posts).toHaveLength(20);
        cursor = `&cursor=${r.body.next}`;
      }
    }
    expect(all).not.toHaveBeenCalled();
    expect(walk).not.toHaveBeenCalled();
    const totals = await Promise.all(
      ["posts", "media", "likes"].map(async (f) => (await api.call("GET", `/api/posts/user/guest?filter=${f}&limit=1`)).body.total),
    );
    expect(totals).toEqual([3001, 1000, 1500]);
  }, 60_000);
});
