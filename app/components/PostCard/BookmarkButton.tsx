// Bookmark toggle, optimistic like the heart.
import { useFetcher } from "@remix-run/react";
import { BookmarkIcon } from "../Icons";

export function BookmarkButton({ postId, bookmarked }: { postId: string; bookmarked: boolean }) {
  const fetcher = useFetcher({ key: `bookmark:${postId}` });
  const pending = fetcher.formData?.get("intent");
  const marked = pending ? pending === "bookmark" : bookmarked;
  const label = marked ? "Remove from Bookmarks" : "Add to Bookmarks";
  return (
    <fetcher.Form method="post" className="control control--end">
      <input type="hidden" name="postId" value={postId} />
      <button
        type="submit"
        name="intent"
        value={marked ? "unbookmark" : "bookmark"}
        className={`icon-button control__button control__button--bookmark${marked ? " is-active" : ""}`}
        aria-pressed={marked}
        aria-label="Bookmark"
        title={label}
      >
        <BookmarkIcon filled={marked} />
      </button>
    </fetcher.Form>
  );
}
