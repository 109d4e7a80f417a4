// The end of a paged list (the feed, search results, notifications): what is happening
// (a status for screen readers), and the 'Load more' button for whoever does not scroll,
// 'Try again' after a failed page.
export function ListEnd({
  loading,
  more,
  failure,
  onMore,
  what,
  done = "",
}: {
  loading: boolean;
  /** Whether there is a next page. */
  more: boolean;
  failure: string | null;
  onMore: () => void;
  /** What the list holds, for the failure: "posts" reads 'Could not load more posts: …'. */
  what?: string;
  /** What the status says at the end of the list. */
  done?: string;
}) {
  return (
    <div className="feed__end">
      <p role="status" className="feed__status">
        {loading ? "Loading more…" : failure ? `Could not load more${what ? ` ${what}` : ""}: ${failure}` : more ? "" : done}
      </p>
      {more && !loading ? (
        <button type="button" className="button button--secondary" onClick={onMore}>
          {failure ? "Try again" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}
