// Every bad token, on every authenticated route (read from the route table),
// gets 401 with the CONTRACT §8 text and changes nothing; no token at all gets the CONTRACT §8 404.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { signToken, TOKEN_LIFETIME_SECONDS } from "#mock/core/auth.ts";
import { MSG } from "#mock/core/errors.ts";
import { routes } from "#mock/routes/index.ts";
import { createMock, type Mock } from "#mock/core/create-mock.ts";
import { MemoryStore } from "#mock/store/memory.ts";
import { badTokens, type BadToken, type Who } from "./tokens/bad-tokens";

const authRoutes = routes.filter((r) => r.auth);
/** A body each route would accept, so only the token decides. */
const BODIES: Record<string, object> = {
  "POST /posts": { postData: { content: "forged post" } },
  "POST /posts/edit/:postId": { postData: { content: "forged edit" } },
  "POST /comments/add/:postId": { commentData: { comment: { commentVal: "forged comment" } } },
  "POST /comments/edit/:postId/:commentId": { commentData: { commentVal: "forged edit" } },
  "POST /users/edit": { userData: { firstName: "Forged" } },
};

async function call(route: (typeof routes)[number], authorization: string | null, on: Mock = mock) {
  const path = "/api" + route.path.replace(/:(\w+)/g, (_, name: string) => params[name]);
  const headers: Record<string, string> = authorization === null ? {} : { authorization };
  const body = BODIES[`${route.method} ${route.path}`];
  const response = await on.handle(
    new Request(`http://mock.local${path}`, { method: route.method, headers, body: body && JSON.stringify(body) }),
  );
  return { where: `${route.method} ${path}`, status: response.status, body: await response.json().catch(() => null) };
}

// Built at load time, so each forgery is its own named test.
const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
const login = await mock.handle(
  new Request("http://mock.local/api/auth/login", { method: "POST", body: JSON.stringify({ username: "guest", password: "guest1234" }) }),
);
const { foundUser, encodedToken: guestToken } = (await login.json()) as { foundUser: Who; encodedToken: string };
const guest: Who = { _id: foundUser._id, username: foundUser.username };
const adaRecord = mock.tables.users.getUnique("adasterling")!;
const ada: Who = { _id: adaRecord._id, username: adaRecord.username };
const guestPost = mock.tables.posts.all().find((p) => p.username === "guest")!;
await mock.handle(
  new Request(`http://mock.local/api/comments/add/${guestPost._id}`, {
    method: "POST",
    headers: { authorization: guestToken },
    body: JSON.stringify({ commentData: { commentVal: "mine" } }),
  }),
);
const params: Record<string, string> = {
  postId: guestPost._id,
  commentId: mock.tables.comments.of(guestPost._id)[0]._id,
  followUserId: ada._id,
};
const bad: BadToken[] = await badTokens(guest, ada, guestToken);
const dataNow = (on: Mock = mock) => JSON.stringify(on.exportData().data);
const before = dataNow();

afterAll(() => mock.shutdown());
afterEach(() => vi.useRealTimers());

describe("the authenticated routes", () => {
  it("are the 16 the spec lists (CONTRACT §6), the two of notifications (§11) and the Following feed, read from the route table", () => {
    // CONTRACT §6: create, edit, delete, like, dislike a post; add, edit, delete, vote on a comment; edit profile; list, add, remove bookmarks; follow, unfollow.
    // CONTRACT §11: a user's notifications, and marking them read. Ours: the caller's Following feed.
    expect(authRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        "POST /posts",
        "POST /posts/edit/:postId",
        "DELETE /posts/:postId",
        "POST /posts/like/:postId",
        "POST /posts/dislike/:postId",
        "POST /comments/add/:postId",
        "POST /comments/edit/:postId/:commentId",
        "POST /comments/delete/:postId/:commentId",
        "POST /comments/upvote/:postId/:commentId",
        "POST /comments/downvote/:postId/:commentId",
        "POST /users/edit",
        "GET /users/bookmark",
        "POST /users/bookmark/:postId",
        "POST /users/remove-bookmark/:postId",
        "POST /users/follow/:followUserId",
        "POST /users/unfollow/:followUserId",
        "GET /notifications",
        "POST /notifications/read",
        "GET /posts/following",
      ].sort(),
    );
    for (const name of ["postId", "commentId", "followUserId"]) expect(params[name]).toBeTruthy();
  });

  it("each answer a genuine token (the control: the forgeries below are refused for their token alone)", async () => {
    const other = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
    const start = dataNow(other);
    for (const route of authRoutes) {
      const { where, status, body } = await call(route, guestToken, other);
      expect(status, `${where}: ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(body?.errors?.[0] ?? "", where).not.toMatch(/token is invalid|not Registered/);
    }
    expect(dataNow(other)).not.toBe(start);
    await other.shutdown();
  });
});

describe("a bad token", () => {
  it("covers at least 40 kinds of forgery", () => expect(bad.length).toBeGreaterThanOrEqual(40));

  // One row per forgery: each gets a 401 with the CONTRACT §8 text on every authenticated route.
  it.each(bad.map((t) => [t.name, t.header]))("%s: 401 on every authenticated route", async (name, header) => {
    const wrong: string[] = [];
    for (const route of authRoutes) {
      const { where, status, body } = await call(route, header);
      if (status !== 401 || JSON.stringify(body) !== JSON.stringify({ errors: [MSG.BAD_TOKEN] }))
        wrong.push(`${where} -> ${status} ${JSON.stringify(body)}`);
    }
    expect(wrong, `"${name}" was not refused everywhere`).toEqual([]);
  });

  it("is never accepted: after every forgery on every route the data is unchanged", () => {
    expect(dataNow()).toBe(before);
  });

  it("includes a token that expires after it was accepted once (the verify cache must not outlive exp)", async () => {
    const fresh = await signToken(guest);
    const bookmarks = authRoutes.find((r) => r.path === "/users/bookmark")!;
    expect((await call(bookmarks, fresh)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + TOKEN_LIFETIME_SECONDS * 1000 + 1000);
    for (const route of authRoutes) expect((await call(route, fresh)).status, route.path).toBe(401);
    expect(dataNow()).toBe(before);
  });

  it("is refused while a token about to expire still works (expiry, not age, decides)", async () => {
    const nearlyExpired = await signToken(guest, Date.now() - TOKEN_LIFETIME_SECONDS * 1000 + 60_000);
    const bookmarks = authRoutes.find((r) => r.path === "/users/bookmark")!;
    expect((await call(bookmarks, nearlyExpired)).status).toBe(200);
  });
});

describe("no usable token", () => {
  const MISSING: [string, string | null][] = [
    ["no authorization header", null],
    ["an empty header", ""],
    ["only spaces", "   "],
    ["the text 'undefined' (the spec's client sends it on GET /users/bookmark)", "undefined"],
    ["the text 'null'", "null"],
  ];
  it.each(MISSING)("%s gets 404 with the CONTRACT §8 text on every authenticated route", async (_name, header) => {
    for (const route of authRoutes) {
      const { where, status, body } = await call(route, header);
      expect({ where, status, body }).toEqual({ where, status: 404, body: { errors: [MSG.NOT_REGISTERED] } });
    }
    expect(dataNow()).toBe(before);
  });

  it("a genuine token whose user does not exist, or names a different user than its id, gets the same 404", async () => {
    const ghost = await signToken({ _id: "00000000-0000-0000-0000-000000000000", username: "ghost" });
    const mismatched = await signToken({ _id: ada._id, username: guest.username });
    for (const header of [ghost, mismatched, `Bearer ${ghost}`]) {
      for (const route of authRoutes) {
        const { where, status, body } = await call(route, header);
        expect({ where, status, body }).toEqual({ where, status: 404, body: { errors: [MSG.NOT_REGISTERED] } });
      }
    }
    expect(dataNow()).toBe(before);
  });
});
