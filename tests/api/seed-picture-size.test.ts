// The seed's pictures come with their size (postPicSize), as an upload's do, so a
// fresh app's cards keep each picture's shape before it loads and the feed does not
// jump: the spec's six posts, the generated data sets (benchmarks, e2e) and
// `mockman seed`'s. The sizes are the shipped files' own (their viewBox).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { realisticData } from "#cli/seed-data";
import { generateData, SEED_PICTURES, SEED_POSTS } from "#mock/data/seed";
import type { PostRecord } from "#mock/core/types";
import { makeApi } from "./client";

/** A shipped picture's size as its file says (app/public/seed/, whose viewBox starts at 0 0). */
function fileSize(path: string) {
  const svg = readFileSync(new URL(`../../app/public${path}`, import.meta.url), "utf8");
  const [, width, height] = svg.match(/<svg[^>]*\sviewBox="0 0 (\d+) (\d+)"/)!;
  return { width: Number(width), height: Number(height) };
}

/** Every post with a picture carries that picture's size, every post without one none; and some have one. */
function expectSizes(posts: Pick<PostRecord, "postPic" | "postPicSize">[]) {
  for (const p of posts) {
    if (p.postPic) expect(p.postPicSize, p.postPic).toEqual(fileSize(p.postPic));
    else expect(p).not.toHaveProperty("postPicSize");
  }
  expect(posts.filter((p) => p.postPic).length).toBeGreaterThan(0);
}

describe("the seed's picture sizes", () => {
  it("are the shipped files' own", () => {
    for (const [path, size] of Object.entries(SEED_PICTURES)) expect(size, path).toEqual(fileSize(path));
    // Every picture the seed uses is one of them.
    expect(SEED_POSTS.filter((p) => p.pic && !(p.pic in SEED_PICTURES))).toEqual([]);
  });

  it("come with the spec's seeded posts, in every answer that holds them", async () => {
    const api = await makeApi();
    const { posts } = (await api.call("GET", "/api/posts")).body;
    expect(posts).toHaveLength(SEED_POSTS.length);
    expect(posts.filter((p: PostRecord) => p.postPic)).toHaveLength(3);
    expectSizes(posts);
    const one = posts.find((p: PostRecord) => p.postPic);
    expect((await api.call("GET", `/api/posts/${one._id}`)).body.post.postPicSize).toEqual(one.postPicSize);
  });

  it("come with the generated data sets and `mockman seed`'s, deterministic as before", async () => {
    const opts = { users: 20, posts: 300, seed: 7, iterations: 1000 };
    const generated = await generateData(opts);
    expectSizes(generated.posts);
    const realistic = await realisticData(opts);
    expectSizes(realistic.posts);
    // The sizes draw nothing from the seed's random numbers: the same seed still gives the same posts.
    expect((await realisticData(opts)).posts.map((p) => [p._id, p.postPic])).toEqual(realistic.posts.map((p) => [p._id, p.postPic]));
  });
});
