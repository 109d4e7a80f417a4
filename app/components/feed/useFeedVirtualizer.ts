// A list's window (a feed's, a people list's): only the cards near the viewport are in the DOM
// (@tanstack/react-virtual measures each card's real height), ramping up over
// the list's first frames, and measured from where the list starts on the page.
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState } from "react";
import { restoredMeasurements, type SavedList } from "./feed-list";
import { useRampedOverscan } from "./useRampedOverscan";

const ESTIMATE = 260;

/** The window over a list of posts (or of people, with a smaller estimate). */
export function useFeedVirtualizer<T extends { _id: string }>(items: T[], restored: SavedList<T> | undefined, estimate = ESTIMATE) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const overscan = useRampedOverscan();
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimate,
    overscan: Math.max(0, overscan),
    // A scroll's new cards render in a task of their own, not synchronously inside the scroll
    // event (and so in the frame's paint task): with the CPU slowed 4x a fast scroll's frames were
    // 100-300 ms, about half of it this render. Eight cards of overscan hide the frame it lags.
    useFlushSync: false,
    scrollMargin,
    getItemKey: (index) => items[index]._id,
    // The window's size from the start: without it the first render shows no cards, and the
    // virtualizer's layout effect then mounts them all in one synchronous render (~140 ms with
    // the CPU slowed 4x); with it they mount in the route's own render, which React time-slices.
    initialRect: typeof window === "undefined" ? undefined : { width: window.innerWidth, height: window.innerHeight },
    initialMeasurementsCache: restored ? restoredMeasurements(restored) : undefined,
  });

  const noItems = items.length === 0;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
  }, [noItems]);

  // No cards in the list's very first frame (see useRampedOverscan).
  const virtual = overscan < 0 ? [] : virtualizer.getVirtualItems();
  return { virtualizer, virtual, listRef };
}
