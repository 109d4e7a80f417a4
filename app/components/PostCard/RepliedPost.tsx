// The post a comment answers, atop the 'Add comment' dialog as in Bluesky's reply composer: its author
// (avatar, name, @username), its text with its links (PostText, as on the card) and a thumbnail of its
// picture, so nobody replies blind. A long text is cut after a few lines ("Open post" shows it whole).
import { usePhotoSrc } from "#app/lib/photo-src";
import type { Post } from "#app/lib/types";
import { Avatar, fullName } from "../Avatar";
import { pictureAlt } from "./PostImage";
import { PostText } from "./PostText";

export function RepliedPost({ post }: { post: Post }) {
  const picture = usePhotoSrc(post.postPic || undefined);
  return (
    <section className="replied-post" aria-label={`Replying to ${fullName(post)}`}>
      <Avatar src={post.userPhoto} name={post.firstName} size="sm" />
      <div className="replied-post__body">
        <p className="replied-post__meta">
          <span className="replied-post__name">
            <bdi>{fullName(post)}</bdi>
          </span>{" "}
          <span className="replied-post__handle">@{post.username}</span>
        </p>
        <PostText text={post.content} className="replied-post__text" />
      </div>
      {post.postPic ? (
        picture ? (
          <img className="replied-post__thumb" src={picture} alt={pictureAlt(post)} decoding="async" />
        ) : (
          <span className="replied-post__thumb replied-post__thumb--loading" aria-hidden="true" />
        )
      ) : null}
    </section>
  );
}
