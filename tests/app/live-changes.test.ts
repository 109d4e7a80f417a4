// Another tab's new post (app/lib/live-changes.ts): announced on the BroadcastChannel, read,
// and kept for the feed's "Show N new posts" button. A revalidation that lands while the post
// is being read (another announcement's) puts it in the post store; it must still count as new.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGES_CHANNEL, type DataChange } from "#mock/browser/worker-protocol";
import type { Post } from "#app/lib/types";

const post = {
  _id: "p-new",
  content: "Written in the other tab",
  createdAt: "2999-01-01T00:00:00.000Z",
  username: "ada",
} as unknown as Post;
let whileReading: () => void = () => undefined;

vi.mock("#app/lib/data", () => ({
  readPostVersioned: async () => {
    whileReading();
    return { post, version: 0 };
  },
}));

const { listenForChanges, newPosts } = await import("#app/lib/live-changes");
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
