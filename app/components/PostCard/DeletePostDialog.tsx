// 'Delete post?' (your own posts, from the card's '…' menu, CONTRACT §6): asks first, in an alertdialog,
// since a post, its comments and likes cannot come back. Shares its fetcher key with PostCard, which
// hides the card while the delete is in flight (and keeps the fetcher once this dialog has gone).
import { useFetcher } from "@remix-run/react";
import { WRITE_KEY, keepForSession } from "#app/lib/use-kept-submit";
import { ConfirmDialog } from "../ConfirmDialog";

export function DeletePostDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const fetcher = useFetcher({ key: `delete-post:${postId}` });
  return (
    <ConfirmDialog
      alert
      danger
      title="Delete post?"
      description="The post, its comments and its likes go for good. This cannot be undone."
      confirmLabel="Delete"
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        // The card goes at once: the deletion is kept first (app/lib/outbox.ts), so a reload cannot bring it back.
        const key = keepForSession("delete-post", postId);
        void fetcher.submit({ intent: "delete-post", postId, ...(key ? { [WRITE_KEY]: key } : {}) }, { method: "post" });
      }}
    />
  );
}
