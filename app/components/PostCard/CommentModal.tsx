// 'Add comment': the post's comments, then a 'Write a comment...' box (max 60) and 'Reply'.
// A long thread shows its latest comments first and earlier ones a page at a
// time ('Show earlier comments', or by scrolling up to it), so the DOM stays small.
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { PostActionData } from "#app/lib/post-actions";
import { COMMENT_MAX, commentSchema } from "#app/lib/schemas";
import { TEXT } from "#app/lib/texts";
import type { Post } from "#app/lib/types";
import { Avatar, fullName } from "../Avatar";
import { TextareaField } from "../Field";
import { Modal } from "../Modal";
import { RelativeTime } from "../RelativeTime";
import { Counter } from "../Counter";

const COMMENTS_PAGE = 20;

export function CommentModal({ post, onClose }: { post: Post; onClose: () => void }) {
  const [shown, setShown] = useState(COMMENTS_PAGE);
  const earlier = Math.max(0, post.comments.length - shown);
  const visible = post.comments.slice(earlier);
  const showEarlier = useRef<HTMLButtonElement>(null);
  const hasEarlier = earlier > 0;
  useEffect(() => {
    const button = showEarlier.current;
    if (!button || typeof IntersectionObserver === "undefined") return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown((n) => n + COMMENTS_PAGE);
    });
    seen.observe(button);
    return () => seen.disconnect();
  }, [hasEarlier]);
  const fetcher = useFetcher<PostActionData>({ key: `comment:${post._id}` });
  const busy = fetcher.state !== "idle";
  const lastResult = fetcher.state === "idle" && fetcher.data && "result" in fetcher.data ? fetcher.data.result : undefined;
  const [form, fields] = useForm({
    id: `comment-${post._id}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: commentSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const counterId = `comment-${post._id}-counter`;
  const fieldId = fields.commentVal.id;
  // Conform re-mounts the textarea on reset; put the caret back for the next comment.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) document.getElementById(fieldId)?.focus();
  }, [fetcher.state, fetcher.data, fieldId]);
  return (
    <Modal title={TEXT.addComment} onClose={onClose}>
      <section className="comments" aria-label={`Comments on ${post.firstName}'s post`}>
        {post.comments.length === 0 ? (
          <p className="comments__empty">No comments yet. Be the first.</p>
        ) : (
          <ul className="comments__list">
            {earlier > 0 ? (
              <li className="comments__earlier">
                <button ref={showEarlier} type="button" className="link-button" onClick={() => setShown((n) => n + COMMENTS_PAGE)}>
                  Show earlier comments ({earlier})
                </button>
              </li>
            ) : null}
            {visible.map((c) => (
              <li key={c._id} className="comment">
                <Avatar src={c.profilePic} name={c.firstName} size="sm" />
                <div className="comment__body">
                  <p className="comment__meta">
                    <span className="comment__name">{fullName(c)}</span> <span className="comment__handle">@{c.username}</span>{" "}
                    <RelativeTime iso={c.createdAt} className="comment__time" />
                  </p>
                  <p className="comment__text">{c.commentVal}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <fetcher.Form method="post" className="form comment-form" {...getFormProps(form)}>
        <input type="hidden" name="postId" value={post._id} />
        <TextareaField
          key={fields.commentVal.key}
          label="Your comment"
          hideLabel
          textareaProps={{
            ...getTextareaProps(fields.commentVal),
            placeholder: TEXT.commentPlaceholder,
            rows: 2,
            "aria-describedby": counterId,
          }}
          errors={fields.commentVal.errors}
        />
        <div className="form__row">
          <Counter id={counterId} max={COMMENT_MAX} length={String(fields.commentVal.value ?? "").length} />
          <button type="submit" name="intent" value="comment" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? "Replying…" : TEXT.reply}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
