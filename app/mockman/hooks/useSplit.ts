// How tall the request pane may be above the response (the response sits below
// the request, as in Postman's and Hoppscotch's default layout), as a share of
// the window's height in percent, kept across visits in this browser.
import { useMemo, useState } from "react";
import { useStableActions } from "#app/lib/use-latest";
import { pageKey } from "../lib/page-keys";

const SPLIT_KEY = pageKey("request-height");
export const SPLIT_MIN = 30;
export const SPLIT_MAX = 90;
const SPLIT_DEFAULT = 75;

const clamp = (n: number) => Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, Math.round(n)));

function storedSplit(): number {
  try {
    const n = Number(window.localStorage.getItem(SPLIT_KEY));
    return Number.isFinite(n) && n > 0 ? clamp(n) : SPLIT_DEFAULT;
  } catch {
    return SPLIT_DEFAULT;
  }
}

export function useSplit() {
  const [split, setSplitState] = useState(storedSplit);
  const setSplit = (n: number) => {
    const next = clamp(n);
    setSplitState(next);
    try {
      window.localStorage.setItem(SPLIT_KEY, String(next));
    } catch {
      // Storage refused: the split still moves for this visit.
    }
  };
  const actions = useStableActions({ setSplit });
  return useMemo(() => ({ split, ...actions }), [split, actions]);
}
