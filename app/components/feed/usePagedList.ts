// A paged list as React state, whatever it lists (a feed's posts, a people list's
// users): its first page from the route's loader (or what a back navigation restores),
// and the pages read after it, one at a time, with their loading and failure.
import { useLocation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { messageOf } from "#app/lib/api";
import type { Page } from "#app/lib/data";
import { savedList, withPage, type ListState } from "./feed-list";

export function usePagedList<T extends { _id: string }>(options: {
  first: Page<T>;
  load: (cursor: string) => Promise<Page<T>>;
  listId: string;
  /** Called with each page read after the first (the feed puts its posts in the post store). */
  /** Each further page read, with the data version it was read at. */
  onPage?: (items: T[], version: number) => void;
}) {
  const { first, load, listId, onPage } = options;
  const location = useLocation();
  const cacheKey = `${location.key}:${listId}`;
  const restored = savedList<T>(cacheKey);
  const [state, setState] = useState<ListState<T>>(() => restored ?? { items: first.items, next: first.next, total: first.total });
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const loadMore = useCallback(async () => {
    if (loading || !state.next) return;
    setLoading(true);
    setFailure(null);
    try {
      const page = await load(state.next);
      onPage?.(page.items, page.version ?? 0);
      setState((s) => withPage(s, page));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setLoading(false);
    }
  }, [load, loading, state.next, onPage]);

  return { cacheKey, restored, state, setState, loading, failure, loadMore };
}
