// The posts on screen, by id, outside React's tree: an action puts the post it
// changed here and only the card(s) showing that post re-render. Lists hold ids
// and read each card's post through usePost; they hear about posts created and
// deleted through onPostsChanged, never by reloading a whole list.
import { useCallback, useSyncExternalStore } from "react";
import { forgetKnownUsers, rememberUsers } from "./known-users";
import type { Post } from "./types";

const posts = new Map<string, Post>();
const watchers = new Map<string, Set<() => void>>();

export type ListChange = { kind: "created"; post: Post } | { kind: "deleted"; postId: string };
const listWatchers = new Set<(change: ListChange) => void>();

function notify(id: string) {
  for (const watcher of watchers.get(id) ?? []) watcher();
}

/**
 * Puts posts read from the API. A read is never older than an action's answer
 * (the mock answers one request at a time), so it wins; a card re-renders only
 * when its post really changed (a profile edit changes names without touching updatedAt).
 */
export function putPosts(list: readonly Post[]) {
  // Their authors exist: a mention of one links without asking.
  rememberUsers(list.map((post) => post.username));
  for (const post of list) {
    const known = posts.get(post._id);
    if (known === post) continue;
    if (known && JSON.stringify(known) === JSON.stringify(post)) continue;
    posts.set(post._id, post);
    if (known) notify(post._id);
  }
}

/** Puts the post an action's answer carried: its card shows it at once. */
export function putPost(post: Post) {
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
  forgetKnownUsers();
}
