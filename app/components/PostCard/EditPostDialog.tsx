// Only on the user's own posts: edits the post's text (POST /api/posts/edit) in a dialog.
import { useCallback, useState } from "react";
import type { Post } from "#app/lib/types";
import { EditIcon } from "../Icons";
import { Modal } from "../Modal";
import { EDIT_POST, TextEditForm } from "../TextEditForm";

export function EditPostButton({ post }: { post: Post }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label="Edit post"
        aria-haspopup="dialog"
        title="Edit post"
        onClick={() => setOpen(true)}
      >
        <EditIcon />
      </button>
      {open ? (
        <Modal title="Edit post" onClose={close}>
          <TextEditForm
            {...EDIT_POST}
            id={`edit-post:${post._id}`}
            initial={post.content}
            hidden={{ postId: post._id }}
            onDone={close}
            onCancel={close}
          />
        </Modal>
      ) : null}
    </>
  );
}
