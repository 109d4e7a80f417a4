// What other tabs save shows here within a second, without a reload. Each tab's
// mock worker announces every saved write on a BroadcastChannel (ids by
// collection); this tab then reads what it shows again:
// - a post it holds (liked, edited, commented elsewhere) is read again and its
//   card changes in place (post-store);
// - a deleted post leaves every list;
// - a new post is never pushed into a list: it waits in `newPosts` for the
//   feed's "Show N new posts" button (as Bluesky and X do, never a jump);
// - a change of the signed-in user's record (a follow, a bookmark) reads whom they
//   follow and what they bookmarked at once, into the stores every Follow and
//   Bookmark button shows (Who to follow, profiles, people lists, cards), newest wins;
// - anything else (users: follows, bookmarks, profiles; notifications; an import
//   or reset) makes the screen's loaders read again.
import { CHANGES_CHANNEL, type DataChange } from "#mock/browser/worker-protocol";
import { TAB_ID } from "#mock/browser/tab-id";
import { getUserVersioned, readPostVersioned } from "./data";
import { setBookmarks } from "./bookmark-store";
import { setFollowingOf } from "./follow-store";
import { getPost, postDeleted, putPost } from "./post-store";
import type { Post } from "./types";

/** At most this many posts are read again for one announcement; more is rare and costs a reload's worth. */
const READ_AT_MOST = 20;

type Watcher = () => void;

/** New posts from other tabs, newest first, until a list shows them. */
let pending: Post[] = [];
const pendingWatchers = new Set<Watcher>();

export function newPosts(): Post[] {
  return pending;
}

export function onNewPosts(watcher: Watcher): () => void {
  pendingWatchers.add(watcher);
  return () => pendingWatchers.delete(watcher);
}

/** Hands the waiting posts a list shows (the feed's button) to it, newest first, and forgets them. */
export function takeNewPosts(shows: (post: Post) => boolean): Post[] {
  const taken = pending.filter(shows);
  if (!taken.length) return taken;
  pending = pending.filter((post) => !shows(post));
  for (const watcher of pendingWatchers) watcher();
  return taken;
}

function addPending(posts: Post[]) {
  const known = new Set(pending.map((p) => p._id));
  const fresh = posts.filter((p) => !known.has(p._id));
  if (!fresh.length) return;
  pending = [...fresh, ...pending].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  for (const watcher of pendingWatchers) watcher();
}

/** A post as it is now, with the data version it was read at; null when it is gone (or the read failed: the next announcement tries again). */
const readPostOrNull = (id: string) => readPostVersioned(id).catch(() => null);

export interface LiveOptions {
  /** The screen's loaders read again (Remix's revalidate). */
  revalidate: () => void;
  /** Notifications were saved elsewhere: the unread count, and a screen that lists them, read again. */
  notificationsChanged: () => void;
  /** When this tab started listening (ms): a post created after it is new here. */
  since: number;
  /** The signed-in user: a change of their record elsewhere reads whom they follow and what they bookmarked at once (readOwnRecord). */
  me?: { _id: string; username: string };
}

/**
 * Whether a post was created since `since`. The mock stamps whole seconds in local time with
 * its offset (`2026-11-28T17:35:12-05:00`): compared as text with an ISO instant, a post of the
 * same second, or any post west of UTC, read as older and never got its button. Compared as
 * instants, to the second: a post of the very second listening began counts as new (a list
 * that already holds it does not count it again: feed-list's freshPosts).
 */
export function createdSince(post: Pick<Post, "createdAt">, since: number): boolean {
  return Date.parse(post.createdAt) >= Math.floor(since / 1000) * 1000;
}

/**
 * Whom `username` follows and what they bookmarked as it is now, into the follow and bookmark stores at the data
 * version it was read at (as the shell's loader puts them): read after the announcement, so at its version or
 * newer, while this tab's own click answered at a newer version keeps its state (versioned-ids.ts). A failed
 * read is left to the loaders' revalidation.
 */
async function readOwnRecord(username: string): Promise<void> {
  const fresh = await getUserVersioned(username).catch(() => null);
  if (!fresh) return;
  setFollowingOf(fresh.user, fresh.version);
  setBookmarks(fresh.user.bookmarks ?? [], fresh.version);
}

/** Applies one announcement from another tab (listenForChanges calls it, one at a time). */
async function applyChange(change: DataChange, { revalidate, notificationsChanged, since, me }: LiveOptions): Promise<void> {
  if (change.client === TAB_ID) return;
  // A follow or a bookmark elsewhere changes the signed-in user's record. The Follow and Bookmark buttons show
  // it from one small read, not from the loaders' revalidation below: that waits for every read of the screen
  // (Who to follow's list among them), so a follow or bookmark showed only once the slowest read landed.
  if (me && !change.replaced && (change.put.users ?? []).includes(me._id)) await readOwnRecord(me.username);
  if (change.replaced) {
    pending = [];
    for (const watcher of pendingWatchers) watcher();
    revalidate();
    return;
  }
  const removed = new Set(change.removed.posts ?? []);
  if (pending.some((p) => removed.has(p._id))) {
    // A waiting post deleted before anyone asked for it: the button's count goes down too.
    pending = pending.filter((p) => !removed.has(p._id));
    for (const watcher of pendingWatchers) watcher();
  }
  for (const id of removed) if (getPost(id)) postDeleted(id);
  const ids = (change.put.posts ?? []).slice(0, READ_AT_MOST);
  // New or known is decided as the announcement comes, not after the reads: a revalidation that
  // lands meanwhile (another announcement's) may put the new post in the store, and it would then
  // be taken for a known one, shown in no list and announced by no button.
  const known = new Set(ids.filter((id) => getPost(id)));
  const read = (await Promise.all(ids.map(readPostOrNull))).filter((p) => p !== null);
  const created: Post[] = [];
  // Each read carries its data version: one older than what a card shows (this tab's own newer
  // like, answered while the read was on its way) is dropped by the store.
  for (const { post, version } of read) {
    if (known.has(post._id)) putPost(post, version);
    else if (createdSince(post, since)) created.push(post);
    else if (getPost(post._id)) putPost(post, version);
  }
  if (created.length) addPending(created);
  // What is left for the screen's loaders: not the posts (done above), nor comments and photos
  // put (their posts came with them), nor notifications (a like elsewhere makes one: only the
  // unread count, and the notifications screen, read them).
  const left = new Set([
    ...Object.keys(change.put).filter((name) => name !== "posts" && name !== "comments" && name !== "photos"),
    ...Object.keys(change.removed).filter((name) => name !== "posts"),
  ]);
  if (left.delete("notifications")) notificationsChanged();
  if (left.size) revalidate();
}

/**
 * Listens for other tabs' saved writes while the app runs on the in-browser mock.
 * Announcements that come close together are applied in order, one at a time.
 */
export function listenForChanges(options: Omit<LiveOptions, "since">): () => void {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const channel = new BroadcastChannel(CHANGES_CHANNEL);
  const since = Date.now();
  let chain = Promise.resolve();
  let revalidating = false;
  // Several announcements in a row ask for one revalidation.
  const revalidate = () => {
    if (revalidating) return;
    revalidating = true;
    setTimeout(() => {
      revalidating = false;
      options.revalidate();
    }, 100);
  };
  channel.onmessage = ({ data }: MessageEvent<DataChange>) => {
    chain = chain
      .then(() => applyChange(data, { revalidate, notificationsChanged: options.notificationsChanged, since, me: options.me }))
      .catch((error: unknown) => console.error(error));
  };
  return () => channel.close();
}
