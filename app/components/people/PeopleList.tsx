// A windowed, paged list of people (a user's followers or following), built from the
// feed's pieces: usePagedList holds the pages, useFeedVirtualizer keeps only the rows
// near the screen in the page, ListEnd loads more (and says when the list is done).
// Each row: the person, and Follow / Following for anyone but you.
import type { VirtualItem } from "@tanstack/react-virtual";
import { useEffect } from "react";
import { useAppData } from "#app/lib/app-data";
import type { Page } from "#app/lib/data";
import { follows } from "#app/lib/follow";
import type { User } from "#app/lib/types";
import { keepList } from "../feed/feed-list";
import { useFeedVirtualizer } from "../feed/useFeedVirtualizer";
import { usePagedList } from "../feed/usePagedList";
import { FollowButton } from "../FollowButton";
import { ListEnd } from "../ListEnd";
import { PersonLink } from "../PersonLink";

const ROW_ESTIMATE = 64;

interface PeopleListProps {
  first: Page<User>;
  load: (cursor: string) => Promise<Page<User>>;
  label: string;
  listId: string;
  empty: string;
}

export function PeopleList({ first, load, label, listId, empty }: PeopleListProps) {
  const { user: me } = useAppData();
  const { cacheKey, restored, state, loading, failure, loadMore } = usePagedList({ first, load, listId });
  const { virtualizer, virtual, listRef } = useFeedVirtualizer(state.items, restored, ROW_ESTIMATE);

  // Kept for the way back.
  useEffect(() => {
    keepList(cacheKey, state, virtualizer.measurementsCache);
  });

  const lastShown = virtual.at(-1)?.index ?? -1;
  useEffect(() => {
    if (state.next && !loading && !failure && lastShown >= state.items.length - 4) void loadMore();
  }, [lastShown, state.items.length, state.next, loading, failure, loadMore]);

  if (state.items.length === 0 && !state.next) return <p className="feed__empty">{empty}</p>;
  return (
    <>
      <div
        ref={listRef}
        className="panel people-list"
        role="list"
        aria-label={label}
        aria-busy={loading}
        style={{ height: virtualizer.getTotalSize(), position: "relative" }}
      >
        {virtual.map((row: VirtualItem) => {
          const person = state.items[row.index];
          return (
            <div
              key={row.key}
              role="listitem"
              aria-posinset={row.index + 1}
              aria-setsize={state.total}
              className="suggestion people-list__row"
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              <PersonLink user={person} />
              {person.username === me.username ? null : <FollowButton user={person} following={follows(me, person)} size="sm" />}
            </div>
          );
        })}
      </div>
      <ListEnd
        loading={loading}
        more={state.next !== null}
        failure={failure}
        onMore={() => void loadMore()}
        what="people"
        done={state.items.length > 0 ? "That's everyone." : ""}
      />
    </>
  );
}
