// An import keeps §4's refusals: a follow, bookmark, like or vote is made once, no one follows themselves, and a
// follow is kept on both users, as the API keeps it. A file that breaks one is refused naming the place; what the
// API itself made imports again.
import { describe, expect, it } from "vitest";
import { createMock } from "#mock/core/create-mock";
import { FormatError, parseExportFile, type ExportFile } from "#mock/data/export-file";
import { MemoryStore } from "#mock/store/memory";
import { ITERATIONS, call, loginAsGuest } from "../store/helpers";

type Data = ExportFile["data"];
const user = (data: Data, name: string) => data.users.find((u) => u.username === name)!;
const at = (data: Data, name: string) => data.users.findIndex((u) => u.username === name);

const BROKEN: Array<[string, (data: Data) => void, (data: Data) => string]> = [
  [
    "a follow named twice",
    (d) => {
      const [guest, ada] = [user(d, "guest"), user(d, "adasterling")];
      guest.following = [ada._id, ada._id];
      ada.followers = [guest._id, guest._id];
    },
    (d) => `data.users.${at(d, "guest")}.following: names ${user(d, "adasterling")._id} twice`,
  ],
  [
    "a user following themselves",
    (d) => {
      const guest = user(d, "guest");
      guest.following = [guest._id];
      guest.followers = [guest._id];
    },
    (d) => `data.users.${at(d, "guest")}.followers: names the user itself`,
  ],
  [
    "a follow on one side only",
    (d) => {
      const [guest, lena] = [user(d, "guest"), user(d, "lenaokafor")];
      guest.following = [...guest.following, lena._id];
    },
    (d) =>
      `data.users.${at(d, "guest")}.following: names ${user(d, "lenaokafor")._id}, whose followers do not name ${user(d, "guest")._id}`,
  ],
  [
    "a bookmark named twice",
    (d) => {
      const guest = user(d, "guest");
      guest.bookmarks = [d.posts[0]._id, d.posts[0]._id];
    },
    (d) => `data.users.${at(d, "guest")}.bookmarks: names ${d.posts[0]._id} twice`,
  ],
  [
    "a like named twice",
    (d) => {
      const guest = user(d, "guest");
      d.posts[0].likes = { likeCount: 2, likedBy: [guest._id, guest._id], dislikedBy: [] };
    },
    (d) => `data.posts.0.likes.likedBy: names ${user(d, "guest")._id} twice`,
  ],
  [
    "a vote named twice",
    (d) => {
      const guest = user(d, "guest");
      const when = d.posts[0].createdAt;
      const votes = { upvotedBy: [guest._id, guest._id], downvotedBy: [] };
      d.comments.push({ _id: "c1", postId: d.posts[0]._id, commentVal: "x", username: "guest", votes, createdAt: when, updatedAt: when });
    },
    (d) => `data.comments.${d.comments.length - 1}.votes.upvotedBy: names ${user(d, "guest")._id} twice`,
  ],
];

describe("the lists of an export file", () => {
  // Every door (mockman import, PUT /__mockman/data, --seed-from, Settings) reads a file through this check first.
  it.each(BROKEN)("with %s: the file is refused naming where", async (_what, breakIt, where) => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: ITERATIONS });
    const file = mock.exportData();
    breakIt(file.data);
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(FormatError);
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(where(file.data));
    await mock.shutdown();
  });

  it("what the API made (follows both ways, bookmarks, likes, a signup's link) exports and imports again", async () => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: ITERATIONS });
    const token = await loginAsGuest(mock);
    const signup = await call(mock, "POST", "/api/auth/signup", {
      username: "linked",
      password: "pw",
      firstName: "L",
      link: "example.org/me",
    });
    expect(signup.status).toBe(201);
    const theirs = signup.body.encodedToken as string;
    for (const [path, by] of [
      ["/api/users/follow/adasterling", token],
      ["/api/users/follow/guest", theirs],
      ["/api/users/follow/linked", token],
    ] as const)
      expect((await call(mock, "POST", path, {}, by)).status).toBe(200);
    const post = mock.exportData().data.posts[0]._id;
    expect((await call(mock, "POST", `/api/users/bookmark/${post}`, {}, token)).status).toBeLessThan(300);
    expect((await call(mock, "POST", `/api/posts/like/${post}`, {}, token)).status).toBeLessThan(300);
    const file = mock.exportData();
    expect(parseExportFile(JSON.stringify(file)).data.users.length).toBe(file.data.users.length);
    await mock.shutdown();
  });
});
