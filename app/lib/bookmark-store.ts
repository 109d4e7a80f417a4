// Which posts the signed-in user has bookmarked, as ids: read with the shell
// (from the user record, never the bookmarked posts themselves) and kept in
// step by the bookmark actions, so a card knows its state without a list reload.
import { useCallback, useSyncExternalStore } from "react";

let marked = new Set<string>();
const watchers = new Set<() => void>();

export function setBookmarks(ids: readonly string[]) {
  const next = new Set(ids);
  if (next.size === marked.size && [...next].every((id) => marked.has(id))) return;
  marked = next;
  for (const watcher of watchers) watcher();
}

export function markBookmark(id: string, on: boolean) {
  if (marked.has(id) === on) return;
  marked = new Set(marked);
  if (on) marked.add(id);
  else marked.delete(id);
  for (const watcher of watchers) watcher();
}

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
