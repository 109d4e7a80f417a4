// Settings > 'Require alt text': when on, the composer refuses an image post
// without a description. Kept in this browser (localStorage).
import { useCallback, useSyncExternalStore } from "react";

export const REQUIRE_ALT_KEY = "moments-require-alt";
const watchers = new Set<() => void>();

export function requiresAlt(): boolean {
  try {
    return localStorage.getItem(REQUIRE_ALT_KEY) === "on";
  } catch {
    return false;
  }
}

export function setRequiresAlt(on: boolean) {
  try {
    if (on) localStorage.setItem(REQUIRE_ALT_KEY, "on");
    else localStorage.removeItem(REQUIRE_ALT_KEY);
  } catch {
    // Storage refused: the switch still holds for this page.
  }
  for (const watcher of watchers) watcher();
}

export function useRequiresAlt(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    watchers.add(onChange);
    return () => watchers.delete(onChange);
  }, []);
  return useSyncExternalStore(subscribe, requiresAlt, () => false);
}
