// A windowed, paged list of people (a user's followers or following), built from the
// feed's pieces: usePagedList holds the pages, useFeedVirtualizer keeps only the rows
// near the screen in the page, ListEnd loads more (and says when the list is done).
// Each row: the person, and Follow / Following for anyone but you.
import type { VirtualItem } from "@tanstack/react-virtual";
import { useEffect } from "react";
import { useAppData } from "#app/lib/app-data";
import type { Page } from "#app/lib/data";
import { follows, followsViewer } from "#app/lib/follow";
import type { User } from "#app/lib/types";
import { keepList } from "../feed/feed-list";
import { useFeedVirtualizer } from "../feed/useFeedVirtualizer";
import { usePagedList } from "../feed/usePagedList";
import { boxProps, endProps, rowProps } from "../feed/window-parts";
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
  const list = usePagedList({ first, load, listId });
  const { cacheKey, restored, state, loading, failure, loadMore } = list;
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
      <div className="panel people-list" role="list" {...boxProps(listRef, virtualizer, label, loading)}>
        {virtual.map((row: VirtualItem) => {
          const person = state.items[row.index];
          return (
            <div
              key={row.key}
              role="listitem"
              aria-posinset={row.index + 1}
              aria-setsize={state.total}
              className="suggestion people-list__row"
              {...rowProps(virtualizer, row)}
            >
              <PersonLink user={person} />
              {person.username === me.username ? null : (
                <FollowButton user={person} following={follows(me, person)} followsYou={followsViewer(person, me.username)} size="sm" />
              )}
            </div>
          );
        })}
      </div>
      <ListEnd {...endProps(list, "people", "That's everyone.")} />
    </>
  );
}
