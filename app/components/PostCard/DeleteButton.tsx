// Only on the user's own posts (CONTRACT §6). Shares its fetcher key with PostCard,
// which hides the card while the delete is in flight.
import { useFetcher } from "@remix-run/react";
import { TrashIcon } from "../Icons";

export function DeleteButton({ postId }: { postId: string }) {
  const fetcher = useFetcher({ key: `delete-post:${postId}` });
  return (
    <fetcher.Form method="post" className="post-card__delete">
      <input type="hidden" name="postId" value={postId} />
      <button
        type="submit"
        name="intent"
        value="delete-post"
        className="icon-button icon-button--danger"
        aria-label="Delete post"
        title="Delete post"
      >
        <TrashIcon />
      </button>
    </fetcher.Form>
  );
}
