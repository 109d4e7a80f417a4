// An answer is built as one string, and V8 builds none past ~512 M characters.
// Large photos leave by reference (tests/api/photos.test.ts), but a user whose id
// no URL path carries plainly (imported data) keeps an inline photo, and enough
// quotes of it pass the limit: such a change is refused and undone (422) instead
// of breaking every later read with a 500.
import { describe, expect, it } from "vitest";
import { toExportFile } from "#mock/data/export-file";
import { MSG } from "#mock/core/errors";
import { makeApi, SEED_POST } from "./client";
import type { Snapshot } from "#mock/core/types";
import { bigPng } from "../fixtures/images";

const photo = (chars: number) => bigPng(chars);

/**
 * The seed data plus an imported user `big` (an id with "@", so its photo stays inline)
 * whose photo is `photoChars` long, and one post by `big` with `quotes` comments by `big`.
 */
async function apiWithQuotedPhoto(quotes: number, photoChars: number) {
  const api = await makeApi();
  await api.signup("big");
  const data = structuredClone(api.mock.exportData().data) as Snapshot;
  const big = data.users.find((u) => u.username === "big")!;
  big._id = "big@imported";
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
  return { api, token: await api.login("guest") };
}

// Each case builds answers near the size limit (tens of MB): seconds alone, 20-40 s on a loaded 2-core machine.
describe("answers too large to build", { timeout: 120_000 }, () => {
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
