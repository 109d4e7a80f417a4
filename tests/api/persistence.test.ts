import { describe, expect, it } from "vitest";
import { MemoryStore } from "#mock/store/memory";
import type { ChangeSet } from "#mock/core/types";
import { FlakyStore, SEED_POST, makeApi } from "./client";

class SpyStore extends MemoryStore {
  commitsSeen: ChangeSet[] = [];
  async commit(changes: ChangeSet) {
    this.commitsSeen.push(JSON.parse(JSON.stringify(changes)));
    return super.commit(changes);
  }
}

describe("persistence through the store", () => {
  it("a new server on the same store sees the change", async () => {
    const store = new MemoryStore();
    const first = await makeApi({ store });
    const token = await first.login("guest");
    await first.call("POST", "/api/posts", { token, body: { postData: { content: "kept" } } });
    await first.call("POST", `/api/posts/like/${SEED_POST}`, { token });
    const second = await makeApi({ store });
    const posts = (await second.call("GET", "/api/posts")).body.posts;
    expect(posts.at(-1).content).toBe("kept");
    expect(posts[0].likes.likeCount).toBe(791);
    expect(second.mock.exportData().data).toEqual(first.mock.exportData().data);
  });

  it("a request commits only the records it changed; reads and refusals commit nothing", async () => {
    const store = new SpyStore();
    const api = await makeApi({ store });
    const token = await api.login("guest");
    await api.call("GET", "/api/posts");
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token });
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token }); // refused
    await api.call("POST", "/api/users/follow/adasterling", { token });
    expect(store.commitsSeen).toHaveLength(2);
    // The like, and the notification that tells the post's author of it, in one change set.
    expect(store.commitsSeen[0]).toEqual({
      posts: { put: [expect.objectContaining({ _id: SEED_POST })], remove: [] },
      notifications: { put: [expect.objectContaining({ kind: "like", postId: SEED_POST })], remove: [] },
    });
    expect(store.commitsSeen[1].users!.put.map((u) => u.username).sort()).toEqual(["adasterling", "guest"]);
    expect(store.commitsSeen[1].notifications!.put).toEqual([expect.objectContaining({ kind: "follow" })]);
  });

  it("an empty store is seeded once; a seeded one is loaded, not re-seeded", async () => {
    const { createMock } = await import("#mock/core/create-mock");
    const { seedSnapshot } = await import("#mock/data/seed");
    const store = new MemoryStore();
    let seeded = 0;
    const seed = () => {
      seeded++;
      return seedSnapshot(1000);
    };
    const first = await createMock({ store, passwordIterations: 1000, seed });
    expect(seeded).toBe(1);
    await first.handle(new Request("http://localhost/api/test-todos", { method: "POST", body: JSON.stringify({ title: "kept" }) }));
    const second = await createMock({ store, passwordIterations: 1000, seed });
    expect(seeded).toBe(1);
    expect(second.tables.todos.all().map((t) => t.title)).toEqual(["kept"]);
  });

  it("reset restores the seed; import replaces everything", async () => {
    const store = new MemoryStore();
    const api = await makeApi({ store });
    const saved = api.mock.exportData();
    const token = await api.login("guest");
    await api.call("POST", "/api/posts", { token, body: { postData: { content: "gone after reset" } } });
    await api.mock.reset();
    expect((await api.call("GET", "/api/posts")).body.posts).toHaveLength(6);
    await api.call("POST", "/api/posts", { token, body: { postData: { content: "before import" } } });
    await api.mock.importData(saved);
    expect((await api.call("GET", "/api/posts")).body.posts).toHaveLength(6);
    expect((await makeApi({ store })).mock.exportData().data).toEqual(saved.data);
  });
});

describe("a store that fails to write", () => {
  it("reports the failure, keeps the session, and reports recovery once a later write lands it all", async () => {
    const store = new FlakyStore();
    const events: string[] = [];
    const { createMock } = await import("#mock/core/create-mock");
    const mock = await createMock({
      store,
      passwordIterations: 1000,
      onStoreError: () => events.push("error"),
      onStoreRecovered: () => events.push("recovered"),
    });
    const post = (content: string, token: string) =>
      mock.handle(
        new Request("http://localhost/api/posts", {
          method: "POST",
          headers: { authorization: token },
          body: JSON.stringify({ postData: { content } }),
        }),
      );
    const login = await mock.handle(
      new Request("http://localhost/api/auth/login", {
        method: "POST",
        body: JSON.stringify({ username: "guest", password: "guest1234" }),
      }),
    );
    const token = (await login.json()).encodedToken;
    store.failing = true;
    const failed = await post("not saved", token);
    expect(failed.status).toBe(507);
    expect(failed.headers.get("x-mock-store-error")).toContain("quota");
    expect((await failed.json()).errors[0]).toContain("quota");
    store.failing = false;
    await post("saved", token);
    expect(events).toEqual(["error", "recovered"]);
    const saved = (await store.load())!.posts.map((p) => p.content);
    expect(saved).toContain("saved");
    expect(saved).not.toContain("not saved");
  });
});
