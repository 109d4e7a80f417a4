// The comment icon and its 'Add comment' modal.
import { useState } from "react";
import type { Post } from "#app/lib/types";
import { CommentIcon } from "../Icons";
import { CommentModal } from "./CommentModal";

export function CommentButton({ post }: { post: Post }) {
  const [open, setOpen] = useState(false);
  const count = post.comments.length;
  return (
    <div className="control">
      <button
        type="button"
        className="icon-button control__button control__button--comment"
        aria-haspopup="dialog"
        aria-label="Comment"
        title="Comment"
        onClick={() => setOpen(true)}
      >
        <CommentIcon />
      </button>
      <span className="control__count">
        <span aria-hidden="true">{count}</span>
        <span className="visually-hidden">{count === 1 ? "1 comment" : `${count} comments`}</span>
      </span>
      {open ? <CommentModal post={post} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
