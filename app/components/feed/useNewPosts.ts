// New posts from another tab wait for the reader: counted for the "Show N new
// posts" button, and joined at the top of the list only when asked.
import { useMemo, useSyncExternalStore, type RefObject } from "react";
import { newPosts, onNewPosts, takeNewPosts } from "#app/lib/live-changes";
import { postCreated } from "#app/lib/post-store";
import type { Post } from "#app/lib/types";
import { freshPosts } from "./feed-list";

const noPosts = (): Post[] => [];

export function useNewPosts(takesNew: ((post: Post) => boolean) | undefined, items: Post[], listRef: RefObject<HTMLElement | null>) {
  const waiting = useSyncExternalStore(onNewPosts, newPosts, noPosts);
  const fresh = useMemo(() => freshPosts(waiting, takesNew, items), [waiting, takesNew, items]);
  const showNew = () => {
    const shows = takesNew;
    if (!shows) return;
    // Oldest first, so the newest ends on top; then the top of the list, where they are.
    for (const post of takeNewPosts(shows).reverse()) postCreated(post);
    listRef.current?.scrollIntoView({ block: "start" });
  };
  return { count: fresh.length, showNew };
}
