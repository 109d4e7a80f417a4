import { Link } from "@remix-run/react";
import { postPath, profilePath } from "#app/lib/paths";
import type { Post } from "#app/lib/types";
import { Avatar, fullName } from "../Avatar";
import { RelativeTime } from "../RelativeTime";

export function PostHeader({ post, titleId }: { post: Post; titleId: string }) {
  const profile = profilePath(post.username);
  return (
    <header className="post-card__header">
      <Link to={profile} className="post-card__avatar" tabIndex={-1} aria-hidden="true">
        <Avatar src={post.userPhoto} name={post.firstName} />
      </Link>
      <div className="post-card__meta">
        <Link to={profile} id={titleId} className="post-card__name">
          <bdi>{fullName(post)}</bdi>
        </Link>
        <span className="post-card__handle">@{post.username}</span>
        <span className="post-card__dot" aria-hidden="true">
          ·
        </span>
        {/* The time is the post's permalink, as on Bluesky and Mastodon; its name starts with what it shows. */}
        <Link to={postPath(post._id)} className="post-card__permalink">
          <RelativeTime iso={post.createdAt} className="post-card__time" />
        </Link>
      </div>
    </header>
  );
}
