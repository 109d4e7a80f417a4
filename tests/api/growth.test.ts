// Bounded growth: records quote users by id, so a 2 MB avatar is stored once,
// however many comments, likes and follows its owner makes. Speed is in
// `npm run bench` (tests/bench/growth.ts); this pins the bytes.
//
// Answers still carry the photo wherever the owner is quoted (the API's shape):
// a post holding k comments by that owner answers with k copies, so the 500
// comments go to posts of 20, and a photo one post would quote past what an
// answer can hold is refused (tests/api/answer-size.test.ts).
import { describe, expect, it } from "vitest";
import { createMock } from "#mock/create-mock";
import { MemoryStore } from "#mock/store/memory";
import type { ChangeSet } from "#mock/types";

/** A memory store that counts what each write sends (what the file store's journal line would hold). */
class CountingStore extends MemoryStore {
  written: number[] = [];
  override async commit(changes: ChangeSet) {
    this.written.push(JSON.stringify(changes).length);
    return super.commit(changes);
  }
}

const COMMENTS = 500;
const AFTER = 10;
const PER_POST = 20;

describe("a 2 MB avatar and 500 comments by its owner", () => {
  it("add about the avatar plus the comments to the store, and no write carries the avatar again", async () => {
    const store = new CountingStore();
    const mock = await createMock({ store, passwordIterations: 1000 });
    const storedBytes = async () => JSON.stringify(await store.load()).length;
    const send = async (method: string, url: string, body: unknown, token?: string) => {
      const headers: Record<string, string> = { "content-type": "application/json", prefer: "return=minimal" };
      if (token) headers.authorization = token;
      const r = await mock.dispatch({ method, url, headers, body: JSON.stringify(body) });
      expect(r.status, r.body.slice(0, 200)).toBeLessThan(300);
      return JSON.parse(r.body);
    };
    const { encodedToken: token } = await send("POST", "/api/auth/signup", {
      username: "bigface",
      password: "secret-pw",
      firstName: "Big",
    });
    const { post } = await send("POST", "/api/posts", { postData: { content: "growth" } }, token);
    await send("POST", `/api/posts/like/${post._id}`, {}, token);
    await send("POST", "/api/users/follow/guest", {}, token);
    const start = await storedBytes();
    store.written = [];
    // Spread over posts of PER_POST comments: one post's answer quotes its commenters' photos once per
    // comment, and a 2 MB photo quoted 500 times in one answer (1 GB) is refused (tests/api/answer-size.test.ts).
    const posts = [post._id];
    for (let i = 1; i <= COMMENTS; i++) {
      if (i > 1 && (i - 1) % PER_POST === 0)
        posts.push((await send("POST", "/api/posts", { postData: { content: `growth ${i}` } }, token)).post._id);
      await send("POST", `/api/comments/add/${posts.at(-1)}`, { commentData: { commentVal: `comment number ${i}` } }, token);
    }
    const avatar = `data:image/png;base64,${"A".repeat(2_000_000)}`;
    await send("POST", "/api/users/edit", { userData: { userPhoto: avatar } }, token);
    // On another post: this one's answer would quote the new avatar 500 times.
    const { post: other } = await send("POST", "/api/posts", { postData: { content: "later" } }, token);
    for (let i = 1; i <= AFTER; i++)
      await send("POST", `/api/comments/add/${other._id}`, { commentData: { commentVal: `after ${i}` } }, token);
    const grown = (await storedBytes()) - start;

    // The longest comment record as stored: id, its post's id, text, username, no votes yet, two timestamps.
    const comment = Math.max(
      ...(await store.load())!.comments.filter((c) => c.postId === post._id).map((c) => JSON.stringify(c).length + 1),
    );
    expect(comment).toBeLessThan(300);
    // New posts: the growth posts after the first, and the one written after the avatar.
    expect(grown).toBeGreaterThan(avatar.length);
    expect(grown).toBeLessThan(avatar.length + (COMMENTS + AFTER) * comment + posts.length * 400 + 2_000);
    // Each write holds one post and one comment (or the user, for the edit), never the avatar again.
    expect(store.written).toHaveLength(COMMENTS + (posts.length - 1) + 2 + AFTER);
    const edit = store.written.findIndex((bytes) => bytes > avatar.length);
    expect(edit).toBe(COMMENTS + posts.length - 1);
    expect(store.written[edit]).toBeLessThan(avatar.length + 2_000);
    store.written.forEach((bytes, i) => {
      if (i !== edit) expect(bytes, `write ${i + 1}`).toBeLessThan(Math.max(PER_POST, AFTER) * comment + 1_000);
    });
    // Answers quote the photo by reference (tests/api/photos.test.ts), which gives the avatar back.
    const answer = JSON.parse((await mock.dispatch({ method: "GET", url: `/api/users/guest`, headers: {}, body: "" })).body).user;
    const ref = answer.followers[0].userPhoto;
    expect(ref).toMatch(/^\/api\/photos\/users\/[^/]+\/userPhoto\?v=\w+$/);
    expect((await mock.dispatch({ method: "GET", url: ref, headers: {}, body: "" })).bytes).toHaveLength(1_500_000);
    await mock.shutdown();
  }, 60_000);
});

describe("one post's 500th comment", () => {
  it("writes about what its first did: the comment and the post, never the post's other comments", async () => {
    const store = new CountingStore();
    const mock = await createMock({ store, passwordIterations: 1000 });
    const send = async (method: string, url: string, body: unknown, token?: string) => {
      const headers: Record<string, string> = { "content-type": "application/json", prefer: "return=minimal" };
      if (token) headers.authorization = token;
      const r = await mock.dispatch({ method, url, headers, body: JSON.stringify(body) });
      expect(r.status, r.body.slice(0, 200)).toBeLessThan(300);
      return JSON.parse(r.body);
    };
    const { encodedToken: token } = await send("POST", "/api/auth/login", { username: "guest", password: "guest1234" });
    const { post } = await send("POST", "/api/posts", { postData: { content: "a busy post" } }, token);
    store.written = [];
    for (let i = 1; i <= COMMENTS; i++)
      await send("POST", `/api/comments/add/${post._id}`, { commentData: { commentVal: `comment number ${i}` } }, token);
    expect(store.written).toHaveLength(COMMENTS);
    const [first, last] = [store.written[0], store.written[COMMENTS - 1]];
    // Version 2 wrote the post with every comment: ~100 kB for the 500th. Now one comment and the post.
    expect(last).toBeLessThanOrEqual(first * 2);
    expect(Math.max(...store.written)).toBeLessThan(1_000);
    // The answer still carries every comment, in order.
    const { post: shown } = await send("POST", `/api/comments/add/${post._id}`, { commentData: { commentVal: "one more" } }, token);
    expect(shown.comments).toHaveLength(COMMENTS + 1);
    expect(shown.comments[0].commentVal).toBe("comment number 1");
    await mock.shutdown();
  }, 60_000);
});
