// Bounded growth: records quote users by id, and comments and large photos are
// records of their own, so a 2 MB avatar is stored once and a comment, a follow or a
// bookmark writes a few hundred bytes, however many its owner makes; answers quote
// the avatar by reference (tests/api/photos.test.ts), so they stay small too.
// Speed is in `npm run bench` (tests/bench/growth.ts); this pins the bytes.
import { describe, expect, it } from "vitest";
import { createMock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import type { ChangeSet } from "#mock/core/types";
import { bigPng } from "../fixtures/images";

/** A memory store that counts what each write sends (what the file store's journal line would hold). */
class CountingStore extends MemoryStore {
  written: number[] = [];
  override async commit(changes: ChangeSet) {
    this.written.push(JSON.stringify(changes).length);
    return super.commit(changes);
  }
}

const COMMENTS = 500;

/** A mock on a counting store, and a sender that asks for small answers and expects success. */
async function countingMock() {
  const store = new CountingStore();
  const mock = await createMock({ store, passwordIterations: 1000 });
  const send = async (method: string, url: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = { "content-type": "application/json", prefer: "return=minimal" };
    if (token) headers.authorization = token;
    const r = await mock.dispatch({ method, url, headers, body: JSON.stringify(body) });
    expect(r.status, r.body.slice(0, 200)).toBeLessThan(300);
    return { body: JSON.parse(r.body), bytes: r.body.length };
  };
  return { store, mock, send };
}

describe("a 2 MB avatar and 500 comments by its owner", () => {
  it("add about the avatar plus the comments to the store; no write and no answer carries the avatar again", async () => {
    const { store, mock, send } = await countingMock();
    const storedBytes = async () => JSON.stringify(await store.load()).length;
    const signup = await send("POST", "/api/auth/signup", { username: "bigface", password: "secret-pw", firstName: "Big" });
    const token = signup.body.encodedToken as string;
    const avatar = bigPng(2_000_000);
    const start = await storedBytes();
    store.written = [];
    await send("POST", "/api/users/edit", { userData: { userPhoto: avatar } }, token);
    // The avatar is a photo record of its own: a write of the user's record (a follow, a bookmark) is small.
    const edited = store.written.length;
    await send("POST", "/api/users/follow/guest", {}, token);
    const { post } = (await send("POST", "/api/posts", { postData: { content: "growth" } }, token)).body;
    await send("POST", `/api/users/bookmark/${post._id}`, {}, token);
    // (The follow also writes the ~250-byte notification that tells guest.)
    for (const bytes of store.written.slice(edited)) expect(bytes).toBeLessThan(1_500);
    await send("POST", `/api/posts/like/${post._id}`, {}, token);
    const answers: number[] = [];
    for (let i = 1; i <= COMMENTS; i++)
      answers.push(
        (await send("POST", `/api/comments/add/${post._id}`, { commentData: { commentVal: `comment number ${i}` } }, token)).bytes,
      );
    const grown = (await storedBytes()) - start;

    // The longest comment record as stored: id, its post's id, text, username, no votes yet, two timestamps.
    const comment = Math.max(...(await store.load())!.comments.map((c) => JSON.stringify(c).length + 1));
    expect(comment).toBeLessThan(300);
    expect(grown).toBeGreaterThan(avatar.length);
    expect(grown).toBeLessThan(avatar.length + COMMENTS * comment + 2_000);
    // The edit writes the avatar once; every other write is a few hundred bytes, the 500th like the 1st.
    expect(store.written).toHaveLength(5 + COMMENTS);
    expect(store.written[0]).toBeGreaterThan(avatar.length);
    expect(store.written[0]).toBeLessThan(avatar.length + 2_000);
    // (1,500: the follow also writes the notification that tells guest.)
    for (const [i, bytes] of store.written.slice(1).entries()) expect(bytes, `write ${i + 2}`).toBeLessThan(1_500);
    // Each answer holds the post's comments (the API's shape), each quoting the avatar by a short reference:
    // one more comment adds one comment's bytes, never a photo.
    expect(answers[COMMENTS - 1] - answers[COMMENTS - 2]).toBeLessThan(500);
    expect(answers[COMMENTS - 1]).toBeLessThan(COMMENTS * 500);
    // Still every comment, in order.
    const shown = JSON.parse((await mock.dispatch({ method: "GET", url: `/api/posts/${post._id}`, headers: {}, body: "" })).body).post;
    expect(shown.comments.map((c: { commentVal: string }) => c.commentVal)).toEqual(
      Array.from({ length: COMMENTS }, (_, i) => `comment number ${i + 1}`),
    );
    const answer = JSON.parse((await mock.dispatch({ method: "GET", url: `/api/users/guest`, headers: {}, body: "" })).body).user;
    const ref = answer.followers[0].userPhoto;
    expect(ref).toMatch(/^\/api\/photos\/users\/[^/]+\/userPhoto\?v=\w+$/);
    expect((await mock.dispatch({ method: "GET", url: ref, headers: {}, body: "" })).bytes).toHaveLength(1_500_000);
    await mock.shutdown();
  }, 60_000);
});

describe("a post with a 2 MB picture", () => {
  it("writes the picture once: a content edit writes the small post, and deleting the post removes the picture", async () => {
    const { store, mock, send } = await countingMock();
    const token = (await send("POST", "/api/auth/login", { username: "guest", password: "guest1234" })).body.encodedToken;
    const pic = bigPng(2_000_000, "B");
    store.written = [];
    const { post } = (await send("POST", "/api/posts", { postData: { content: "a big picture", postPic: pic } }, token)).body;
    expect(store.written[0]).toBeGreaterThan(pic.length);
    const photos = (await store.load())!.photos;
    expect(photos.map((p) => p.data)).toEqual([pic]);
    await send("POST", `/api/posts/edit/${post._id}`, { postData: { content: "a big picture, edited" } }, token);
    // Sending the picture back by the reference the answer gave keeps it, unwritten.
    await send("POST", `/api/posts/edit/${post._id}`, { postData: { content: "again", postPic: post.postPic } }, token);
    expect(store.written[1]).toBeLessThan(1_000);
    expect(store.written[2]).toBeLessThan(1_000);
    expect((await store.load())!.photos).toEqual(photos);
    await send("DELETE", `/api/posts/${post._id}`, {}, token);
    expect(store.written[3]).toBeLessThan(1_000);
    expect((await store.load())!.photos).toEqual([]);
    expect(mock.tables.photos.size).toBe(0);
    await mock.shutdown();
  }, 60_000);
});
