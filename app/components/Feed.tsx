// A windowed, paged list of posts in the ARIA feed pattern: a role="feed" of
// <article>s with aria-posinset/aria-setsize from the list's total. Only the
// cards near the viewport are in the DOM (@tanstack/react-virtual measures each
// card's real height), and the next page loads as the end comes near, with a
// 'Load more' button for keyboard users. Page Down / Page Up move between posts.
// A list remembers its pages and measured heights per history entry, so going
// back restores it where the reader left it.
import { useLocation } from "@remix-run/react";
import { useWindowVirtualizer, type VirtualItem } from "@tanstack/react-virtual";
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from "react";
import { useAppData } from "#app/lib/app-data";
import { messageOf } from "#app/lib/api";
import type { Page } from "#app/lib/data";
import { newPosts, onNewPosts, takeNewPosts } from "#app/lib/live-changes";
import { onPostsChanged, postCreated, putPosts } from "#app/lib/post-store";
import { stepFrom } from "#app/lib/shortcuts";
import type { Post } from "#app/lib/types";
import { ListEnd } from "./ListEnd";
import { PostCard } from "./PostCard/PostCard";
import { useLatest } from "#app/lib/use-latest";

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

interface ListState {
  items: Post[];
  next: string | null;
  total: number;
}

interface Saved extends ListState {
  sizes: Array<{ key: string; size: number }>;
}

/** Lists by history entry: what a back navigation restores. */
const saved = new Map<string, Saved>();
const noPosts = (): Post[] => [];
const ESTIMATE = 260;

export function Feed({ first, load, label, listId, empty = "Nothing to show...", takesNew, keep }: FeedProps) {
  const { user } = useAppData();
  const location = useLocation();
  const cacheKey = `${location.key}:${listId}`;
  const restored = saved.get(cacheKey);
  const [state, setState] = useState<ListState>(() => restored ?? { items: first.items, next: first.next, total: first.total });
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const takesNewRef = useLatest(takesNew);
  const overscan = useRampedOverscan();

  // Each page read goes to the post store, which the cards show; the list's own
  // copies only say which posts it holds (an action's newer answer wins over them).
  // A revalidated first page (after a follow or a profile edit) refreshes its cards.
  useEffect(() => putPosts(first.items), [first]);

  const items = useMemo(() => (keep ? state.items.filter(keep) : state.items), [keep, state.items]);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ESTIMATE,
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

  // Posts created or deleted elsewhere in the app join or leave without a reload.
  useEffect(
    () =>
      onPostsChanged((change) => {
        if (change.kind === "created" && takesNewRef.current?.(change.post))
          setState((s) =>
            s.items.some((p) => p._id === change.post._id) ? s : { ...s, items: [change.post, ...s.items], total: s.total + 1 },
          );
        if (change.kind === "deleted")
          setState((s) =>
            s.items.some((p) => p._id === change.postId)
              ? { ...s, items: s.items.filter((p) => p._id !== change.postId), total: Math.max(0, s.total - 1) }
              : s,
          );
      }),
    [takesNewRef],
  );

  // Kept for the way back.
  useEffect(() => {
    saved.set(cacheKey, { ...state, sizes: savedSizes(virtualizer.measurementsCache) });
  });

  const loadMore = useCallback(async () => {
    if (loading || !state.next) return;
    setLoading(true);
    setFailure(null);
    try {
      const page = await load(state.next);
      putPosts(page.items);
      setState((s) => {
        const known = new Set(s.items.map((p) => p._id));
        return { items: [...s.items, ...page.items.filter((p) => !known.has(p._id))], next: page.next, total: page.total };
      });
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setLoading(false);
    }
  }, [load, loading, state.next]);

  const virtual = overscan < 0 ? [] : virtualizer.getVirtualItems();
  const lastShown = virtual.at(-1)?.index ?? -1;
  useEffect(() => {
    // Reading the next page when the window nears the end is what this effect is for: loadMore
    // marks the list as loading at once, so the effect cannot fire twice for one page.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (state.next && !loading && !failure && lastShown >= items.length - 4) void loadMore();
  }, [lastShown, items.length, state.next, loading, failure, loadMore]);

  const waiting = useSyncExternalStore(onNewPosts, newPosts, noPosts);
  const fresh = useMemo(() => {
    const shows = takesNew;
    if (!shows) return [];
    const held = new Set(state.items.map((p) => p._id));
    return waiting.filter((post) => shows(post) && !held.has(post._id));
  }, [waiting, takesNew, state.items]);
  const showNew = () => {
    const shows = takesNew;
    if (!shows) return;
    // Oldest first, so the newest ends on top; then the top of the list, where they are.
    for (const post of takeNewPosts(shows).reverse()) postCreated(post);
    listRef.current?.scrollIntoView({ block: "start" });
  };
  // A lane of no height that sticks to the top of the screen: the button floats over the list and
  // never moves it (as Bluesky and X do); the posts join only when asked.
  const newButton =
    fresh.length > 0 ? (
      <div className="feed__new-lane">
        <button type="button" className="button feed__new" onClick={showNew}>
          Show {fresh.length} new {fresh.length === 1 ? "post" : "posts"}
        </button>
      </div>
    ) : null;

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
      <div
        ref={listRef}
        className="feed"
        role="feed"
        aria-label={label}
        aria-busy={loading}
        onKeyDown={moveBetweenPosts}
        style={{ height: virtualizer.getTotalSize(), position: "relative" }}
      >
        {virtual.map((row: VirtualItem) => (
          <div
            key={row.key}
            role="none"
            className="feed__row"
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            <PostCard post={items[row.index]} me={user.username} position={row.index + 1} setSize={state.total} />
          </div>
        ))}
      </div>
      <ListEnd
        loading={loading}
        more={state.next !== null}
        failure={failure}
        onMore={() => void loadMore()}
        what="posts"
        done={items.length > 0 ? "You're all caught up." : ""}
      />
    </>
  );
}

/** How far past the screen cards are kept mounted (each way), once the list has ramped up. */
const OVERSCAN = 8;
/** The list's first frames: no cards, then those on screen, then ever more past it. */
const RAMP = [-1, 0, 2, 4, OVERSCAN];

/**
 * The overscan for this frame of the list's life: -1 (no cards yet), then 0, 2, 4 and
 * OVERSCAN, one step a frame. The page around the list (shell, heading, composer) is
 * committed, laid out and painted in one task; the cards on screen in the next; the ones
 * past it a few at a time after. All at once they were one task of 150-180 ms with the CPU
 * slowed 4x, most of it the layout of everything that measuring the first card forces.
 * The list keeps its full height meanwhile, so a restored scroll position holds. A hidden
 * tab gets no animation frames: there each step comes on the next task.
 */
function useRampedOverscan(): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= RAMP.length - 1) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => startTransition(() => setStep((s) => s + 1));
    if (document.visibilityState === "visible") frame = requestAnimationFrame(() => (timer = setTimeout(next, 0)));
    else timer = setTimeout(next, 0);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [step]);
  return RAMP[step];
}

function restoredMeasurements(list: Saved) {
  let start = 0;
  return list.sizes.map(({ key, size }, index) => {
    const item = { key, index, start, end: start + size, size, lane: 0 };
    start += size;
    return item;
  });
}

function savedSizes(cache: VirtualItem[]) {
  return cache.map((item) => ({ key: String(item.key), size: item.size }));
}

/** Page Down / Page Up: the next or previous post, even across the window's edge. */
function moveBetweenPosts(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "PageDown" && event.key !== "PageUp") return;
  const current = (event.target as HTMLElement).closest("article");
  if (!current) return;
  event.preventDefault();
  void stepFrom(current, event.key === "PageDown" ? 1 : -1);
}
