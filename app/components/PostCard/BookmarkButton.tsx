// Bookmark toggle, optimistic and kept like the heart.
import { useFetcher } from "@remix-run/react";
import { targetOf, useKept } from "#app/lib/outbox";
import { useKeptSubmit } from "#app/lib/use-kept-submit";
import { BookmarkIcon } from "../Icons";

export function BookmarkButton({ postId, bookmarked }: { postId: string; bookmarked: boolean }) {
  const fetcher = useFetcher({ key: `bookmark:${postId}` });
  const kept = useKept(targetOf("bookmark", postId));
  const onSubmit = useKeptSubmit(fetcher, "postId");
  const pending = fetcher.formData?.get("intent") ?? kept?.intent;
  const marked = pending ? pending === "bookmark" : bookmarked;
  const label = marked ? "Remove from Bookmarks" : "Add to Bookmarks";
  return (
    <fetcher.Form method="post" className="control control--end" onSubmit={onSubmit}>
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
