// A feed's list as plain data: the posts it holds, the next page's cursor and
// the list's total, changed by a post created or deleted elsewhere and by the
// next page; and what a back navigation restores (the pages and each card's
// measured height, by history entry).
import type { VirtualItem } from "@tanstack/react-virtual";
import type { Page } from "#app/lib/data";
import type { ListChange } from "#app/lib/post-store";
import type { Post } from "#app/lib/types";

/** A paged list's state: a feed's posts, or a people list's users. */
export interface ListState<T extends { _id: string } = Post> {
  items: T[];
  next: string | null;
  total: number;
}

export interface SavedList<T extends { _id: string } = Post> extends ListState<T> {
  sizes: Array<{ key: string; size: number }>;
}

/**
 * The list after a post was created or deleted elsewhere in the app: a new post the list
 * takes joins the top (once), a deleted one leaves; anything else is the same state.
 */
export function listAfter(state: ListState, change: ListChange, takesNew: ((post: Post) => boolean) | undefined): ListState {
  if (change.kind === "created") {
    if (!takesNew?.(change.post) || state.items.some((p) => p._id === change.post._id)) return state;
    return { ...state, items: [change.post, ...state.items], total: state.total + 1 };
  }
  if (!state.items.some((p) => p._id === change.postId)) return state;
  return { ...state, items: state.items.filter((p) => p._id !== change.postId), total: Math.max(0, state.total - 1) };
}

/** The list with the next page after it; a post it already holds (it moved up meanwhile) is not shown twice. */
export function withPage<T extends { _id: string }>(state: ListState<T>, page: Page<T>): ListState<T> {
  const known = new Set(state.items.map((p) => p._id));
  return { items: [...state.items, ...page.items.filter((p) => !known.has(p._id))], next: page.next, total: page.total };
}

/** The waiting new posts this list would take and does not hold yet: what "Show N new posts" counts. */
export function freshPosts(waiting: Post[], takesNew: ((post: Post) => boolean) | undefined, items: Post[]): Post[] {
  if (!takesNew) return [];
  const held = new Set(items.map((p) => p._id));
  return waiting.filter((post) => takesNew(post) && !held.has(post._id));
}

/** Lists by history entry: what a back navigation restores. */
const saved = new Map<string, SavedList<{ _id: string }>>();

export const savedList = <T extends { _id: string } = Post>(cacheKey: string) => saved.get(cacheKey) as SavedList<T> | undefined;

export function keepList<T extends { _id: string }>(cacheKey: string, state: ListState<T>, measured: VirtualItem[]) {
  saved.set(cacheKey, { ...state, sizes: measured.map((item) => ({ key: String(item.key), size: item.size })) });
}

/** The virtualizer's measurements back from a kept list: each card where it was, so the scroll position holds. */
export function restoredMeasurements(list: Pick<SavedList<{ _id: string }>, "sizes">) {
  let start = 0;
  return list.sizes.map(({ key, size }, index) => {
    const item = { key, index, start, end: start + size, size, lane: 0 };
    start += size;
    return item;
  });
}
