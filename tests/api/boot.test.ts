// What a boot reads from the store: checked for shape (cheaply, every boot) and
// stripped of fields the API does not know, so a hand-edited record cannot leak them.
import { describe, expect, it } from "vitest";
import { exportFileSchema } from "#mock/data/export-file";
import { snapshotProblem } from "#mock/data/data-format";
import { createMock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import type { Snapshot } from "#mock/core/types";
import { makeApi } from "./client";
import { PNG_URL } from "../fixtures/images";

async function seeded(): Promise<Snapshot> {
  const api = await makeApi();
  const guest = await api.login("guest");
  const post = (await api.call("GET", "/api/posts")).body.posts[0]._id;
  await api.call("POST", `/api/comments/add/${post}`, { token: guest, body: { commentData: { commentVal: "hi" } } });
  await api.call("POST", `/api/posts/like/${post}`, { token: guest });
  return JSON.parse(JSON.stringify(api.mock.exportData().data));
}

describe("boot check", () => {
  it("strips unknown fields at load: a hand-added password never reaches an answer", async () => {
    const data = seeded();
    const snapshot = await data;
    const user = snapshot.users[0] as Snapshot["users"][number] & Record<string, unknown>;
    user.password = "hunter2-plain";
    (snapshot.posts[0] as unknown as Record<string, unknown>).secret = "s3cret-field";
    (snapshot.comments[0] as unknown as Record<string, unknown>).password = "hunter2-plain";
    // A like as version 1 stored it (the user copied in), with a hash added by hand: migrated to the id.
    const liker = snapshot.users.find((u) => u._id === snapshot.posts[0].likes.likedBy[0])!;
    (snapshot.posts[0].likes.likedBy as unknown[])[0] = {
      _id: liker._id,
      username: liker.username,
      firstName: "F",
      lastName: "",
      userPhoto: "",
      passwordHash: "pbkdf2$1$a$b",
    };
    const store = new MemoryStore();
    await store.replace(snapshot);
    const api = await makeApi({ store });
    for (const path of [
      "/api/users",
      `/api/users/${user._id}`,
      `/api/users/${user.username}`,
      "/api/posts",
      "/api/posts?limit=5",
      `/api/comments/${snapshot.posts[0]._id}`,
    ]) {
      const r = await api.call("GET", path);
      expect(r.status, path).toBe(200);
      expect(r.text, path).not.toMatch(/hunter2|s3cret|pbkdf2|password/i);
    }
    expect(JSON.stringify(api.mock.exportData())).not.toMatch(/hunter2|s3cret/);
  });

  it("refuses what the export schema refuses, naming the same place", async () => {
    const base = await seeded();
    const breakages: [string, (s: any) => void][] = [
      ["a negative like count", (s) => (s.posts[1].likes.likeCount = -1)],
      ["a fractional like count", (s) => (s.posts[1].likes.likeCount = 1.5)],
      ["a missing field", (s) => delete s.posts[2].content],
      ["a null record", (s) => (s.users[1] = null)],
      ["comments that are not a list", (s) => (s.comments = {})],
      ["a comment without its post", (s) => delete s.comments[0].postId],
      ["a vote that is not a user id", (s) => (s.comments[0].votes.upvotedBy = [42])],
      ["a password that is not a hash", (s) => (s.users[0].passwordHash = "plain")],
      ["a todo with a string for done", (s) => (s.todos = [{ _id: "t", title: "x", done: "yes", createdAt: "", updatedAt: "" }])],
      ["a missing collection", (s) => delete s.todos],
      ["photos that are not a list", (s) => (s.photos = {})],
      ["a photo record without its data", (s) => (s.photos = [{ _id: "p" }])],
      ["a photo record whose data is not text", (s) => (s.photos = [{ _id: "p", data: 7 }])],
    ];
    for (const [name, breakIt] of breakages) {
      const snapshot = structuredClone(base);
      breakIt(snapshot);
      const zod = exportFileSchema.shape.data.safeParse(structuredClone(snapshot));
      expect(zod.success, name).toBe(false);
      const problem = snapshotProblem(snapshot);
      expect(problem, name).not.toBeNull();
      expect(problem!.split(":")[0], name).toBe(zod.error!.issues[0].path.join("."));
    }
    expect(snapshotProblem(structuredClone(base))).toBeNull();
  });

  it("refuses stored photos that are not a list at boot, rather than dropping them", async () => {
    const store = new MemoryStore();
    const data = structuredClone(await seeded()) as unknown as Record<string, unknown>;
    data.photos = { lost: PNG_URL };
    await store.replace(data as never);
    await expect(createMock({ store, passwordIterations: 1000 })).rejects.toThrow(
      /holds data this version cannot read \(photos: Expected array/,
    );
  });
});
