// Which posts the signed-in user has bookmarked, as ids: read with the shell
// (from the user record, never the bookmarked posts themselves) and kept in
// step by the bookmark actions, so a card knows its state without a list reload.
import { useCallback, useSyncExternalStore } from "react";

let marked = new Set<string>();
const watchers = new Set<() => void>();
/**
 * The data version (api.ts versionOf) each post's mark was last set at: a user record read
 * before a bookmark was saved, answered after it, must not take the bookmark back. 0: unknown.
 */
const versions = new Map<string, number>();

/** The user record's bookmarks, read at data `version`: each post's mark changes unless it was set at a newer version. */
export function setBookmarks(ids: readonly string[], version = 0) {
  const wanted = new Set(ids);
  const next = new Set<string>();
  for (const id of new Set([...marked, ...wanted])) {
    const newer = version !== 0 && (versions.get(id) ?? 0) > version;
    if (newer ? marked.has(id) : wanted.has(id)) next.add(id);
    if (!newer && version) versions.set(id, version);
  }
  if (next.size === marked.size && [...next].every((id) => marked.has(id))) return;
  marked = next;
  for (const watcher of watchers) watcher();
}

/** A bookmark action's answer, saved at data `version` (0: unknown). */
export function markBookmark(id: string, on: boolean, version = 0) {
  if (version) {
    if ((versions.get(id) ?? 0) > version) return;
    versions.set(id, version);
  }
  if (marked.has(id) === on) return;
  marked = new Set(marked);
  if (on) marked.add(id);
  else marked.delete(id);
  for (const watcher of watchers) watcher();
}

/** Whether a post is marked now (outside React). */
export const isBookmarked = (id: string): boolean => marked.has(id);

export function useBookmarked(id: string): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    watchers.add(onChange);
    return () => watchers.delete(onChange);
  }, []);
  return useSyncExternalStore(subscribe, () => marked.has(id));
}

/** The set of bookmarked ids (a new Set on every change). */
export function useBookmarkIds(): ReadonlySet<string> {
  const subscribe = useCallback((onChange: () => void) => {
    watchers.add(onChange);
    return () => watchers.delete(onChange);
  }, []);
  return useSyncExternalStore(subscribe, () => marked);
}
