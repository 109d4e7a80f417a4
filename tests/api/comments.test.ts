import { commentsView } from "#mock/data/views";
import { beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#mock/core/errors";
import { GUEST_POST_ID, SEED_POST, makeApi, type Api } from "./client";

let api: Api;
let guest: string;
let ada: string;
beforeEach(async () => {
  api = await makeApi();
  guest = await api.login("guest");
  ada = await api.login("adasterling");
});

const add = (token: string, postId: string, commentVal: string) =>
  api.call("POST", `/api/comments/add/${postId}`, {
    token,
    body: { commentData: { comment: { commentVal, firstName: "Spoof", username: "spoof" } } },
  });
/** A post's comments as answers show them (voters joined in). */
const commentsOf = (id: string) => commentsView(api.mock.tables, id);

describe("comments", () => {
  it("add: 201 with every post; names come from the token, not the body", async () => {
    const r = await add(guest, SEED_POST, "Nice!");
    expect(r.status).toBe(201);
    const comment = r.body.posts.find((p: any) => p._id === SEED_POST).comments[0];
    expect(comment).toMatchObject({
      commentVal: "Nice!",
      username: "guest",
      firstName: "Guest",
      profilePic: "/seed/avatar-guest.svg",
      votes: { upvotedBy: [], downvotedBy: [] },
    });
    expect(comment._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("add accepts the flat {commentData: {commentVal}} too", async () => {
    const r = await api.call("POST", `/api/comments/add/${SEED_POST}`, { token: guest, body: { commentData: { commentVal: "flat" } } });
    expect(r.status).toBe(201);
    expect(commentsOf(SEED_POST)[0].commentVal).toBe("flat");
  });

  it.each([
    ["", "commentVal is required"],
    ["   ", "commentVal is required"],
    ["x".repeat(61), "commentVal must be at most 60 characters"],
  ])("add refuses %j: 400, nothing stored", async (text, message) => {
    const r = await add(guest, SEED_POST, text);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toContain(message);
    expect(commentsOf(SEED_POST)).toEqual([]);
  });

  it("add takes exactly 60 characters; a missing commentData is 400; an unknown post 404", async () => {
    expect((await add(guest, SEED_POST, "x".repeat(60))).status).toBe(201);
    expect((await api.call("POST", `/api/comments/add/${SEED_POST}`, { token: guest, body: {} })).status).toBe(400);
    expect((await add(guest, "nope", "hi")).status).toBe(404);
  });

  it("GET /api/comments/:postId lists a post's comments", async () => {
    await add(guest, SEED_POST, "one");
    await add(ada, SEED_POST, "two");
    const r = await api.call("GET", `/api/comments/${SEED_POST}`);
    expect(r.body.comments.map((c: any) => c.commentVal)).toEqual(["one", "two"]);
    expect((await api.call("GET", "/api/comments/nope")).status).toBe(404);
  });

  it("edit: only the author; 201 with the post's comments", async () => {
    await add(guest, SEED_POST, "typo");
    const id = commentsOf(SEED_POST)[0]._id;
    const other = await api.call("POST", `/api/comments/edit/${SEED_POST}/${id}`, {
      token: ada,
      body: { commentData: { commentVal: "hijack" } },
    });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ errors: [MSG.EDIT_COMMENT_NOT_OWNER] });
    const own = await api.call("POST", `/api/comments/edit/${SEED_POST}/${id}`, {
      token: guest,
      body: { commentData: { commentVal: "fixed" } },
    });
    expect(own.status).toBe(201);
    expect(own.body.comments[0].commentVal).toBe("fixed");
    expect(
      (await api.call("POST", `/api/comments/edit/${SEED_POST}/nope`, { token: guest, body: { commentData: { commentVal: "x" } } })).status,
    ).toBe(404);
  });

  it("delete: by the comment's author or the post's author, nobody else; returns posts and comments", async () => {
    // guest comments on ada's post; marco may not delete it, ada (post author) may.
    await add(guest, SEED_POST, "first");
    await add(guest, SEED_POST, "second");
    const [first, second] = commentsOf(SEED_POST);
    const marco = await api.login("marcoreyes");
    const refused = await api.call("POST", `/api/comments/delete/${SEED_POST}/${first._id}`, { token: marco });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: [MSG.DELETE_COMMENT_NOT_OWNER] });
    const byPostAuthor = await api.call("POST", `/api/comments/delete/${SEED_POST}/${first._id}`, { token: ada });
    expect(byPostAuthor.status).toBe(201);
    expect(byPostAuthor.body.comments.map((c: any) => c._id)).toEqual([second._id]);
    expect(byPostAuthor.body.posts).toHaveLength(6);
    const byAuthor = await api.call("POST", `/api/comments/delete/${SEED_POST}/${second._id}`, { token: guest });
    expect(byAuthor.status).toBe(201);
    expect(commentsOf(SEED_POST)).toEqual([]);
  });

  it("upvote and downvote move the user between the lists; repeats are refused with the CONTRACT §8 texts", async () => {
    await add(ada, GUEST_POST_ID, "vote on me");
    const id = commentsOf(GUEST_POST_ID)[0]._id;
    const up = () => api.call("POST", `/api/comments/upvote/${GUEST_POST_ID}/${id}`, { token: guest });
    const down = () => api.call("POST", `/api/comments/downvote/${GUEST_POST_ID}/${id}`, { token: guest });
    expect((await up()).status).toBe(201);
    expect((await up()).body).toEqual({ errors: [MSG.ALREADY_UPVOTED] });
    let votes = commentsOf(GUEST_POST_ID)[0].votes;
    expect(votes.upvotedBy.map((u) => u.username)).toEqual(["guest"]);
    const r = await down();
    expect(r.status).toBe(201);
    expect(r.body.comments[0].votes.upvotedBy).toEqual([]);
    expect((await down()).body).toEqual({ errors: [MSG.ALREADY_DOWNVOTED] });
    votes = commentsOf(GUEST_POST_ID)[0].votes;
    expect(votes.downvotedBy.map((u) => u.username)).toEqual(["guest"]);
  });
});
