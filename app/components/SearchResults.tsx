// People (each with Follow, like Who to follow) and tags found by a search, a page at a time ('Load more').
import { Link } from "@remix-run/react";
import { useState } from "react";
import { messageOf } from "#app/lib/api";
import type { Page } from "#app/lib/data";
import { tagPath } from "#app/lib/paths";
import type { TagCount } from "#app/lib/search";
import type { User } from "#app/lib/types";
import { useAppData } from "#app/lib/app-data";
import { follows, followsViewer } from "#app/lib/follow";
import { FollowButton } from "./FollowButton";
import { ListEnd } from "./ListEnd";
import { PersonLink } from "./PersonLink";

function usePages<T>(first: Page<T>, load: (cursor: string) => Promise<Page<T>>) {
  const [state, setState] = useState(first);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const more = async () => {
    if (!state.next) return;
    setBusy(true);
    setFailure(null);
    try {
      const page = await load(state.next);
      setState((s) => ({ items: [...s.items, ...page.items], next: page.next, total: page.total }));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { state, busy, failure, more };
}

export function PeopleResults({ first, load }: { first: Page<User>; load: (cursor: string) => Promise<Page<User>> }) {
  const { state, busy, failure, more } = usePages(first, load);
  const { user: me } = useAppData();
  if (state.items.length === 0) return <p className="feed__empty">No people found.</p>;
  return (
    <>
      <ul className="panel suggestions search-results" aria-label="People found">
        {state.items.map((u) => (
          <li key={u._id} className="suggestion">
            <PersonLink user={u} />
            {u.username === me.username ? null : (
              <FollowButton user={u} following={follows(me, u)} followsYou={followsViewer(u, me.username)} size="sm" />
            )}
          </li>
        ))}
      </ul>
      <ListEnd more={state.next !== null} loading={busy} failure={failure} onMore={() => void more()} />
    </>
  );
}

export function TagResults({ first, load }: { first: Page<TagCount>; load: (cursor: string) => Promise<Page<TagCount>> }) {
  const { state, busy, failure, more } = usePages(first, load);
  if (state.items.length === 0) return <p className="feed__empty">No tags found.</p>;
  return (
    <>
      <ul className="panel search-results search-results--tags" aria-label="Tags found">
        {state.items.map((t) => (
          <li key={t.tag}>
            <Link to={tagPath(t.tag)} className="tag-result">
              <span className="tag-result__name">#{t.tag}</span>
              <span className="tag-result__count">{t.count === 1 ? "1 post" : `${t.count.toLocaleString("en")} posts`}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ListEnd more={state.next !== null} loading={busy} failure={failure} onMore={() => void more()} />
    </>
  );
}
