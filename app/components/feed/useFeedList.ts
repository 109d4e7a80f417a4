// A feed's list as React state (usePagedList), plus what only posts have: each page
// read goes to the post store, and posts created or deleted elsewhere in the app join
// or leave without a reload.
import { useEffect } from "react";
import type { Page } from "#app/lib/data";
import { onPostsChanged, putPosts } from "#app/lib/post-store";
import type { Post } from "#app/lib/types";
import { useLatest } from "#app/lib/use-latest";
import { listAfter } from "./feed-list";
import { usePagedList } from "./usePagedList";

interface Options {
  first: Page<Post>;
  load: (cursor: string) => Promise<Page<Post>>;
  listId: string;
  takesNew?: (post: Post) => boolean;
}

export function useFeedList({ first, load, listId, takesNew }: Options) {
  const { cacheKey, restored, state, setState, loading, failure, loadMore } = usePagedList({ first, load, listId, onPage: putPosts });
  const takesNewRef = useLatest(takesNew);

  // Each page read goes to the post store, which the cards show; the list's own
  // copies only say which posts it holds (an action's newer answer wins over them).
  // A revalidated first page (after a follow or a profile edit) refreshes its cards.
  useEffect(() => putPosts(first.items, first.version), [first]);

  useEffect(
    () =>
      onPostsChanged((change) => {
        const takes = takesNewRef.current;
        setState((s) => listAfter(s, change, takes));
      }),
    [takesNewRef, setState],
  );

  return { cacheKey, restored, state, loading, failure, loadMore };
}
