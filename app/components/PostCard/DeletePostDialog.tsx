// Only on the user's own posts (CONTRACT §6). Asks first, in an alertdialog:
// a post, its comments and likes cannot come back. Shares its fetcher key with
// PostCard, which hides the card while the delete is in flight.
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { WRITE_KEY, keepForSession } from "#app/lib/use-kept-submit";
import { ConfirmDialog } from "../ConfirmDialog";
import { TrashIcon } from "../Icons";

export function DeleteButton({ postId }: { postId: string }) {
  const fetcher = useFetcher({ key: `delete-post:${postId}` });
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-button icon-button--danger"
        aria-label="Delete post"
        aria-haspopup="dialog"
        title="Delete post"
        onClick={() => setAsking(true)}
      >
        <TrashIcon />
      </button>
      {asking ? (
        <ConfirmDialog
          alert
          danger
          title="Delete post?"
          description="The post, its comments and its likes go for good. This cannot be undone."
          confirmLabel="Delete"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            // The card goes at once: the deletion is kept first (app/lib/outbox.ts), so a reload cannot bring it back.
            const key = keepForSession("delete-post", postId);
            void fetcher.submit({ intent: "delete-post", postId, ...(key ? { [WRITE_KEY]: key } : {}) }, { method: "post" });
          }}
        />
      ) : null}
    </>
  );
}
