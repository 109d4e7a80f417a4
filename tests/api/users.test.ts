import { beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#mock/core/errors";
import { GUEST_POST_ID, SEED_POST, makeApi, type Api } from "./client";

let api: Api;
let guest: string;
beforeEach(async () => {
  api = await makeApi();
  guest = await api.login("guest");
});

const user = (name: string) => api.mock.tables.users.getUnique(name)!;

describe("users", () => {
  it("a profile link that hides what it is (a direction override, a zero-width space, user@host) is refused with 400 naming why, and nothing changes", async () => {
    const before = user("guest").link;
    for (const [link, why] of [
      ["https://\u202Eelpmaxe.live", /invisible or direction-changing/],
      ["https://evil\u200B.example", /invisible or direction-changing/],
      ["https://paypal.com@evil.example/login", /user name or password before the host/],
    ] as const) {
      const r = await api.call("POST", "/api/users/edit", { token: guest, body: { userData: { link } } });
      expect(r.status, link).toBe(400);
      expect(r.body.errors[0], link).toMatch(why);
      expect(user("guest").link).toBe(before);
    }
    const ok = await api.call("POST", "/api/users/edit", { token: guest, body: { userData: { link: "https://example.org/me" } } });
    expect(ok.status).toBe(201);
  });

  it("a link with another scheme than http(s) is refused with 400 naming why; a bare address is kept as https", async () => {
    const before = user("guest").link;
    for (const link of ["javascript:alert(1)", " JavaScript:alert(1)", "mailto:me@example.org", "data:text/html,hi"]) {
      const r = await api.call("POST", "/api/users/edit", { token: guest, body: { userData: { link } } });
      expect(r.status, link).toBe(400);
      expect(r.body.errors[0], link).toMatch(
        /link must be a web address \(https:\/\/…\): javascript:, mailto: and other schemes are refused/,
      );
      expect(user("guest").link).toBe(before);
    }
    for (const [link, kept] of [
      ["example.org/me", "https://example.org/me"],
      ["  sam.example.org:8080/a?b#c ", "https://sam.example.org:8080/a?b#c"],
      ["http://example.org", "http://example.org"],
      ["my homepage", "my homepage"],
    ]) {
      const r = await api.call("POST", "/api/users/edit", { token: guest, body: { userData: { link } } });
      expect(r.status, link).toBe(201);
      expect(r.body.user.link).toBe(kept);
    }
  });

  it("GET /api/users lists the four seed users without passwords", async () => {
    const r = await api.call("GET", "/api/users");
    expect(r.body.users.map((u: any) => u.username)).toEqual(["adasterling", "marcoreyes", "guest", "lenaokafor"]);
    expect(r.text).not.toMatch(/password|pbkdf2/i);
  });

  it("GET /api/users/:id finds by id or username; unknown is 404", async () => {
    const id = user("marcoreyes")._id;
    expect((await api.call("GET", `/api/users/${id}`)).body.user.username).toBe("marcoreyes");
    expect((await api.call("GET", "/api/users/marcoreyes")).body.user._id).toBe(id);
    const r = await api.call("GET", "/api/users/ghost");
    expect(r.status).toBe(404);
    expect(r.body.errors[0]).toBe(MSG.USER_NOT_FOUND("ghost"));
  });

  it("POST /api/users/edit changes the whitelisted fields only: 201 with the user", async () => {
    const r = await api.call("POST", "/api/users/edit", {
      token: guest,
      body: {
        userData: {
          firstName: "Gus",
          bio: "new bio",
          link: "https://gus.dev",
          username: "hacker",
          _id: "x",
          passwordHash: "pbkdf2$1$a$b",
          followers: [{ _id: "1" }],
        },
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({ firstName: "Gus", bio: "new bio", link: "https://gus.dev", username: "guest", followers: [] });
    expect(user("guest")._id).not.toBe("x");
    expect(user("guest").passwordHash).not.toBe("pbkdf2$1$a$b");
    expect(r.text).not.toMatch(/pbkdf2/);
  });

  it.each([
    [{ userData: { firstName: "" } }, "userData.firstName: firstName is required"],
    [{ userData: { firstName: "abcdefghijklm" } }, "userData.firstName: firstName must be at most 12 characters"],
    [{ userData: { bio: "b".repeat(251) } }, "userData.bio: bio must be at most 250 characters"],
    [{ userData: { userPhoto: "javascript:alert(1)" } }, "userData.userPhoto: must be"],
    [{}, "userData: userData is required"],
  ])("edit refuses %j with 400 and changes nothing", async (body, message) => {
    const before = JSON.stringify(user("guest"));
    const r = await api.call("POST", "/api/users/edit", { token: guest, body });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toContain(message);
    expect(JSON.stringify(user("guest"))).toBe(before);
  });

  it("edit takes a 250-character bio", async () => {
    expect((await api.call("POST", "/api/users/edit", { token: guest, body: { userData: { bio: "b".repeat(250) } } })).status).toBe(201);
  });

  it("a new name and avatar show on the user's posts, comments, likes and follows", async () => {
    const ada = await api.login("adasterling");
    await api.call("POST", `/api/comments/add/${SEED_POST}`, { token: guest, body: { commentData: { comment: { commentVal: "hi" } } } });
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    await api.call("POST", `/api/users/follow/adasterling`, { token: guest });
    await api.call("POST", `/api/users/follow/guest`, { token: ada });
    await api.call("POST", "/api/users/edit", {
      token: guest,
      body: { userData: { firstName: "Gus", userPhoto: "/seed/avatar-lena.svg" } },
    });
    const own = (await api.call("GET", `/api/posts/${GUEST_POST_ID}`)).body.post;
    expect(own).toMatchObject({ firstName: "Gus", userPhoto: "/seed/avatar-lena.svg" });
    const liked = (await api.call("GET", `/api/posts/${SEED_POST}`)).body.post;
    expect(liked.comments[0]).toMatchObject({ firstName: "Gus", profilePic: "/seed/avatar-lena.svg" });
    expect(liked.likes.likedBy[0]).toMatchObject({ firstName: "Gus", userPhoto: "/seed/avatar-lena.svg" });
    const { user: adaNow } = (await api.call("GET", "/api/users/adasterling")).body;
    expect(adaNow.followers[0].firstName).toBe("Gus");
    expect(adaNow.following[0].firstName).toBe("Gus");
    // Whole lists are built from cached JSON: it must show the new name too.
    const all = (await api.call("GET", "/api/posts")).body.posts;
    expect(all.find((p: { _id: string }) => p._id === SEED_POST).likes.likedBy[0].firstName).toBe("Gus");
  });
});

describe("bookmarks", () => {
  it("add, list and remove: 200 with the bookmarked posts", async () => {
    const added = await api.call("POST", `/api/users/bookmark/${SEED_POST}`, { token: guest });
    expect(added.status).toBe(200);
    expect(added.body.bookmarks.map((p: any) => p._id)).toEqual([SEED_POST]);
    expect((await api.call("GET", "/api/users/bookmark", { token: guest })).body.bookmarks[0].content).toBeTruthy();
    const removed = await api.call("POST", `/api/users/remove-bookmark/${SEED_POST}`, { token: guest });
    expect(removed.status).toBe(200);
    expect(removed.body.bookmarks).toEqual([]);
  });

  it("bookmarks show the post as it is now, not a stale copy", async () => {
    await api.call("POST", `/api/users/bookmark/${SEED_POST}`, { token: guest });
    await api.call("POST", `/api/posts/like/${SEED_POST}`, { token: guest });
    const r = await api.call("GET", "/api/users/bookmark", { token: guest });
    expect(r.body.bookmarks[0].likes.likeCount).toBe(791);
  });

  it("refuses a second bookmark and removing one that is not there, with the CONTRACT §8 texts", async () => {
    await api.call("POST", `/api/users/bookmark/${SEED_POST}`, { token: guest });
    const again = await api.call("POST", `/api/users/bookmark/${SEED_POST}`, { token: guest });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ errors: [MSG.ALREADY_BOOKMARKED] });
    expect(user("guest").bookmarks).toEqual([SEED_POST]);
    const notThere = await api.call("POST", `/api/users/remove-bookmark/${GUEST_POST_ID}`, { token: guest });
    expect(notThere.status).toBe(400);
    expect(notThere.body).toEqual({ errors: [MSG.NOT_BOOKMARKED] });
  });

  it("an unknown post is 404 for both", async () => {
    expect((await api.call("POST", "/api/users/bookmark/nope", { token: guest })).status).toBe(404);
    expect((await api.call("POST", "/api/users/remove-bookmark/nope", { token: guest })).status).toBe(404);
  });
});

describe("follows", () => {
  it("follow links both ways and returns user and followUser (200)", async () => {
    const ada = user("adasterling");
    const r = await api.call("POST", `/api/users/follow/${ada._id}`, { token: guest });
    expect(r.status).toBe(200);
    expect(r.body.user.following.map((u: any) => u.username)).toEqual(["adasterling"]);
    expect(r.body.followUser.followers.map((u: any) => u.username)).toEqual(["guest"]);
    expect(r.text).not.toMatch(/pbkdf2|bookmarks":\[\{/);
  });

  it("refuses following twice with the CONTRACT §8 text", async () => {
    await api.call("POST", "/api/users/follow/adasterling", { token: guest });
    const r = await api.call("POST", "/api/users/follow/adasterling", { token: guest });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: [MSG.ALREADY_FOLLOWING] });
    expect(user("adasterling").followers).toHaveLength(1);
  });

  it("unfollow removes both links; refuses when not following", async () => {
    await api.call("POST", "/api/users/follow/adasterling", { token: guest });
    const r = await api.call("POST", "/api/users/unfollow/adasterling", { token: guest });
    expect(r.status).toBe(200);
    expect(user("guest").following).toEqual([]);
    expect(user("adasterling").followers).toEqual([]);
    const again = await api.call("POST", "/api/users/unfollow/adasterling", { token: guest });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ errors: [MSG.NOT_FOLLOWING] });
  });

  it("nobody can follow themself; an unknown user is 404", async () => {
    const self = await api.call("POST", "/api/users/follow/guest", { token: guest });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ errors: [MSG.FOLLOW_SELF] });
    expect(user("guest").following).toEqual([]);
    expect((await api.call("POST", "/api/users/follow/ghost", { token: guest })).status).toBe(404);
  });
});
