// What the app shows is kept: newer wins in the stores (a read older than what a card
// shows is dropped), and the outbox (app/lib/outbox.ts) keeps the last click per target,
// settles only its own write, and replays a gone tab's writes once, in click order.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isBookmarked, markBookmark, setBookmarks } from "#app/lib/bookmark-store";
import { getPost, putPost, putPosts } from "#app/lib/post-store";
import type { Post } from "#app/lib/types";
import { MemoryStorage } from "./memory-storage";

const post = (id: string, likeCount: number): Post =>
  ({ _id: id, content: "x", likes: { likeCount, likedBy: [], dislikedBy: [] }, comments: [], username: "a" }) as unknown as Post;

describe("newer wins: the post store", () => {
  it("keeps a post put at a newer data version against an older read arriving after it", () => {
    putPost(post("p1", 1), 7);
    putPosts([post("p1", 0)], 5);
    expect(getPost("p1")?.likes.likeCount).toBe(1);
    putPost(post("p1", 0), 6);
    expect(getPost("p1")?.likes.likeCount).toBe(1);
    putPosts([post("p1", 2)], 8);
    expect(getPost("p1")?.likes.likeCount).toBe(2);
  });

  it("applies what carries no version (a backend without them) in arrival order", () => {
    putPost(post("p2", 1));
    putPost(post("p2", 3));
    expect(getPost("p2")?.likes.likeCount).toBe(3);
  });
});

describe("newer wins: the bookmark marks", () => {
  it("a user record read before a bookmark was saved does not take the bookmark back", () => {
    markBookmark("b1", true, 10);
    setBookmarks(["b2"], 9);
    // b1 was marked at 10: the read at 9 leaves it; b2 had no newer mark: the read sets it.
    expect(isBookmarked("b1")).toBe(true);
    expect(isBookmarked("b2")).toBe(true);
    setBookmarks(["b2"], 11);
    expect(isBookmarked("b1")).toBe(false);
    // An answer older than the read at 11 changes nothing either.
    markBookmark("b2", false, 10);
    expect(isBookmarked("b2")).toBe(true);
  });
});

describe("the outbox", () => {
  let storage: MemoryStorage;
  const held = new Set<string>();

  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal("localStorage", storage);
    storage.setItem("userinfo", JSON.stringify({ username: "guest" }));
    held.clear();
    vi.stubGlobal("navigator", {
      locks: {
        request: (_name: string, task: () => Promise<unknown>) => task(),
        query: async () => ({ held: [...held].map((name) => ({ name })) }),
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  const session = { token: "t", username: "guest" };

  it("keeps the last click per target, and settles only its own write", async () => {
    const { keep, keptWrites, settle } = await import("#app/lib/outbox");
    const like = keep("like", "p1", session);
    const unlike = keep("unlike", "p1", session);
    keep("bookmark", "p1", session);
    expect(keptWrites().map((e) => [e.target, e.intent])).toEqual([
      ["like:p1", "unlike"],
      ["bookmark:p1", "bookmark"],
    ]);
    // The like's answer came after the unlike was clicked: the unlike stays kept.
    settle(like);
    expect(keptWrites().map((e) => e.intent)).toEqual(["unlike", "bookmark"]);
    settle(unlike);
    expect(keptWrites().map((e) => e.intent)).toEqual(["bookmark"]);
  });

  it("sends the calls the actions send", async () => {
    const { keptCall } = await import("#app/lib/outbox");
    expect(keptCall("unlike", "a/b")).toEqual({ method: "POST", path: "/posts/dislike/a%2Fb" });
    expect(keptCall("unbookmark", "p")).toEqual({ method: "POST", path: "/users/remove-bookmark/p" });
    expect(keptCall("follow", "u")).toEqual({ method: "POST", path: "/users/follow/u" });
    expect(keptCall("delete-post", "p")).toEqual({ method: "DELETE", path: "/posts/p" });
    expect(keptCall("edit-post", "a/b")).toEqual({ method: "POST", path: "/posts/edit/a%2Fb" });
    expect(keptCall("edit-profile", "guest")).toEqual({ method: "POST", path: "/users/edit" });
    expect(keptCall("edit-comment", ["a/b", "c"])).toEqual({ method: "POST", path: "/comments/edit/a%2Fb/c" });
  });

  it("keeps a comment's edit per comment, with its post's id and its own, and the body its action sends", async () => {
    const { idsOf, keep, keptWrites } = await import("#app/lib/outbox");
    const { keptEditOf } = await import("#app/lib/use-kept-submit");
    const form = (commentVal: string, commentId = "c/1") => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ intent: "edit-comment", postId: "p1", commentId, commentVal })) data.set(name, value);
      return data;
    };
    const first = keptEditOf(form("first"))!;
    expect(first).toEqual({ intent: "edit-comment", id: ["p1", "c/1"], body: { commentData: { commentVal: "first" } } });
    // What does not pass the form's check is not kept.
    expect(keptEditOf(form("   "))).toBeNull();
    keep(first.intent, first.id, session, first.body);
    const second = keptEditOf(form("second"))!;
    keep(second.intent, second.id, session, second.body);
    const other = keptEditOf(form("other", "c2"))!;
    keep(other.intent, other.id, session, other.body);
    const kept = keptWrites();
    expect(kept.map((e) => [e.target, e.path, e.body])).toEqual([
      ["edit-comment:p1/c%2F1", "/comments/edit/p1/c%2F1", { commentData: { commentVal: "second" } }],
      ["edit-comment:p1/c2", "/comments/edit/p1/c2", { commentData: { commentVal: "other" } }],
    ]);
    expect(idsOf(kept[0])).toEqual(["p1", "c/1"]);
  });

  it("replays a gone tab's comment edit, and the post a screen holds shows the comments it answered with", async () => {
    const { putPost, getPost } = await import("#app/lib/post-store");
    const { keep, keptWrites } = await import("#app/lib/outbox");
    const comment = { _id: "c1", commentVal: "before", username: "guest" };
    putPost({ ...post("p9", 0), comments: [comment] } as unknown as Post, 1);
    keep("edit-comment", ["p9", "c1"], session, { commentData: { commentVal: "after" } });
    // The tab that kept it is gone: its entry now names a tab no lock holds.
    const [entry] = keptWrites();
    storage.removeItem(`moments-outbox:${entry.tab}:${entry.target}`);
    storage.setItem(`moments-outbox:gone:${entry.target}`, JSON.stringify({ ...entry, tab: "gone" }));
    const calls: [string, unknown][] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push([url, JSON.parse(String(init.body))]);
      return new Response(JSON.stringify({ comments: [{ ...comment, commentVal: "after" }] }), {
        status: 201,
        headers: { "x-data-version": "5" },
      });
    });
    const { replayKeptWrites } = await import("#app/lib/replay-kept");
    expect(await replayKeptWrites()).toBe(1);
    expect(calls).toEqual([["/api/comments/edit/p9/c1", { commentData: { commentVal: "after" } }]]);
    expect(getPost("p9")?.comments.map((c) => c.commentVal)).toEqual(["after"]);
    expect(keptWrites()).toEqual([]);
  });

  it("keeps an edit with the body it sends, the last Save per target", async () => {
    const { keep, keptWrites } = await import("#app/lib/outbox");
    keep("edit-post", "p1", session, { postData: { content: "first" } });
    keep("edit-post", "p1", session, { postData: { content: "second" } });
    keep("like", "p1", session);
    expect(keptWrites().map((e) => [e.target, e.body])).toEqual([
      ["edit-post:p1", { postData: { content: "second" } }],
      ["like:p1", undefined],
    ]);
  });

  /** An entry a tab that is gone kept `ago` ms ago: what a tab reloaded before its answer leaves. */
  const putGone = (tab: string, target: string, intent: string, ago: number, extra: object = {}) =>
    storage.setItem(
      `moments-outbox:${tab}:${target}`,
      JSON.stringify({
        key: `${tab}-${target}`,
        target,
        intent,
        method: "POST",
        path: `/${intent}/${tab}`,
        token: "t",
        username: "guest",
        tab,
        at: Date.now() - ago,
        ...extra,
      }),
    );

  it("replays a gone tab's writes once, in click order; a live tab's stay its own; no answer keeps it", async () => {
    // At times of one clock reading, so the click order is the order given here.
    const put = (tab: string, target: string, intent: string, at: number) => putGone(tab, target, intent, 0, { path: `/${intent}`, at });
    const now = Date.now();
    put("gone", "like:p1", "like", now - 30);
    put("gone", "bookmark:p1", "bookmark", now - 40);
    put("gone", "follow:u1", "follow", now - 20);
    put("alive", "like:p2", "like", now - 10);
    put("ancient", "like:p3", "like", now - 2 * 24 * 3600 * 1000);
    held.add("moments-tab:alive");
    const { keptWrites, replayKept } = await import("#app/lib/outbox");
    const sent: string[] = [];
    const answered = await replayKept(async (entry) => {
      sent.push(entry.path);
      // The follow finds no answer (offline): kept for the next boot.
      return entry.intent === "follow" ? null : { entry, status: 400, body: { errors: ["already"] }, version: 3 };
    });
    expect(sent).toEqual(["/bookmark", "/like", "/follow"]);
    expect(answered).toBe(2);
    expect(keptWrites().map((e) => e.key)).toEqual(["gone-follow:u1", "alive-like:p2"]);
  });

  it("the newest intent wins: a write made later in another tab, answered, is not undone by the older one replayed", async () => {
    // Tab A saved an edit, liked and followed, and reloaded before the answers; tab B then
    // edited the same post, unliked it and unfollowed, and was answered (its entries settled).
    putGone("tab-a", "edit-post:p1", "edit-post", 5000, { body: { postData: { content: "older" } } });
    putGone("tab-a", "like:p1", "like", 5000);
    putGone("tab-a", "follow:u1", "follow", 5000);
    // Another user's like of the same post is another thing: it stays.
    putGone("tab-c", "like:p1", "like", 5000, { username: "other", key: "other-like" });
    // And a kept write of another post of A's is not touched.
    putGone("tab-a", "bookmark:p2", "bookmark", 5000);
    const { keep, keptWrites, replayKept, settle } = await import("#app/lib/outbox");
    settle(keep("edit-post", "p1", session, { postData: { content: "newer" } }));
    settle(keep("unlike", "p1", session));
    settle(keep("unfollow", "u1", session));
    expect(keptWrites().map((e) => e.key)).toEqual(["other-like", "tab-a-bookmark:p2"]);
    const sent: string[] = [];
    await replayKept(async (entry) => (sent.push(entry.key), { entry, status: 200, body: {}, version: 1 }));
    expect(sent).toEqual(["other-like", "tab-a-bookmark:p2"]);
  });

  it("a replay sends only the newest kept write of a target, whichever tab kept it", async () => {
    putGone("tab-a", "like:p1", "like", 3000);
    putGone("tab-b", "like:p1", "unlike", 2000);
    putGone("tab-a", "edit-post:p2", "edit-post", 3000);
    // A live tab's newer edit of p2 is its own to send; the gone tab's older one is not sent over it.
    putGone("alive", "edit-post:p2", "edit-post", 1000);
    held.add("moments-tab:alive");
    const { keptWrites, replayKept } = await import("#app/lib/outbox");
    const sent: string[] = [];
    await replayKept(async (entry) => (sent.push(entry.key), { entry, status: 200, body: {}, version: 1 }));
    expect(sent).toEqual(["tab-b-like:p1"]);
    expect(keptWrites().map((e) => e.key)).toEqual(["alive-edit-post:p2"]);
  });
});
