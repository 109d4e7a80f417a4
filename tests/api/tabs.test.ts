// Two tabs on one IndexedDB (fake-indexeddb here): each has its own in-memory
// mock, and neither may write from a stale copy.
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { createMock } from "#mock/core/create-mock";
import { DexieStore } from "#mock/browser/dexie";
import { SEED_POST } from "./client";

async function tab(name: string, indexedDB: IDBFactory) {
  const mock = await createMock({ store: new DexieStore(name, indexedDB, IDBKeyRange), passwordIterations: 1000 });
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await mock.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: token ? { authorization: token } : {},
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, body: await res.json() };
  };
  return { mock, call };
}

describe("several tabs on one database", () => {
  it("alternating likes, bookmarks and posts from two tabs lose no update", async () => {
    const idb = new IDBFactory();
    const a = await tab("tabs", idb);
    const b = await tab("tabs", idb);
    const login = async (t: typeof a, username: string, password: string) =>
      (await t.call("POST", "/api/auth/login", undefined, { username, password })).body.encodedToken;
    const ta = await login(a, "guest", "guest1234");
    const tb = await login(b, "adasterling", "ada-cto-2024");
    for (let i = 0; i < 25; i++) {
      const [t, token] = i % 2 ? [b, tb] : [a, ta];
      expect((await t.call("POST", "/api/posts", token, { postData: { content: `post ${i}` } })).status).toBe(201);
    }
    expect((await a.call("POST", `/api/posts/like/${SEED_POST}`, ta)).status).toBe(201);
    expect((await b.call("POST", `/api/posts/like/${SEED_POST}`, tb)).status).toBe(201);
    expect((await a.call("POST", `/api/users/bookmark/${SEED_POST}`, ta)).status).toBe(200);
    expect((await b.call("POST", `/api/users/bookmark/${SEED_POST}`, tb)).status).toBe(200);

    const fromA = (await a.call("GET", "/api/posts")).body.posts;
    const fromB = (await b.call("GET", "/api/posts")).body.posts;
    expect(fromA).toEqual(fromB);
    expect(fromA).toHaveLength(31);
    expect(fromA[0].likes.likeCount).toBe(792);
    expect(fromA[0].likes.likedBy.map((u: { username: string }) => u.username)).toEqual(["guest", "adasterling"]);
    const fresh = await tab("tabs", idb);
    expect((await fresh.call("GET", "/api/posts")).body.posts).toEqual(fromA);
  });

  it("a reset in one tab is seen by the other on its next request", async () => {
    const idb = new IDBFactory();
    const a = await tab("reset", idb);
    const b = await tab("reset", idb);
    const signup = await b.call("POST", "/api/auth/signup", undefined, { username: "newcomer", password: "pw", firstName: "New" });
    await a.mock.reset();
    const r = await b.call("GET", "/api/users/bookmark", signup.body.encodedToken);
    expect(r.status).toBe(404);
  });
});
