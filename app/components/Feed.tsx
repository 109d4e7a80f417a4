// The ARIA feed pattern: a role="feed" list of <article>s. Page Down / Page Up
// move between posts, as the pattern asks of a feed.
import type { KeyboardEvent } from "react";
import { useAppData } from "#app/lib/app-data";
import type { Post } from "#app/lib/types";
import { PostCard } from "./PostCard/PostCard";

interface FeedProps {
  posts: Post[];
  label: string;
  busy?: boolean;
  empty?: string;
}

export function Feed({ posts, label, busy = false, empty = "Nothing to show..." }: FeedProps) {
  const { user, bookmarks } = useAppData();
  const marked = new Set(bookmarks.map((p) => p._id));
  if (posts.length === 0) return <p className="feed__empty">{empty}</p>;
  return (
    <div className="feed" role="feed" aria-label={label} aria-busy={busy} onKeyDown={moveBetweenPosts}>
      {posts.map((post, i) => (
        <PostCard key={post._id} post={post} me={user.username} bookmarked={marked.has(post._id)} position={i + 1} setSize={posts.length} />
      ))}
    </div>
  );
}

function moveBetweenPosts(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "PageDown" && event.key !== "PageUp") return;
  const current = (event.target as HTMLElement).closest("article");
  if (!current) return;
  const next = event.key === "PageDown" ? current.nextElementSibling : current.previousElementSibling;
  if (next instanceof HTMLElement && next.tagName === "ARTICLE") {
    event.preventDefault();
    next.focus();
  }
}
