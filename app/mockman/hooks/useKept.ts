// The page's settings kept across visits in this browser (localStorage): how tall the request pane may be above
// the response (the response sits below the request, as in Postman's and Hoppscotch's default layout), as a share
// of the window's height in percent, and the server that copied commands (cURL, Code) target.
import { useCallback, useMemo, useState } from "react";
import { DEFAULT_BASE_URL, checkBaseUrl } from "../lib/curl";
import { pageKey } from "../lib/page-keys";

export const SPLIT_MIN = 30;
export const SPLIT_MAX = 90;
const SPLIT_DEFAULT = 75;

const clamp = (n: number) => Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, Math.round(n)));

/** The value kept under the page's key `name`, read from what is stored (null: nothing, or storage refused), and its setter. */
function useKeptValue<T>(name: string, read: (stored: string | null) => T) {
  const [value, setValue] = useState(() => {
    try {
      return read(window.localStorage.getItem(pageKey(name)));
    } catch {
      return read(null);
    }
  });
  const keep = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(pageKey(name), String(next));
      } catch {
        // Storage refused (private mode, quota): the value still holds for this visit.
      }
    },
    [name],
  );
  return [value, keep] as const;
}

export function useSplit() {
  const [split, keep] = useKeptValue("request-height", (stored) => {
    const n = Number(stored);
    return Number.isFinite(n) && n > 0 ? clamp(n) : SPLIT_DEFAULT;
  });
  const setSplit = useCallback((n: number) => keep(clamp(n)), [keep]);
  return useMemo(() => ({ split, setSplit }), [split, setSplit]);
}

export function useBaseUrl() {
  const [baseUrl, change] = useKeptValue("baseUrl", (stored) => stored ?? DEFAULT_BASE_URL);
  return useMemo(() => ({ baseUrl, check: checkBaseUrl(baseUrl), change }), [baseUrl, change]);
}

export type BaseUrl = ReturnType<typeof useBaseUrl>;
