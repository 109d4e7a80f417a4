// The auth matrix for every authenticated route, and the no-password rule over every response.
import { postView } from "#mock/data/views";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#mock/core/errors";
import { routes } from "#mock/routes/index";
import { GUEST_POST_ID, PASSWORDS, SEED_POST, makeApi, type Api } from "./client";

const authRoutes = routes.filter((r) => r.auth);

function pathFor(path: string, ids: { post: string; comment: string; user: string }) {
  return (
    "/api" +
    path
      .replace(":postId", ids.post)
      .replace(":commentId", ids.comment)
      .replace(/:followUserId|:userId/, ids.user)
  );
}

describe("the auth matrix", () => {
  let api: Api;
  let goneToken: string;
  let ids: { post: string; comment: string; user: string };
  beforeAll(async () => {
    api = await makeApi();
    const guest = await api.login("guest");
    await api.call("POST", `/api/comments/add/${GUEST_POST_ID}`, { token: guest, body: { commentData: { commentVal: "c" } } });
    ids = {
      post: GUEST_POST_ID,
      comment: api.mock.tables.comments.of(GUEST_POST_ID)[0]._id,
      user: api.mock.tables.users.getUnique("adasterling")!._id,
    };
    goneToken = await api.signup("ghosted");
    // Gone the way a user goes: an import (or another tab's) without them.
    const file = api.mock.exportData();
    file.data.users = file.data.users.filter((u) => u.username !== "ghosted");
    await api.mock.importData(file);
  });

  it("covers every authenticated route", () => {
    expect(authRoutes.length).toBeGreaterThanOrEqual(15);
  });

  const cases: Array<[string, () => string | undefined, number, string]> = [
    ["no token", () => undefined, 404, MSG.NOT_REGISTERED],
    ["the string 'undefined' (the original client's bookmark call)", () => "undefined", 404, MSG.NOT_REGISTERED],
    ["'Bearer' and nothing after it", () => "Bearer ", 404, MSG.NOT_REGISTERED],
    ["'Bearer undefined' (a client's unset variable)", () => "Bearer undefined", 404, MSG.NOT_REGISTERED],
    ["a forged token (wrong secret)", () => forged, 401, MSG.BAD_TOKEN],
    ["garbage", () => "not.a.token", 401, MSG.BAD_TOKEN],
  ];
  let forged = "";
  beforeAll(async () => {
    forged = await new SignJWT({ _id: "x", username: "guest" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("wrong"));
  });

  for (const route of authRoutes) {
    for (const [label, token, status, message] of cases) {
      it(`${route.method} ${route.path} with ${label}: ${status}`, async () => {
        const before = JSON.stringify(api.mock.exportData().data);
        const r = await api.call(route.method, pathFor(route.path, ids), {
          token: token(),
          body:
            route.method === "GET" ? undefined : { postData: { content: "x" }, commentData: { commentVal: "x" }, userData: { bio: "x" } },
        });
        expect(r.status).toBe(status);
        expect(r.body).toEqual({ errors: [message] });
        expect(JSON.stringify(api.mock.exportData().data)).toBe(before);
      });
    }
    it(`${route.method} ${route.path} with the token of a deleted user: 404`, async () => {
      const r = await api.call(route.method, pathFor(route.path, ids), { token: goneToken });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ errors: [MSG.NOT_REGISTERED] });
    });
  }

  it("accepts 'Bearer <token>' as well as the bare token", async () => {
    const token = await api.login("guest");
    expect((await api.call("GET", "/api/users/bookmark", { token: `Bearer ${token}` })).status).toBe(200);
  });
});

describe("no response ever contains a password or hash", () => {
  it("holds over a session that calls every route", async () => {
    const api = await makeApi();
    const guest = await api.login("guest");
    const ada = await api.login("adasterling");
    await api.signup("someone", { lastName: "One" });
    const adaId = api.mock.tables.users.getUnique("adasterling")!._id;
    await api.call("POST", "/api/posts", { token: guest, body: { postData: { content: "p" } } });
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    await api.call("POST", `/api/posts/dislike/${SEED_POST}`, { token: ada });
    await api.call("POST", `/api/comments/add/${SEED_POST}`, { token: guest, body: { commentData: { commentVal: "c" } } });
    const commentId = api.mock.tables.comments.of(SEED_POST)[0]._id;
    await api.call("POST", `/api/comments/upvote/${SEED_POST}/${commentId}`, { token: ada });
    await api.call("POST", `/api/comments/downvote/${SEED_POST}/${commentId}`, { token: guest });
    await api.call("POST", `/api/comments/edit/${SEED_POST}/${commentId}`, { token: guest, body: { commentData: { commentVal: "e" } } });
    await api.call("POST", `/api/users/bookmark/${SEED_POST}`, { token: guest });
    await api.call("POST", `/api/users/follow/${adaId}`, { token: guest });
    await api.call("POST", "/api/users/edit", { token: guest, body: { userData: { bio: "b" } } });
    for (const path of [
      "/api/posts",
      `/api/posts/${SEED_POST}`,
      "/api/posts/user/guest",
      `/api/comments/${SEED_POST}`,
      "/api/users",
      `/api/users/${adaId}`,
      "/api/users/guest",
    ]) {
      await api.call("GET", path);
    }
    await api.call("GET", "/api/users/bookmark", { token: guest });
    await api.call("POST", `/api/users/unfollow/${adaId}`, { token: guest });
    await api.call("POST", `/api/users/remove-bookmark/${SEED_POST}`, { token: guest });
    await api.call("POST", `/api/comments/delete/${SEED_POST}/${commentId}`, { token: guest });
    await api.call("DELETE", `/api/posts/${GUEST_POST_ID}`, { token: guest });
    expect(api.seen.length).toBeGreaterThan(20);
    // The per-post JSON cache never serves a stale post.
    expect(JSON.parse(api.mock.tables.posts.allJson())).toEqual(
      JSON.parse(JSON.stringify(api.mock.tables.posts.all().map((p) => postView(api.mock.tables, p)))),
    );
    const all = api.seen.join("\n");
    for (const secret of ["pbkdf2", "passwordHash", '"password"', "secret-pw", ...Object.values(PASSWORDS)])
      expect(all).not.toContain(secret);
  });
});
