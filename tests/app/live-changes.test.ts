// Another tab's new post (app/lib/live-changes.ts): announced on the BroadcastChannel, read,
// and kept for the feed's "Show N new posts" button. A revalidation that lands while the post
// is being read (another announcement's) puts it in the post store; it must still count as new.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGES_CHANNEL, type DataChange } from "#mock/browser/worker-protocol";
import { TAB_ID } from "#mock/browser/tab-id";
import type { Post } from "#app/lib/types";

let post = {
  _id: "p-new",
  content: "Written in the other tab",
  createdAt: "2999-01-01T00:00:00.000Z",
  username: "ada",
} as unknown as Post;
let whileReading: () => void = () => undefined;
/** The signed-in user's record as the next read finds it (a follow or unfollow made in another tab). */
const me = { user: { _id: "u-me", username: "me", following: [{ _id: "u-lena" }], bookmarks: ["p-kept"] }, version: 12 };
const userReads = vi.fn((username: string) => username);
const followingRead = vi.fn((user: unknown, version: number) => [user, version]);

const bookmarksRead = vi.fn((ids: readonly string[], version: number) => [ids, version]);

vi.mock("#app/lib/follow-store", () => ({ setFollowingOf: followingRead }));
vi.mock("#app/lib/bookmark-store", () => ({ setBookmarks: bookmarksRead }));

vi.mock("#app/lib/data", () => ({
  readPostVersioned: async () => {
    whileReading();
    return { post, version: 0 };
  },
  getUserVersioned: async (username: string) => {
    userReads(username);
    return me;
  },
}));

const { createdSince, listenForChanges, newPosts } = await import("#app/lib/live-changes");
const { putPosts } = await import("#app/lib/post-store");

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

async function announce(change: DataChange) {
  const channel = new BroadcastChannel(CHANGES_CHANNEL);
  channel.postMessage(change);
  channel.close();
  // The state the announcement ends in, not 20 ms after it was half there: the post in the
  // store mid-read is not yet the button's.
  await vi.waitFor(() => expect(newPosts().map((p) => p._id)).toContain(post._id));
}

describe("a new post from another tab", () => {
  it("waits for the button even when a revalidation puts it in the post store while it is read", async () => {
    stops.push(listenForChanges({ revalidate: () => undefined, notificationsChanged: () => undefined }));
    // The feed's revalidated first page (putPosts from its loader) lands mid-read.
    whileReading = () => putPosts([post]);
    await announce({ client: "another-tab", put: { posts: [post._id] }, removed: {} });
    expect(newPosts().map((p) => p._id)).toEqual([post._id]);
  });

  it("a like elsewhere (a post and a notification) reads the unread count again, not every loader; a follow both", async () => {
    const revalidate = vi.fn();
    const notificationsChanged = vi.fn();
    stops.push(listenForChanges({ revalidate, notificationsChanged }));
    whileReading = () => undefined;
    const heard = async (change: DataChange, calls: number) => {
      const channel = new BroadcastChannel(CHANGES_CHANNEL);
      channel.postMessage(change);
      channel.close();
      await vi.waitFor(() => expect(notificationsChanged).toHaveBeenCalledTimes(calls));
      // The loaders' revalidation is debounced by 100 ms.
      await new Promise((resolve) => setTimeout(resolve, 150));
    };
    await heard({ client: "another-tab", put: { posts: [post._id], notifications: ["n1"] }, removed: {} }, 1);
    expect(revalidate).not.toHaveBeenCalled();
    await heard({ client: "another-tab", put: { users: ["u1", "u2"], notifications: ["n2"] }, removed: {} }, 2);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});

/** `at` as the mock stamps a post (mock/core/time.ts): whole seconds, local time with its offset. */
function stamped(at: number, offsetMinutes: number): string {
  const local = new Date(Math.floor(at / 1000) * 1000 + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const pad = (n: number) => String(n).padStart(2, "0");
  const off = Math.abs(offsetMinutes);
  return `${local.toISOString().slice(0, 19)}${sign}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
}

describe("new or an edit: when the post was created, as an instant", () => {
  it("compares instants to the second, whatever offset the mock stamped", () => {
    const since = Date.parse("2026-11-28T22:35:12.345Z");
    expect(createdSince({ createdAt: "2026-11-28T22:35:12+00:00" }, since)).toBe(true);
    expect(createdSince({ createdAt: "2026-11-28T17:35:13-05:00" }, since)).toBe(true);
    expect(createdSince({ createdAt: "2026-11-29T00:35:11+02:00" }, since)).toBe(false);
    expect(createdSince({ createdAt: "2026-11-28T22:35:11+00:00" }, since)).toBe(false);
  });

  it.each([
    ["west of UTC (-05:00)", -300, 2_000],
    ["east of UTC (+05:30)", 330, 2_000],
    ["in the very second listening began", 0, 0],
  ])("a post stamped %s after the tab listened waits for the button", async (_, offset, later) => {
    stops.push(listenForChanges({ revalidate: () => undefined, notificationsChanged: () => undefined }));
    post = { ...post, _id: `p-${offset}-${later}`, createdAt: stamped(Date.now() + later, offset) };
    whileReading = () => undefined;
    await announce({ client: "another-tab", put: { posts: [post._id] }, removed: {} });
  });

  it("an edit elsewhere of a post written before this tab listened, and not shown here, is no new post", async () => {
    const revalidate = vi.fn();
    stops.push(listenForChanges({ revalidate, notificationsChanged: () => undefined }));
    post = { ...post, _id: "p-old", createdAt: stamped(Date.now() - 60_000, -300) };
    const channel = new BroadcastChannel(CHANGES_CHANNEL);
    // With a user changed too, the announcement ends in a revalidation: then it has been applied.
    channel.postMessage({ client: "another-tab", put: { posts: [post._id], users: ["u1"] }, removed: {} } satisfies DataChange);
    channel.close();
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalled());
    expect(newPosts().map((p) => p._id)).not.toContain("p-old");
  });
});

// Who to follow's rows and every other Follow button show the follow store (app/lib/follow-store.ts): a follow
// or unfollow made in another tab changes the signed-in user's record, which is read at once into it, not
// left to the loaders' revalidation (it waits for the whole screen's reads, and one asked while another runs
// is dropped). The store keeps the newer of that read and this tab's own answers (versioned-ids.ts).
describe("a follow or a bookmark from another tab", () => {
  const announce = (change: DataChange) => {
    const channel = new BroadcastChannel(CHANGES_CHANNEL);
    channel.postMessage(change);
    channel.close();
  };

  it("reads whom the signed-in user follows and what they bookmarked at once, at the version read, before the loaders", async () => {
    const revalidate = vi.fn();
    userReads.mockClear();
    followingRead.mockClear();
    bookmarksRead.mockClear();
    stops.push(listenForChanges({ revalidate, notificationsChanged: () => undefined, me: { _id: "u-me", username: "me" } }));
    announce({ client: "another-tab", put: { users: ["u-me", "u-lena"], notifications: ["n3"] }, removed: {}, version: 11 });
    await vi.waitFor(() => expect(followingRead).toHaveBeenCalledWith(me.user, 12));
    expect(bookmarksRead).toHaveBeenCalledWith(["p-kept"], 12);
    expect(userReads).toHaveBeenCalledWith("me");
    expect(revalidate).not.toHaveBeenCalled();
    // The loaders still read again (profiles' counts, the lists), 100 ms later.
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
  });

  it("reads nothing for another user's record, nor for this tab's own follow", async () => {
    const revalidate = vi.fn();
    userReads.mockClear();
    stops.push(listenForChanges({ revalidate, notificationsChanged: () => undefined, me: { _id: "u-me", username: "me" } }));
    announce({ client: "another-tab", put: { users: ["u-ada"] }, removed: {} });
    announce({ client: TAB_ID, put: { users: ["u-me", "u-lena"] }, removed: {} });
    // The first ends in a revalidation; the second, this tab's own, in nothing.
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
    expect(userReads).not.toHaveBeenCalled();
  });
});
