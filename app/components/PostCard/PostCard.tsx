// A thin assembly of header, body and controls (Bluesky's PostControls layout),
// as an <article> of the ARIA feed around it. Memoized, and reading its post
// from the post store: an action on one post re-renders that card only.
import { useFetcher } from "@remix-run/react";
import { memo } from "react";
import { useBookmarked } from "#app/lib/bookmark-store";
import { targetOf, useKept } from "#app/lib/outbox";
import { usePost } from "#app/lib/post-store";
import type { Post } from "#app/lib/types";
import { BookmarkButton } from "./BookmarkButton";
import { CommentButton } from "./CommentButton";
import { LikeButton } from "./LikeButton";
import { PostHeader } from "./PostHeader";
import { PostImage } from "./PostImage";
import { PostMenu } from "./PostMenu";
import { PostText } from "./PostText";

interface PostCardProps {
  /** The post as the list read it; the store's newer version wins. */
  post: Post;
  me: string;
  position: number;
  setSize: number;
}

export const PostCard = memo(function PostCard({ post: listed, me, position, setSize }: PostCardProps) {
  const post = usePost(listed);
  const bookmarked = useBookmarked(post._id);
  // Shared by the delete button: while it runs, the card is already gone.
  const deletion = useFetcher({ key: `delete-post:${post._id}` });
  // A deletion kept but not yet answered (a reload came first): the card stays gone.
  const keptDeletion = useKept(targetOf("delete-post", post._id));
  if (keptDeletion || deletion.state !== "idle" || (deletion.data as { ok?: boolean } | undefined)?.ok) return null;
  const titleId = `post-${post._id}-author`;
  const bodyId = `post-${post._id}-body`;
  return (
    // The ARIA feed pattern makes each article focusable, so Page Down/Up and j/k can move between them.
    <article
      className="post-card"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <PostHeader post={post} titleId={titleId} />
      <div id={bodyId} className="post-card__body">
        <PostText text={post.content} className="post-card__content" />
        {post.postPic ? <PostImage post={post} /> : null}
      </div>
      <div className="post-card__controls" role="group" aria-label="Post actions">
        <LikeButton post={post} me={me} />
        <CommentButton post={post} />
        <BookmarkButton postId={post._id} bookmarked={bookmarked} />
        {/* Your own post's Edit and Delete: in a '…' menu, so they never take room from the name. */}
        {post.username === me ? <PostMenu post={post} /> : null}
      </div>
    </article>
  );
});
