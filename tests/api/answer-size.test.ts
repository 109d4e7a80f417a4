// Answers quote users' photos (each comment, like and vote carries its author's),
// so a few hundred quotes of a large data-URL photo pass the largest string V8
// can build (~512 M characters). Such a change is refused and undone (422) instead
// of breaking every later read with a 500; a photo change that would get there
// is refused before it is made.
import { describe, expect, it } from "vitest";
import { toExportFile } from "#mock/export-file";
import { MSG } from "#mock/errors";
import { makeApi, SEED_POST } from "./client";
import type { Snapshot } from "#mock/types";

const photo = (chars: number) => `data:image/png;base64,${"A".repeat(chars)}`;

/** The seed data plus one post by `big` with `quotes` comments by `big`, whose photo is `photoChars` long. */
async function apiWithQuotedPhoto(quotes: number, photoChars: number) {
  const api = await makeApi();
  const signup = await api.call("POST", "/api/auth/signup", { body: { username: "big", password: "pw-big-1", firstName: "Big" } });
  const data = structuredClone(api.mock.exportData().data) as Snapshot;
  const big = data.users.find((u) => u.username === "big")!;
  big.userPhoto = photo(photoChars);
  const now = new Date().toISOString();
  data.posts.push({
    _id: "quoting-post",
    content: "quoted a lot",
    postPic: "",
    username: "big",
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    createdAt: now,
    updatedAt: now,
  });
  for (let i = 0; i < quotes; i++)
    data.comments.push({
      _id: `c${i}`,
      postId: "quoting-post",
      commentVal: `comment ${i}`,
      username: "big",
      votes: { upvotedBy: [], downvotedBy: [] },
      createdAt: now,
      updatedAt: now,
    });
  await api.mock.importData(toExportFile(data));
  return { api, token: signup.body.encodedToken as string };
}

describe("answers too large to build", () => {
  it("a like whose answer would pass the limit is refused with 422 and undone, and reads still answer", async () => {
    // 1,000 quotes of a 600,000-character photo: 600 M characters.
    const { api, token } = await apiWithQuotedPhoto(1000, 600_000);
    const like = await api.call("POST", "/api/posts/like/quoting-post", { token, headers: { prefer: "return=minimal" } });
    expect(like.status).toBe(422);
    expect(like.body.errors).toEqual([MSG.ANSWER_TOO_LARGE]);
    expect(api.mock.tables.posts.get("quoting-post")!.likes.likeCount).toBe(0);
    // Other posts take likes as before; the whole list, which holds the big one, says why it cannot answer.
    const other = await api.call("POST", `/api/posts/like/${SEED_POST}`, { token, headers: { prefer: "return=minimal" } });
    expect(other.status).toBe(201);
    const list = await api.call("GET", "/api/posts");
    expect(list.status).toBe(422);
    expect(list.body.errors).toEqual([MSG.ANSWER_TOO_LARGE]);
    await api.mock.shutdown();
  });

  it("a larger photo that would take a post's answer past the limit is refused before it is made", async () => {
    const { api, token } = await apiWithQuotedPhoto(1000, 10);
    const before = api.mock.tables.users.getUnique("big")!.userPhoto;
    const edit = await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto: photo(300_000) } } });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual([MSG.PHOTO_TOO_LARGE_FOR_POSTS]);
    expect(api.mock.tables.users.getUnique("big")!.userPhoto).toBe(before);
    // A photo the posts can carry is taken.
    expect((await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto: photo(100_000) } } })).status).toBe(201);
    await api.mock.shutdown();
  });

  it("a refusal changes nothing even when its handler had started: every 4xx and 5xx is undone", async () => {
    const { api, token } = await apiWithQuotedPhoto(1000, 600_000);
    const comment = await api.call("POST", "/api/comments/add/quoting-post", {
      token,
      headers: { prefer: "return=minimal" },
      body: { commentData: { comment: { commentVal: "one more" } } },
    });
    expect(comment.status).toBe(422);
    expect(api.mock.tables.comments.of("quoting-post")).toHaveLength(1000);
    await api.mock.shutdown();
  });
});
