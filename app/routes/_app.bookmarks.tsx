// /bookmarks: 'Bookmark', the bookmarked posts newest first, else 'Nothing to show...'.
// Removing a bookmark here takes the card away at once, before the server answers.
import { useFetchers, useLoaderData, type MetaFunction } from "@remix-run/react";
import { Feed } from "#app/components/Feed";
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { getBookmarks } from "#app/lib/data";
import { postActions } from "#app/lib/post-actions";
import { TEXT } from "#app/lib/texts";

export async function clientLoader() {
  return { bookmarks: await getBookmarks() };
}

export const clientAction = postActions;

export default function Bookmarks() {
  const { bookmarks } = useLoaderData<typeof clientLoader>();
  const leaving = useUnbookmarking();
  const shown = bookmarks.filter((p) => !leaving.has(p._id));
  return (
    <div className="page">
      <div className="page__column">
        <h1 className="page__title">{TEXT.bookmarkHeading}</h1>
        <Feed posts={shown} label="Bookmarked posts" empty={TEXT.nothingToShow} />
      </div>
    </div>
  );
}

/** Posts whose 'remove bookmark' is in flight (or revalidating), so their cards go now. */
function useUnbookmarking(): Set<string> {
  const ids = new Set<string>();
  for (const fetcher of useFetchers()) {
    if (fetcher.formData?.get("intent") === "unbookmark") ids.add(String(fetcher.formData.get("postId")));
  }
  return ids;
}

export const meta: MetaFunction = () => [{ title: "Bookmarks · Moments" }];

export const ErrorBoundary = RouteErrorBoundary;
