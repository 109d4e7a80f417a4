// Photos that answers quote by reference (`/api/photos/...?v=`, see the API's
// photo route) are fetched through the app's fetch — so they reach the tab's
// mock or the chosen `mockman serve` like every other /api call — and shown from
// a data: URL. Never a blob: URL: a blob URL has this page's origin, so an SVG
// opened from one in a tab of its own ("Open image in new tab") would run as this
// app and could read its session; a data: URL has no origin of its own, and
// browsers refuse to open one at top level. A reference names its content (the fingerprint), so one fetch
// per reference serves every avatar, comment and post that shows it. Anything
// else (a data URL, a /path, a web URL) is used as it is.
import { useEffect, useSyncExternalStore } from "react";
import { readAsDataUrl } from "./image";

const PREFIX = "/api/photos/";
/** Photos kept; the least recently asked for goes past this. */
const KEEP = 500;

interface Entry {
  url?: string;
  loading: boolean;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const isPhotoRef = (src: string | undefined): src is string => !!src && src.startsWith(PREFIX);

function evict() {
  for (const [ref, entry] of entries) {
    if (entries.size <= KEEP) break;
    if (entry.loading) continue;
    entries.delete(ref);
  }
}

/** Starts fetching a reference unless it is loaded or on its way. */
export function loadPhoto(ref: string): void {
  const known = entries.get(ref);
  if (known) {
    // Most recently asked for goes last: eviction takes from the front.
    entries.delete(ref);
    entries.set(ref, known);
    return;
  }
  const entry: Entry = { loading: true };
  entries.set(ref, entry);
  fetch(ref, { headers: { accept: "image/*" } })
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      return response.blob();
    })
    .then(readAsDataUrl)
    .then(
      (url) => {
        entry.url = url;
      },
      (error: unknown) => {
        // Forgotten, so the next screen that shows it asks again (the mock may have been offline).
        entries.delete(ref);
        console.warn(`Could not load the photo ${ref}:`, error);
      },
    )
    .finally(() => {
      entry.loading = false;
      evict();
      notify();
    });
}

/**
 * What an <img> can show for a photo value: the value itself, or for a reference
 * its data: URL once fetched (undefined until then: show a placeholder).
 */
export function usePhotoSrc(src: string | undefined): string | undefined {
  const ref = isPhotoRef(src) ? src : undefined;
  const url = useSyncExternalStore(
    subscribe,
    () => (ref ? entries.get(ref)?.url : undefined),
    () => undefined,
  );
  // Runs again when the URL goes (evicted, or a failed fetch forgotten) so it is fetched anew.
  useEffect(() => {
    if (ref && !url) loadPhoto(ref);
  }, [ref, url]);
  return ref ? url : src;
}
