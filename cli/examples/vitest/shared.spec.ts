// Against the run's server (globalSetup): read its URL with inject, reset before each test.
import { beforeEach, expect, inject, it } from "vitest";

const api = inject("mockmanUrl");
beforeEach(async () => {
  await fetch(`${api}/__mockman/reset`, { method: "POST" });
});

it("reads the seed's posts", async () => {
  const { posts } = (await (await fetch(`${api}/api/posts`)).json()) as { posts: unknown[] };
  expect(posts).toHaveLength(6);
});
