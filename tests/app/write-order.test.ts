// Two quick clicks (Follow then Unfollow, Like then Unlike) make two actions. Each reads its form
// first, and those reads may finish in either order; the API must still get them in click order
// (app/lib/write-line.ts). Here the first form is read last, against the real mock.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMock, type Mock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import { followAction } from "#app/lib/follow-action";
import { postActions } from "#app/lib/post-actions";
import { profileActions } from "#app/lib/profile-actions";
import { clearSession, saveSession } from "#app/lib/session";
import { MemoryStorage } from "./memory-storage";
import { reserve } from "#app/lib/write-line";

let mock: Mock;
const sent: string[] = [];

beforeAll(async () => {
  mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const request = new Request(new URL(input, "http://localhost"), init);
    sent.push(new URL(request.url).pathname);
    return mock.handle(request);
  });
  const login = await (
    await mock.handle(
      new Request("http://localhost/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "guest", password: "guest1234" }),
      }),
    )
  ).json();
  vi.stubGlobal("localStorage", new MemoryStorage());
  saveSession(login.encodedToken, login.foundUser);
});

afterAll(async () => {
  clearSession();
  vi.unstubAllGlobals();
  await mock.shutdown();
});

/** An action's arguments, with a form that is read after `ms` (and a write key in its URL, as a kept click sends it). */
function args(fields: Record<string, string>, ms: number, writeKey?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const late = () => new Promise<FormData>((done) => setTimeout(() => done(form), ms));
  const request = {
    url: writeKey ? `http://localhost/follow?writeKey=${writeKey}` : "http://localhost/",
    signal: new AbortController().signal,
    formData: late,
    // profileActions reads a copy to find the intent, then hands the request on.
    clone: () => ({ formData: late }),
  } as unknown as Request;
  return { request, params: {} } as ClientActionFunctionArgs;
}

/** A /follow action whose form is read after `ms`. */
const action = (intent: "follow" | "unfollow", userId: string, ms: number) =>
  followAction(args({ intent, userId, username: "adasterling" }, ms));

async function aPostNotLiked() {
  const { posts } = await (await mock.handle(new Request("http://localhost/api/posts"))).json();
  return posts.find((p: { likes: { likedBy: unknown[] } }) => p.likes.likedBy.length === 0) as { _id: string };
}

describe("follow then unfollow, clicked quickly", () => {
  it("reach the API in click order even when the second form is read first, and end unfollowed", async () => {
    const users = await (await mock.handle(new Request("http://localhost/api/users"))).json();
    const ada = users.users.find((u: { username: string }) => u.username === "adasterling");
    const results = await Promise.all([action("follow", ada._id, 40), action("unfollow", ada._id, 0)]);
    expect(sent).toEqual([`/api/users/follow/${ada._id}`, `/api/users/unfollow/${ada._id}`]);
    expect(results).toEqual([
      { intent: "follow", ok: true },
      { intent: "unfollow", ok: true },
    ]);
    const after = await (await mock.handle(new Request("http://localhost/api/users"))).json();
    const adaAfter = after.users.find((u: { username: string }) => u.username === "adasterling");
    expect(adaAfter.followers).toEqual([]);
  });
});

describe("kept clicks whose actions Remix calls in the other order", () => {
  it("reach the API in click order: each takes its place at the click (reserve), not when its action is called", async () => {
    const users = await (await mock.handle(new Request("http://localhost/api/users"))).json();
    const lena = users.users.find((u: { username: string }) => u.username === "lenaokafor");
    sent.length = 0;
    // Clicked: follow, then unfollow. Remix calls the unfollow's action first (its route module loaded first).
    reserve("k-follow");
    reserve("k-unfollow");
    const unfollow = followAction(args({ intent: "unfollow", userId: lena._id, username: "lenaokafor" }, 0, "k-unfollow"));
    await new Promise((done) => setTimeout(done, 20));
    const follow = followAction(args({ intent: "follow", userId: lena._id, username: "lenaokafor" }, 0, "k-follow"));
    expect(await Promise.all([follow, unfollow])).toEqual([
      { intent: "follow", ok: true },
      { intent: "unfollow", ok: true },
    ]);
    expect(sent).toEqual([`/api/users/follow/${lena._id}`, `/api/users/unfollow/${lena._id}`]);
  });
});

describe("like then unlike, clicked quickly", () => {
  it("on a feed: reach the API in click order and end unliked", async () => {
    const post = await aPostNotLiked();
    sent.length = 0;
    const results = await Promise.all([
      postActions(args({ intent: "like", postId: post._id }, 40)),
      postActions(args({ intent: "unlike", postId: post._id }, 0)),
    ]);
    expect(sent).toEqual([`/api/posts/like/${post._id}`, `/api/posts/dislike/${post._id}`]);
    expect(results).toEqual([
      { intent: "like", ok: true },
      { intent: "unlike", ok: true },
    ]);
    const { post: after } = await (await mock.handle(new Request(`http://localhost/api/posts/${post._id}`))).json();
    expect(after.likes.likedBy).toEqual([]);
  });

  it("on a profile, and across routes: a profile's like, then a feed's unlike, in click order", async () => {
    const post = await aPostNotLiked();
    sent.length = 0;
    await Promise.all([
      profileActions(args({ intent: "like", postId: post._id }, 40)),
      postActions(args({ intent: "unlike", postId: post._id }, 0)),
    ]);
    expect(sent).toEqual([`/api/posts/like/${post._id}`, `/api/posts/dislike/${post._id}`]);
  });
});

describe("a like, then Logout, clicked quickly", () => {
  it("sends the like first, as the user who clicked it; the session ends after it", async () => {
    const { clientAction: indexAction } = await import("#app/routes/_index/route");
    const post = await aPostNotLiked();
    sent.length = 0;
    const logout = new FormData();
    logout.set("intent", "logout");
    const [liked] = await Promise.all([
      postActions(args({ intent: "like", postId: post._id }, 40)),
      indexAction({
        request: new Request("http://localhost/", { method: "POST", body: logout }),
        params: {},
      } as ClientActionFunctionArgs).catch((thrown: unknown) => thrown),
    ]);
    expect(liked).toEqual({ intent: "like", ok: true });
    expect(sent).toEqual([`/api/posts/like/${post._id}`]);
    expect(localStorage.getItem("token")).toBeNull();
    const { post: after } = await (await mock.handle(new Request(`http://localhost/api/posts/${post._id}`))).json();
    expect(after.likes.likedBy.map((u: { username: string }) => u.username)).toEqual(["guest"]);
  });
});

describe("a place reserved at a click whose action never comes", () => {
  it("holds later writes 10 s at most, then lets them through in order", async () => {
    const { inLine } = await import("#app/lib/write-line");
    vi.useFakeTimers();
    try {
      const ran: string[] = [];
      reserve("k-dropped");
      const later = inLine(async (name: string) => void ran.push(name));
      const first = later("after the dropped click");
      const second = later("the next click");
      await vi.advanceTimersByTimeAsync(9_900);
      expect(ran).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      await Promise.all([first, second]);
      expect(ran).toEqual(["after the dropped click", "the next click"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
