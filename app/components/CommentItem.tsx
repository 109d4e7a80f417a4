// One comment: author, time and text (its @mentions, #tags and URLs linked as
// a post's are, by PostText); on the post page also Edit (your own comments)
// and Delete (your own, or any on your post: CONTRACT §5), which asks first in
// an alertdialog.
import { useFetcher } from "@remix-run/react";
import { useCallback, useState } from "react";
import type { Comment } from "#app/lib/types";
import { Avatar, fullName } from "./Avatar";
import { ConfirmDialog } from "./ConfirmDialog";
import { PostText } from "./PostCard/PostText";
import { RelativeTime } from "./RelativeTime";
import { EDIT_COMMENT, TextEditForm } from "./TextEditForm";

interface CommentItemProps {
  comment: Comment;
  postId: string;
  /** Show Edit and Delete where the viewer may use them. */
  actions?: { me: string; postAuthor: string };
}

export function CommentItem({ comment: c, postId, actions }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const deletion = useFetcher({ key: `delete-comment:${c._id}` });
  const stopEditing = useCallback(() => setEditing(false), []);
  const mine = actions?.me === c.username;
  const mayDelete = mine || actions?.me === actions?.postAuthor;
  if (deletion.state !== "idle") return null;
  return (
    <li className="comment">
      <Avatar src={c.profilePic} name={c.firstName} size="sm" />
      <div className="comment__body">
        <p className="comment__meta">
          <span className="comment__name">
            <bdi>{fullName(c)}</bdi>
          </span>{" "}
          <span className="comment__handle">@{c.username}</span> <RelativeTime iso={c.createdAt} className="comment__time" />
        </p>
        {editing ? (
          <TextEditForm
            {...EDIT_COMMENT}
            id={`edit-comment:${c._id}`}
            initial={c.commentVal}
            hidden={{ postId, commentId: c._id }}
            onDone={stopEditing}
            onCancel={stopEditing}
          />
        ) : (
          <PostText text={c.commentVal} className="comment__text" />
        )}
        {actions && !editing && (mine || mayDelete) ? (
          <div className="comment__actions">
            {mine ? (
              <button type="button" className="link-button" onClick={() => setEditing(true)} aria-label={`Edit comment: ${c.commentVal}`}>
                Edit
              </button>
            ) : null}
            {mayDelete ? (
              <button
                type="button"
                className="link-button link-button--danger"
                aria-haspopup="dialog"
                aria-label={`Delete comment: ${c.commentVal}`}
                onClick={() => setAsking(true)}
              >
                Delete
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {asking ? (
        <ConfirmDialog
          alert
          danger
          title="Delete comment?"
          description={mine ? "Your comment goes for good." : `@${c.username}'s comment on your post goes for good.`}
          confirmLabel="Delete"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void deletion.submit({ intent: "delete-comment", postId, commentId: c._id }, { method: "post" });
          }}
        />
      ) : null}
    </li>
  );
}
