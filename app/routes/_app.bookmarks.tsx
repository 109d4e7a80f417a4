// /bookmarks: 'Bookmark', the bookmarked posts newest first (a page at a time,
// windowed), else 'Nothing to show...'. Removing a bookmark here takes the card
// away at once, before the server answers.
import { useFetchers, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { Feed } from "#app/components/Feed";
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { useBookmarkIds } from "#app/lib/bookmark-store";
import { getBookmarksPage } from "#app/lib/data";
import { postActions } from "#app/lib/post-actions";
import { revalidateUnlessPostAction } from "#app/lib/revalidate";
import { TEXT } from "#app/lib/texts";
import type { Post } from "#app/lib/types";

export async function clientLoader() {
  return { first: await getBookmarksPage() };
}

export const clientAction = postActions;
export const shouldRevalidate = revalidateUnlessPostAction;

export default function Bookmarks() {
  const { first } = useLoaderData<typeof clientLoader>();
  const marked = useBookmarkIds();
  const leaving = useUnbookmarking();
  const keep = useCallback((post: Post) => marked.has(post._id) && !leaving.has(post._id), [marked, leaving]);
  return (
    <div className="page">
      <div className="page__column">
        <h1 className="page__title">{TEXT.bookmarkHeading}</h1>
        <Feed first={first} load={getBookmarksPage} label="Bookmarked posts" listId="bookmarks" empty={TEXT.nothingToShow} keep={keep} />
      </div>
    </div>
  );
}

/** Posts whose 'remove bookmark' is in flight, so their cards go now. */
function useUnbookmarking(): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const fetcher of useFetchers()) {
    if (fetcher.formData?.get("intent") === "unbookmark") ids.add(String(fetcher.formData.get("postId")));
  }
  // One identity per distinct set, so the feed's filter only changes when the set does.
  const key = [...ids].sort().join("\n");
  return useMemo(() => new Set(key ? key.split("\n") : []), [key]);
}

export const meta: MetaFunction = () => [{ title: "Bookmarks · Moments" }];

export const ErrorBoundary = RouteErrorBoundary;
