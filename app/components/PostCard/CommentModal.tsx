// 'Add comment': the post it answers (RepliedPost), the post's comments, then a 'Write a comment...' box (max 60) and 'Reply'.
// A long thread shows its latest comments first and earlier ones a page at a
// time ('Show earlier comments', or by scrolling up to it), so the DOM stays small.
// Back closes the sheet before it leaves the page (useBackCloses).
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { postPath } from "#app/lib/paths";
import { TEXT } from "#app/lib/texts";
import type { Post } from "#app/lib/types";
import { useBackCloses } from "#app/lib/use-back-closes";
import { CommentForm } from "../CommentForm";
import { CommentItem } from "../CommentItem";
import { Modal } from "../Modal";
import { RepliedPost } from "./RepliedPost";

const COMMENTS_PAGE = 20;

export function CommentModal({ post, onClose }: { post: Post; onClose: () => void }) {
  const [shown, setShown] = useState(COMMENTS_PAGE);
  const earlier = Math.max(0, post.comments.length - shown);
  const visible = post.comments.slice(earlier);
  const showEarlier = useRef<HTMLButtonElement>(null);
  const hasEarlier = earlier > 0;
  useBackCloses(onClose);
  useEffect(() => {
    const button = showEarlier.current;
    if (!button || typeof IntersectionObserver === "undefined") return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown((n) => n + COMMENTS_PAGE);
    });
    seen.observe(button);
    return () => seen.disconnect();
  }, [hasEarlier]);
  return (
    <Modal title={TEXT.addComment} onClose={onClose}>
      <RepliedPost post={post} />
      <p className="comments__open">
        <Link to={postPath(post._id)}>Open post</Link> to see it whole, with its comments.
      </p>
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
              <CommentItem key={c._id} comment={c} postId={post._id} />
            ))}
          </ul>
        )}
      </section>
      <CommentForm postId={post._id} />
    </Modal>
  );
}
