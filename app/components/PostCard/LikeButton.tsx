// The heart: like and unlike through CONTRACT §7's like and dislike calls. What it shows
// comes from the pending submission while one is in flight (Remix's Favorite), or the
// kept write not yet answered (app/lib/outbox.ts), so a second click sends the right
// next intent and a reload never undoes what was shown; the count never dips below 0.
import { useFetcher } from "@remix-run/react";
import { targetOf, useKept } from "#app/lib/outbox";
import type { Post } from "#app/lib/types";
import { useKeptSubmit } from "#app/lib/use-kept-submit";
import { HeartIcon } from "../Icons";

export function isLikedBy(post: Post, username: string) {
  return post.likes.likedBy.some((u) => u.username === username);
}

export function LikeButton({ post, me }: { post: Post; me: string }) {
  const fetcher = useFetcher({ key: `like:${post._id}` });
  const serverLiked = isLikedBy(post, me);
  // The click's write is kept before it shows (outbox.ts); until it is answered the kept state
  // shows, here and after a reload, whatever an older read says.
  const kept = useKept(targetOf("like", post._id));
  const onSubmit = useKeptSubmit(fetcher, "postId");
  const pending = fetcher.formData?.get("intent") ?? kept?.intent;
  const liked = pending ? pending === "like" : serverLiked;
  const delta = liked === serverLiked ? 0 : liked ? 1 : -1;
  const count = Math.max(0, post.likes.likeCount + delta);
  return (
    <fetcher.Form method="post" className="control" onSubmit={onSubmit}>
      <input type="hidden" name="postId" value={post._id} />
      <button
        type="submit"
        name="intent"
        value={liked ? "unlike" : "like"}
        className={`icon-button control__button control__button--like${liked ? " is-active" : ""}`}
        aria-pressed={liked}
        aria-label="Like"
        title={liked ? "Unlike" : "Like"}
      >
        <HeartIcon filled={liked} />
      </button>
      <span className="control__count">
        <span aria-hidden="true">{formatCount(count)}</span>
        <span className="visually-hidden">{count === 1 ? "1 like" : `${count} likes`}</span>
      </span>
    </fetcher.Form>
  );
}

/** Whole numbers with separators: '2,801', so one more like always shows. */
const COUNT = new Intl.NumberFormat("en-US");

export function formatCount(n: number): string {
  return COUNT.format(n);
}
