import { postView } from "#mock/data/views";
import { beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#mock/core/errors";
import { GUEST_POST_ID, SEED_POST, makeApi, type Api } from "./client";
import { PNG_URL } from "../fixtures/images";

let api: Api;
let guest: string;
beforeEach(async () => {
  api = await makeApi();
  guest = await api.login("guest");
});

/** A post's likes as answers show them (users joined in). */
const likes = (api: Api, id: string) => postView(api.mock.tables, api.mock.tables.posts.get(id)!).likes;

describe("reading posts", () => {
  it("GET /api/posts lists the six seed posts, oldest first, with the seed like counts", async () => {
    const r = await api.call("GET", "/api/posts");
    expect(r.status).toBe(200);
    expect(r.body.posts.map((p: any) => p.likes.likeCount)).toEqual([790, 999, 800, 2500, 1500, 2800]);
    expect(r.body.posts.every((p: any) => p.comments.length === 0)).toBe(true);
    expect(r.body.posts.some((p: any) => p.postPic)).toBe(true);
    expect(r.body.posts[0]).not.toHaveProperty("id");
  });

  it("GET /api/posts/:id returns one post, or 404 naming the id", async () => {
    expect((await api.call("GET", `/api/posts/${SEED_POST}`)).body.post._id).toBe(SEED_POST);
    const missing = await api.call("GET", "/api/posts/nope");
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toBe(MSG.POST_NOT_FOUND("nope"));
  });

  it("GET /api/posts/user/:username lists that user's posts; an unknown user is 404", async () => {
    const r = await api.call("GET", "/api/posts/user/adasterling");
    expect(r.body.posts.map((p: any) => p.username)).toEqual(["adasterling", "adasterling"]);
    expect((await api.call("GET", "/api/posts/user/ghost")).status).toBe(404);
  });
});

describe("POST /api/posts", () => {
  it("creates a post by the token's user with 0 likes; 201 with every post", async () => {
    const r = await api.call("POST", "/api/posts", {
      token: guest,
      body: { postData: { content: "hello", firstName: "Spoof", userPhoto: "/x.png" } },
    });
    expect(r.status).toBe(201);
    const post = r.body.posts.at(-1);
    expect(post).toMatchObject({
      content: "hello",
      username: "guest",
      firstName: "Guest",
      userPhoto: "/seed/avatar-guest.svg",
      postPic: "",
    });
    expect(post.likes).toEqual({ likeCount: 0, likedBy: [], dislikedBy: [] });
    expect(r.body.posts).toHaveLength(7);
  });

  it("accepts exactly 210 characters and an image as a data URL", async () => {
    const pic = PNG_URL;
    const r = await api.call("POST", "/api/posts", { token: guest, body: { postData: { content: "x".repeat(210), postPic: pic } } });
    expect(r.status).toBe(201);
    expect(r.body.posts.at(-1).postPic).toBe(pic);
  });

  it.each([
    [{}, "postData: postData is required"],
    [{ postData: "text" }, "postData: postData must be an object"],
    [{ postData: {} }, "postData.content: content is required"],
    [{ postData: { content: "   " } }, "postData.content: content is required"],
    [{ postData: { content: "x".repeat(211) } }, "postData.content: content must be at most 210 characters"],
    [{ postData: { content: 5 } }, "postData.content: content must be a string"],
    [{ postData: { content: "ok", postPic: "javascript:alert(1)" } }, "postData.postPic: must be"],
    [{ postData: { content: "ok", postPic: "data:text/html;base64,PHNjcmlwdD4=" } }, "postData.postPic: must be"],
  ])("refuses %j with 400 and changes nothing", async (body, message) => {
    const r = await api.call("POST", "/api/posts", { token: guest, body });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toContain(message);
    expect(api.mock.tables.posts.size).toBe(6);
  });
});

describe("POST /api/posts/edit/:postId", () => {
  it("lets the author edit content; updatedAt is set", async () => {
    const before = api.mock.tables.posts.get(GUEST_POST_ID)!.updatedAt;
    const r = await api.call("POST", `/api/posts/edit/${GUEST_POST_ID}`, { token: guest, body: { postData: { content: "edited" } } });
    expect(r.status).toBe(201);
    const post = r.body.posts.find((p: any) => p._id === GUEST_POST_ID);
    expect(post.content).toBe("edited");
    expect(post.updatedAt).not.toBe(before);
  });

  it("never lets the body overwrite ids, author or likes", async () => {
    await api.call("POST", `/api/posts/edit/${GUEST_POST_ID}`, {
      token: guest,
      body: { postData: { content: "c", _id: "x", username: "adasterling", likes: { likeCount: 1e9 } } },
    });
    expect(api.mock.tables.posts.get(GUEST_POST_ID)).toMatchObject({ _id: GUEST_POST_ID, username: "guest", likes: { likeCount: 800 } });
  });

  it("refuses someone else's post with the CONTRACT §8 text", async () => {
    const r = await api.call("POST", `/api/posts/edit/${SEED_POST}`, { token: guest, body: { postData: { content: "mine now" } } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: [MSG.EDIT_POST_NOT_OWNER] });
    expect(api.mock.tables.posts.get(SEED_POST)!.content).not.toBe("mine now");
  });

  it("404s an unknown post", async () => {
    expect((await api.call("POST", "/api/posts/edit/nope", { token: guest, body: { postData: { content: "x" } } })).status).toBe(404);
  });
});

describe("DELETE /api/posts/:postId", () => {
  it("deletes the author's own post: 201 with the remaining posts, and drops it from bookmarks", async () => {
    const ada = await api.login("adasterling");
    await api.call("POST", `/api/users/bookmark/${GUEST_POST_ID}`, { token: ada });
    const r = await api.call("DELETE", `/api/posts/${GUEST_POST_ID}`, { token: guest });
    expect(r.status).toBe(201);
    expect(r.body.posts.map((p: any) => p._id)).not.toContain(GUEST_POST_ID);
    expect((await api.call("GET", "/api/users/bookmark", { token: ada })).body.bookmarks).toEqual([]);
    expect(api.mock.tables.users.getUnique("adasterling")!.bookmarks).toEqual([]);
  });

  it("refuses someone else's post with the CONTRACT §8 text", async () => {
    const r = await api.call("DELETE", `/api/posts/${SEED_POST}`, { token: guest });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: [MSG.DELETE_POST_NOT_OWNER] });
    expect(api.mock.tables.posts.size).toBe(6);
  });
});

describe("like and dislike (CONTRACT §4)", () => {
  it("like: adds the user to likedBy, count + 1, removes from dislikedBy", async () => {
    await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token: guest });
    expect(likes(api, SEED_POST)).toMatchObject({ likeCount: 789, likedBy: [] });
    const r = await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    expect(r.status).toBe(201);
    expect(likes(api, SEED_POST).likeCount).toBe(790);
    expect(likes(api, SEED_POST).likedBy.map((u) => u.username)).toEqual(["guest"]);
    expect(likes(api, SEED_POST).dislikedBy).toEqual([]);
    expect(JSON.stringify(likes(api, SEED_POST))).not.toMatch(/bookmarks|password/);
  });

  it("refuses a second like with the CONTRACT §8 text and leaves the count", async () => {
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    const r = await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: [MSG.ALREADY_LIKED] });
    expect(likes(api, SEED_POST).likeCount).toBe(791);
  });

  it("dislike: count - 1, removes from likedBy, adds to dislikedBy", async () => {
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    const r = await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token: guest });
    expect(r.status).toBe(201);
    expect(likes(api, SEED_POST)).toMatchObject({ likeCount: 790, likedBy: [] });
    expect(likes(api, SEED_POST).dislikedBy.map((u) => u.username)).toEqual(["guest"]);
  });

  it("refuses a second dislike with the CONTRACT §8 text", async () => {
    await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token: guest });
    const r = await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token: guest });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: [MSG.ALREADY_DISLIKED] });
    expect(likes(api, SEED_POST).likeCount).toBe(789);
  });

  it("refuses to go below 0 likes with the CONTRACT §8 text", async () => {
    const created = await api.call("POST", "/api/posts", { token: guest, body: { postData: { content: "zero" } } });
    const id = created.body.posts.at(-1)._id;
    const r = await api.call("POST", `/api/posts/dislike/${id}`, { token: guest });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: [MSG.LIKES_AT_ZERO] });
    expect(likes(api, id).likeCount).toBe(0);
  });

  it("every change sets updatedAt", async () => {
    let tick = 0;
    const base = new Date("2030-01-01T00:00:00Z").getTime();
    const timed = await makeApi({ now: () => new Date(base + 1000 * tick++) });
    const token = await timed.login("guest");
    const before = timed.mock.tables.posts.get(SEED_POST)!.updatedAt;
    await timed.call("POST", `/api/posts/like/${SEED_POST}`, { token });
    expect(timed.mock.tables.posts.get(SEED_POST)!.updatedAt).not.toBe(before);
  });
});
