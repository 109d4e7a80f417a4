// A long thread's answer is joined from each comment's cached JSON (mock/data/views.ts
// postJson): it must equal stringifying the joined view byte for byte, and follow
// every change a comment's quoted users go through (names, photos, votes).
import { describe, expect, it } from "vitest";
import { postView } from "#mock/data/views";
import { makeApi } from "./client";
import { bigPng } from "../fixtures/images";

describe("a long thread's answer", () => {
  it("is byte for byte the joined view, through comments, votes, renames and deletes", async () => {
    const api = await makeApi();
    const guest = await api.login("guest");
    const ada = await api.login("adasterling");
    const min = (token: string) => ({ token, headers: { prefer: "return=minimal" } });
    const postId = (await api.call("POST", "/api/posts", { ...min(guest), body: { postData: { content: "a thread" } } })).body.post._id;
    const same = () => {
      const db = api.mock.tables;
      const post = db.posts.get(postId)!;
      expect(db.posts.jsonOf(post)).toBe(JSON.stringify(postView(db, post)));
    };
    for (let i = 0; i < 40; i++)
      await api.call("POST", `/api/comments/add/${postId}`, {
        ...min(i % 2 ? guest : ada),
        body: { commentData: { commentVal: `c${i}` } },
      });
    same();
    const comments = api.mock.tables.comments.of(postId);
    expect(comments).toHaveLength(40);
    await api.call("POST", `/api/comments/upvote/${postId}/${comments[0]._id}`, min(guest));
    same();
    // A voter's and a commenter's new name and photo reach the cached comments.
    const photo = bigPng(5000, "B");
    await api.call("POST", "/api/users/edit", { token: guest, body: { userData: { firstName: "Renamed", userPhoto: photo } } });
    same();
    const answer = (await api.call("GET", `/api/posts/${postId}`)).body.post;
    expect(answer.comments[1].firstName).toBe("Renamed");
    expect(answer.comments[1].profilePic).toMatch(/^\/api\/photos\/users\//);
    expect(answer.comments[0].votes.upvotedBy[0].firstName).toBe("Renamed");
    await api.call("POST", `/api/comments/edit/${postId}/${comments[1]._id}`, {
      token: guest,
      body: { commentData: { commentVal: "edited" } },
    });
    await api.call("POST", `/api/comments/delete/${postId}/${comments[2]._id}`, min(ada));
    same();
    expect((await api.call("GET", `/api/posts/${postId}`)).body.post.comments[1].commentVal).toBe("edited");
    // A comment whose text looks like anything at all stays that text.
    await api.call("POST", `/api/comments/add/${postId}`, {
      ...min(ada),
      body: { commentData: { commentVal: '"\\u0000comments x\\u0000"' } },
    });
    same();
    await api.mock.shutdown();
  });
});
