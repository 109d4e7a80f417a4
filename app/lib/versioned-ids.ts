// A set of ids the signed-in user has marked (bookmarked posts, followed people), kept
// newest-wins: each id remembers the data version (api.ts versionOf) its mark was last
// set at, so a read older than an action's answer cannot take the answer back, whatever
// order they arrive in. Version 0 means unknown: it applies in arrival order.
import { useSyncExternalStore } from "react";

export interface VersionedIds {
  /** A whole list read at data `version` (a user record): each id's mark changes unless it was set at a newer version. */
  setAll(ids: readonly string[], version?: number): void;
  /** One action's answer, saved at data `version`. */
  mark(id: string, on: boolean, version?: number): void;
  has(id: string): boolean;
  /** `has(id)` in React, or undefined until a whole list was read (before it, callers keep their own reading). */
  useHas(id: string): boolean | undefined;
  /** The set of marked ids (a new Set on every change). */
  useIds(): ReadonlySet<string>;
}

export function versionedIds(): VersionedIds {
  let marked = new Set<string>();
  let read = false;
  const versions = new Map<string, number>();
  const watchers = new Set<() => void>();
  const tell = () => {
    for (const watcher of watchers) watcher();
  };
  const subscribe = (onChange: () => void) => {
    watchers.add(onChange);
    return () => watchers.delete(onChange);
  };
  return {
    setAll(ids, version = 0) {
      const wanted = new Set(ids);
      const next = new Set<string>();
      for (const id of new Set([...marked, ...wanted])) {
        const newer = version !== 0 && (versions.get(id) ?? 0) > version;
        if (newer ? marked.has(id) : wanted.has(id)) next.add(id);
        if (!newer && version) versions.set(id, version);
      }
      const first = !read;
      read = true;
      if (!first && next.size === marked.size && [...next].every((id) => marked.has(id))) return;
      marked = next;
      tell();
    },
    mark(id, on, version = 0) {
      if (version) {
        if ((versions.get(id) ?? 0) > version) return;
        versions.set(id, version);
      }
      if (marked.has(id) === on) return;
      marked = new Set(marked);
      if (on) marked.add(id);
      else marked.delete(id);
      tell();
    },
    has: (id) => marked.has(id),
    useHas(id) {
      return useSyncExternalStore(
        subscribe,
        () => (read ? marked.has(id) : undefined),
        () => undefined,
      );
    },
    useIds() {
      return useSyncExternalStore(subscribe, () => marked);
    },
  };
}
