// A windowed, paged list of posts in the ARIA feed pattern: a role="feed" of
// <article>s with aria-posinset/aria-setsize from the list's total. Only the
// cards near the viewport are in the DOM (@tanstack/react-virtual measures each
// card's real height), and the next page loads as the end comes near, with a
// 'Load more' button for keyboard users. Page Down / Page Up move between posts.
// A list remembers its pages and measured heights per history entry, so going
// back restores it where the reader left it. The state lives in ./feed/: the
// list (useFeedList), its window (useFeedVirtualizer) and the waiting new posts (useNewPosts).
import type { VirtualItem } from "@tanstack/react-virtual";
import { useEffect, useMemo, type KeyboardEvent } from "react";
import { useAppData } from "#app/lib/app-data";
import type { Page } from "#app/lib/data";
import { stepFrom } from "#app/lib/shortcuts";
import type { Post } from "#app/lib/types";
import { keepList } from "./feed/feed-list";
import { NewPostsButton } from "./feed/NewPostsButton";
import { useFeedList } from "./feed/useFeedList";
import { useFeedVirtualizer } from "./feed/useFeedVirtualizer";
import { useNewPosts } from "./feed/useNewPosts";
import { boxProps, endProps, rowProps } from "./feed/window-parts";
import { ListEnd } from "./ListEnd";
import { PostCard } from "./PostCard/PostCard";

interface FeedProps {
  /** The first page, read by the route's loader. */
  first: Page<Post>;
  /** Reads the page after `cursor`. */
  load: (cursor: string) => Promise<Page<Post>>;
  label: string;
  /** Names this list among the screen's (profile: the username), for the back-navigation cache. */
  listId: string;
  empty?: string;
  /** Which newly created posts join the top of this list (none when left out). */
  takesNew?: (post: Post) => boolean;
  /** Which read posts to show (e.g. the Bookmarks screen drops a removed bookmark at once). */
  keep?: (post: Post) => boolean;
}

export function Feed({ first, load, label, listId, empty = "Nothing to show...", takesNew, keep }: FeedProps) {
  const { user } = useAppData();
  const list = useFeedList({ first, load, listId, takesNew });
  const { cacheKey, restored, state, loading, failure, loadMore } = list;
  const items = useMemo(() => (keep ? state.items.filter(keep) : state.items), [keep, state.items]);
  const { virtualizer, virtual, listRef } = useFeedVirtualizer(items, restored);

  // Kept for the way back.
  useEffect(() => {
    keepList(cacheKey, state, virtualizer.measurementsCache);
  });

  const lastShown = virtual.at(-1)?.index ?? -1;
  useEffect(() => {
    // Reading the next page when the window nears the end is what this effect is for: loadMore
    // marks the list as loading at once, so the effect cannot fire twice for one page.
    if (state.next && !loading && !failure && lastShown >= items.length - 4) void loadMore();
  }, [lastShown, items.length, state.next, loading, failure, loadMore]);

  const fresh = useNewPosts(takesNew, state.items, listRef);
  const newButton = <NewPostsButton count={fresh.count} onShow={fresh.showNew} />;

  if (items.length === 0 && !state.next)
    return (
      <>
        {newButton}
        <p className="feed__empty">{empty}</p>
      </>
    );
  return (
    <>
      {newButton}
      {/* The ARIA feed pattern asks the feed itself to move focus between its articles (Page Down/Up). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div className="feed" role="feed" onKeyDown={moveBetweenPosts} {...boxProps(listRef, virtualizer, label, loading)}>
        {virtual.map((row: VirtualItem) => (
          <div key={row.key} role="none" className="feed__row" {...rowProps(virtualizer, row)}>
            <PostCard post={items[row.index]} me={user.username} position={row.index + 1} setSize={state.total} />
          </div>
        ))}
      </div>
      <ListEnd {...endProps({ ...list, state: { next: state.next, items } }, "posts", "You're all caught up.")} />
    </>
  );
}

/** Page Down / Page Up: the next or previous post, even across the window's edge. */
function moveBetweenPosts(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "PageDown" && event.key !== "PageUp") return;
  const current = (event.target as HTMLElement).closest("article");
  if (!current) return;
  event.preventDefault();
  void stepFrom(current, event.key === "PageDown" ? 1 : -1);
}
