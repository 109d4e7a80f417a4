// A feed's list as React state: its first page from the route's loader (or
// what a back navigation restores), the pages read after it, and the posts
// created or deleted elsewhere in the app, which join or leave without a reload.
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { messageOf } from "#app/lib/api";
import type { Page } from "#app/lib/data";
import { onPostsChanged, putPosts } from "#app/lib/post-store";
import type { Post } from "#app/lib/types";
import { useLatest } from "#app/lib/use-latest";
import { listAfter, savedList, withPage, type ListState } from "./feed-list";

interface Options {
  first: Page<Post>;
  load: (cursor: string) => Promise<Page<Post>>;
  listId: string;
  takesNew?: (post: Post) => boolean;
}

export function useFeedList({ first, load, listId, takesNew }: Options) {
  const location = useLocation();
  const cacheKey = `${location.key}:${listId}`;
  const restored = savedList(cacheKey);
  const [state, setState] = useState<ListState>(() => restored ?? { items: first.items, next: first.next, total: first.total });
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const takesNewRef = useLatest(takesNew);

  // Each page read goes to the post store, which the cards show; the list's own
  // copies only say which posts it holds (an action's newer answer wins over them).
  // A revalidated first page (after a follow or a profile edit) refreshes its cards.
  useEffect(() => putPosts(first.items), [first]);

  useEffect(
    () =>
      onPostsChanged((change) => {
        const takes = takesNewRef.current;
        setState((s) => listAfter(s, change, takes));
      }),
    [takesNewRef],
  );

  const loadMore = useCallback(async () => {
    if (loading || !state.next) return;
    setLoading(true);
    setFailure(null);
    try {
      const page = await load(state.next);
      putPosts(page.items);
      setState((s) => withPage(s, page));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setLoading(false);
    }
  }, [load, loading, state.next]);

  return { cacheKey, restored, state, loading, failure, loadMore };
}
