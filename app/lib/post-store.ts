// The posts on screen, by id, outside React's tree: an action puts the post it
// changed here and only the card(s) showing that post re-render. Lists hold ids
// and read each card's post through usePost; they hear about posts created and
// deleted through onPostsChanged, never by reloading a whole list.
import { useCallback, useSyncExternalStore } from "react";
import { forgetKnownUsers, rememberUsers } from "./known-users";
import type { Post } from "./types";

const posts = new Map<string, Post>();
/**
 * The data version (api.ts versionOf) each post was last put at. A read or another tab's news
 * older than what a card shows is dropped: two tabs' answers may arrive in any order, and a
 * stale read must never undo a newer like. 0: unknown (a backend without versions), always applied.
 */
const versions = new Map<string, number>();

/** Whether a state read at `version` may replace what is shown for `id` (never an older one). */
function isCurrent(id: string, version: number): boolean {
  const shown = versions.get(id) ?? 0;
  if (version && version < shown) return false;
  if (version) versions.set(id, version);
  return true;
}
const watchers = new Map<string, Set<() => void>>();

export type ListChange = { kind: "created"; post: Post } | { kind: "deleted"; postId: string };
const listWatchers = new Set<(change: ListChange) => void>();

function notify(id: string) {
  for (const watcher of watchers.get(id) ?? []) watcher();
}

/**
 * Puts posts read from the API at data `version`: a post the store holds at a newer version
 * keeps it; a card re-renders only when its post really changed (a profile edit changes
 * names without touching updatedAt).
 */
export function putPosts(list: readonly Post[], version = 0) {
  // Their authors exist: a mention of one links without asking.
  rememberUsers(list.map((post) => post.username));
  for (const post of list) {
    if (!isCurrent(post._id, version)) continue;
    const known = posts.get(post._id);
    if (known === post) continue;
    if (known && JSON.stringify(known) === JSON.stringify(post)) continue;
    posts.set(post._id, post);
    if (known) notify(post._id);
  }
}

/** Puts the post an action's answer (or a read) carried at data `version`: its card shows it at once, unless it holds a newer one. */
export function putPost(post: Post, version = 0) {
  if (!isCurrent(post._id, version)) return;
  posts.set(post._id, post);
  notify(post._id);
}

export function getPost(id: string): Post | undefined {
  return posts.get(id);
}

export function postCreated(post: Post) {
  posts.set(post._id, post);
  for (const watcher of listWatchers) watcher({ kind: "created", post });
}

export function postDeleted(postId: string) {
  posts.delete(postId);
  versions.delete(postId);
  for (const watcher of listWatchers) watcher({ kind: "deleted", postId });
}

export function onPostsChanged(watcher: (change: ListChange) => void): () => void {
  listWatchers.add(watcher);
  return () => listWatchers.delete(watcher);
}

/** The current version of a post; `initial` until the store holds one. */
export function usePost(initial: Post): Post {
  const id = initial._id;
  const subscribe = useCallback(
    (onChange: () => void) => {
      let set = watchers.get(id);
      if (!set) watchers.set(id, (set = new Set()));
      set.add(onChange);
      return () => {
        set.delete(onChange);
        if (set.size === 0) watchers.delete(id);
      };
    },
    [id],
  );
  return useSyncExternalStore(subscribe, () => posts.get(id) ?? initial);
}

/** A profile edit: the user's new name and avatar on every post and comment of theirs on screen. */
export function patchAuthor(user: { username: string; firstName: string; lastName?: string; userPhoto?: string }) {
  const names = { firstName: user.firstName, lastName: user.lastName ?? "" };
  for (const [id, post] of posts) {
    const mine = post.username === user.username;
    const commented = post.comments.some((c) => c.username === user.username);
    if (!mine && !commented) continue;
    const next: Post = {
      ...post,
      ...(mine ? { ...names, userPhoto: user.userPhoto ?? "" } : {}),
      comments: commented
        ? post.comments.map((c) => (c.username === user.username ? { ...c, ...names, profilePic: user.userPhoto ?? "" } : c))
        : post.comments,
    };
    posts.set(id, next);
    notify(id);
  }
}

/** Forgets everything (logout, import, reset): the next screen reads afresh. */
export function clearPosts() {
  posts.clear();
  versions.clear();
  forgetKnownUsers();
}
