// What every windowed list (the feeds, the people lists) gives each row and its end,
// in one place: a row's measuring and placing props, and its ListEnd's props.
import type { Virtualizer, VirtualItem } from "@tanstack/react-virtual";
import type { RefObject } from "react";

/** The list's box: as tall as all its rows, named, and busy while a page loads. */
export const boxProps = (
  listRef: RefObject<HTMLDivElement>,
  virtualizer: Virtualizer<Window, Element>,
  label: string,
  loading: boolean,
) => ({
  ref: listRef,
  "aria-label": label,
  "aria-busy": loading,
  style: { height: virtualizer.getTotalSize(), position: "relative" as const },
});

/** A row the virtualizer measures (its real height) and places (under the ones before it). */
export const rowProps = (virtualizer: Virtualizer<Window, Element>, row: VirtualItem) => ({
  "data-index": row.index,
  ref: virtualizer.measureElement,
  style: { transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` },
});

/** The list's end: 'Loading more…', Load more / Try again, or `done` once it has every item. */
export const endProps = (
  list: { state: { next: string | null; items: unknown[] }; loading: boolean; failure: string | null; loadMore: () => Promise<void> },
  what: string,
  done: string,
) => ({
  loading: list.loading,
  more: list.state.next !== null,
  failure: list.failure,
  onMore: () => void list.loadMore(),
  what,
  done: list.state.items.length > 0 ? done : "",
});
