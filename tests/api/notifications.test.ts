// Notifications: likes and comments on your posts, follows of you, mentions of you;
// GET /api/notifications (paged, newest first, unread count) and POST
// /api/notifications/read; taken back with an unlike, an unfollow, a deleted post
// or comment; bounded per user; undone with a refused or unsaved write; carried by
// export and import (format 5), and older files import with none.
import { beforeEach, describe, expect, it } from "vitest";
import { FORMAT_VERSION } from "#mock/data/data-format";
import { parseExportFile } from "#mock/data/export-file";
import { LIMIT_MESSAGE } from "#mock/data/paging";
import { NOTIFICATIONS_MAX } from "#mock/core/rules";
import { FlakyStore, GUEST_POST_ID, makeApi, type Api } from "./client";

let api: Api;
let guest: string;
let ada: string;
beforeEach(async () => {
  api = await makeApi();
  guest = await api.login("guest");
  ada = await api.login("adasterling");
});

const minimal = { prefer: "return=minimal" };
const told = async (query = "", token = guest) => {
  const r = await api.call("GET", `/api/notifications${query}`, { token });
  expect(r.status, r.text).toBe(200);
  return r.body as {
    notifications: {
      _id: string;
      kind: string;
      read: boolean;
      actor: { username: string };
      post: { _id: string } | null;
      comment: { commentVal: string } | null;
    }[];
    next: string | null;
    total: number;
    unread: number;
  };
};
const kinds = async (token = guest) => (await told("", token)).notifications.map((n) => `${n.kind} ${n.actor.username}`);
const comment = async (postId: string, text: string, token = ada) => {
  const r = await api.call("POST", `/api/comments/add/${postId}`, { token, headers: minimal, body: { commentData: { commentVal: text } } });
  expect(r.status, r.text).toBe(201);
  return r.body.post.comments.at(-1)._id as string;
};

describe("what is notified", () => {
  it("a like on your post, with who and which post; taken back by an unlike", async () => {
    expect((await api.call("POST", `/api/posts/like/${GUEST_POST_ID}`, { token: ada, headers: minimal })).status).toBe(201);
    const page = await told();
    expect(page.notifications).toHaveLength(1);
    expect(page.notifications[0]).toMatchObject({
      kind: "like",
      read: false,
      actor: { username: "adasterling" },
      post: { _id: GUEST_POST_ID },
      comment: null,
    });
    expect(page.unread).toBe(1);
    await api.call("POST", `/api/posts/dislike/${GUEST_POST_ID}`, { token: ada, headers: minimal });
    expect(await kinds()).toEqual([]);
  });

  it("nothing for what you did yourself", async () => {
    await api.call("POST", `/api/posts/like/${GUEST_POST_ID}`, { token: guest, headers: minimal });
    await comment(GUEST_POST_ID, "me, @guest", guest);
    expect(await kinds()).toEqual([]);
  });

  it("a comment on your post, taken back when it is deleted", async () => {
    const id = await comment(GUEST_POST_ID, "nice one");
    expect((await told()).notifications[0]).toMatchObject({
      kind: "comment",
      comment: { commentVal: "nice one" },
      post: { _id: GUEST_POST_ID },
    });
    await api.call("POST", `/api/comments/delete/${GUEST_POST_ID}/${id}`, { token: ada, headers: minimal });
    expect(await kinds()).toEqual([]);
  });

  it("a follow, taken back by an unfollow", async () => {
    await api.call("POST", "/api/users/follow/guest", { token: ada });
    expect((await told()).notifications[0]).toMatchObject({ kind: "follow", post: null, comment: null });
    await api.call("POST", "/api/users/unfollow/guest", { token: ada });
    expect(await kinds()).toEqual([]);
  });

  it("a mention in a post or comment; an edit that drops the name takes it back", async () => {
    const r = await api.call("POST", "/api/posts", {
      token: ada,
      headers: minimal,
      body: { postData: { content: "hello @guest and @nobody" } },
    });
    const postId = r.body.post._id;
    expect(await kinds()).toEqual(["mention adasterling"]);
    await comment(postId, "also @guest.");
    expect(await kinds()).toEqual(["mention adasterling", "mention adasterling"]);
    await api.call("POST", `/api/posts/edit/${postId}`, { token: ada, headers: minimal, body: { postData: { content: "hello all" } } });
    expect((await told()).notifications.map((n) => n.comment?.commentVal)).toEqual(["also @guest."]);
  });

  it("one comment 'hey @guest nice' on guest's own post makes one notification: the comment's, even after an edit", async () => {
    const id = await comment(GUEST_POST_ID, "hey @guest nice");
    expect(await kinds()).toEqual(["comment adasterling"]);
    await api.call("POST", `/api/comments/edit/${GUEST_POST_ID}/${id}`, {
      token: ada,
      body: { commentData: { commentVal: "hey @guest, nicer" } },
    });
    expect(await kinds()).toEqual(["comment adasterling"]);
    // Someone else mentioned in that comment is still told.
    await comment(GUEST_POST_ID, "cc @marcoreyes");
    const marco = await api.login("marcoreyes");
    expect(await kinds(marco)).toEqual(["mention adasterling"]);
  });

  it("a deleted post takes every notification about it along", async () => {
    const r = await api.call("POST", "/api/posts", { token: guest, headers: minimal, body: { postData: { content: "short-lived" } } });
    const postId = r.body.post._id;
    await api.call("POST", `/api/posts/like/${postId}`, { token: ada, headers: minimal });
    await comment(postId, "hi");
    await api.call("POST", "/api/users/follow/guest", { token: ada });
    expect((await told()).total).toBe(3);
    await api.call("DELETE", `/api/posts/${postId}`, { token: guest, headers: minimal });
    expect(await kinds()).toEqual(["follow adasterling"]);
    expect(api.mock.exportData().data.notifications).toHaveLength(1);
  });

  it(`keeps at most ${NOTIFICATIONS_MAX} a user: the oldest go`, async () => {
    const first = await comment(GUEST_POST_ID, "c0");
    for (let i = 1; i <= NOTIFICATIONS_MAX; i++) await comment(GUEST_POST_ID, `c${i}`);
    const page = await told("?limit=1");
    expect(page.total).toBe(NOTIFICATIONS_MAX);
    expect(page.notifications[0].comment?.commentVal).toBe(`c${NOTIFICATIONS_MAX}`);
    expect(api.mock.exportData().data.notifications.some((n) => n.commentId === first)).toBe(false);
  });
});

describe("GET /api/notifications", () => {
  it("pages newest first with a cursor that survives new ones between pages", async () => {
    for (let i = 0; i < 5; i++) await comment(GUEST_POST_ID, `n${i}`);
    const one = await told("?limit=2");
    expect(one.notifications.map((n) => n.comment?.commentVal)).toEqual(["n4", "n3"]);
    expect(one.total).toBe(5);
    await comment(GUEST_POST_ID, "later");
    const two = await told(`?limit=2&cursor=${one.next}`);
    expect(two.notifications.map((n) => n.comment?.commentVal)).toEqual(["n2", "n1"]);
    const three = await told(`?limit=2&cursor=${two.next}`);
    expect(three.notifications.map((n) => n.comment?.commentVal)).toEqual(["n0"]);
    expect(three.next).toBeNull();
    // Without a limit: one page of the default size.
    expect((await told()).notifications).toHaveLength(6);
  });

  it("refuses bad paging, another list's cursor, and callers without a valid token", async () => {
    expect((await api.call("GET", "/api/notifications?limit=0", { token: guest })).body.errors).toEqual([LIMIT_MESSAGE]);
    expect((await api.call("GET", "/api/notifications?cursor=%%%", { token: guest })).status).toBe(400);
    const posts = await api.call("GET", "/api/posts?limit=1");
    const other = await api.call("GET", `/api/notifications?cursor=${posts.body.next}`, { token: guest });
    expect(other.status).toBe(400);
    for (let i = 0; i < 3; i++) await comment(GUEST_POST_ID, `x${i}`);
    const mine = await told("?limit=1");
    // Guest's cursor on Ada's list names another list.
    expect((await api.call("GET", `/api/notifications?limit=1&cursor=${mine.next}`, { token: ada })).status).toBe(400);
    expect((await api.call("GET", "/api/notifications")).status).toBe(404);
    expect((await api.call("GET", "/api/notifications", { token: "forged" })).status).toBe(401);
  });
});

describe("POST /api/notifications/read", () => {
  it("marks the named ones read, or all; the unread count follows", async () => {
    for (let i = 0; i < 3; i++) await comment(GUEST_POST_ID, `r${i}`);
    const page = await told();
    const r = await api.call("POST", "/api/notifications/read", { token: guest, body: { ids: [page.notifications[0]._id] } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ unread: 2 });
    expect((await told()).notifications.map((n) => n.read)).toEqual([true, false, false]);
    expect((await api.call("POST", "/api/notifications/read", { token: guest, body: {} })).body).toEqual({ unread: 0 });
    expect((await told()).unread).toBe(0);
  });

  it("refuses ids that are not the caller's, and bad bodies, changing nothing", async () => {
    await comment(GUEST_POST_ID, "mine");
    const id = (await told()).notifications[0]._id;
    const other = await api.call("POST", "/api/notifications/read", { token: ada, body: { ids: [id] } });
    expect(other.status).toBe(404);
    // One good id and one unknown: nothing is marked.
    expect((await api.call("POST", "/api/notifications/read", { token: guest, body: { ids: [id, "nope"] } })).status).toBe(404);
    expect((await told()).unread).toBe(1);
    for (const body of [{ ids: [] }, { ids: "all" }, { ids: [1] }, { every: true }, { ids: Array(101).fill(id) }])
      expect((await api.call("POST", "/api/notifications/read", { token: guest, body })).status, JSON.stringify(body).slice(0, 40)).toBe(
        400,
      );
    expect((await api.call("POST", "/api/notifications/read", { body: {} })).status).toBe(404);
    expect((await told()).unread).toBe(1);
  });
});

describe("kept with the write that made it", () => {
  it("an unsaved write (507) leaves no notification behind", async () => {
    const store = new FlakyStore();
    api = await makeApi({ store });
    guest = await api.login("guest");
    ada = await api.login("adasterling");
    store.failing = true;
    expect((await api.call("POST", `/api/posts/like/${GUEST_POST_ID}`, { token: ada, headers: minimal })).status).toBe(507);
    store.failing = false;
    expect(await kinds()).toEqual([]);
    expect((await store.load())!.notifications).toEqual([]);
  });

  it("goes out in export and back in with import; a dangling one is refused", async () => {
    await api.call("POST", "/api/users/follow/guest", { token: ada });
    const file = api.mock.exportData();
    expect(file.version).toBe(FORMAT_VERSION);
    expect(file.data.notifications).toHaveLength(1);
    const again = await makeApi();
    await again.mock.importData(parseExportFile(JSON.stringify(file)));
    const token = await again.login("guest");
    expect((await again.call("GET", "/api/notifications", { token })).body.notifications[0]).toMatchObject({ kind: "follow" });
    const bad = structuredClone(file);
    bad.data.notifications[0].actorId = "nobody";
    expect(() => parseExportFile(JSON.stringify(bad))).toThrow(/data\.notifications\.0\.actorId: no user has id nobody/);
  });

  it("a version-4 file (no notifications) imports with none", async () => {
    const file = api.mock.exportData() as unknown as { version: number; data: Record<string, unknown> };
    file.version = 4;
    delete file.data.notifications;
    const parsed = parseExportFile(JSON.stringify(file));
    expect(parsed.version).toBe(FORMAT_VERSION);
    expect(parsed.data.notifications).toEqual([]);
  });
});
