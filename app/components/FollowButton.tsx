// Follow / Following, optimistic (Remix's Favorite pattern): it posts to the
// /follow route, whose action toasts 'followed' / 'unfollowed'. "Following" reads
// "Unfollow" while pointed at or focused, and its name always says what a press does.
// To someone who follows you it says "Follow back" (the one place that rule lives).
import { useState } from "react";
import { useFollowState } from "#app/lib/follow";
import { useKeptSubmit } from "#app/lib/use-kept-submit";
import type { UserRef } from "#app/lib/types";

interface FollowButtonProps {
  user: UserRef;
  following: boolean;
  size?: "sm" | "md";
  /**
   * Whether `user` follows the signed-in user: the button then offers "Follow back", as X, Bluesky and
   * Instagram do, wherever it is (a follow notification, a people list, search, Who to follow, a profile).
   */
  followsYou?: boolean;
}

export function FollowButton({ user, following: serverFollowing, size = "md", followsYou = false }: FollowButtonProps) {
  const followText = followsYou ? "Follow back" : "Follow";
  const { fetcher, following } = useFollowState(user, serverFollowing);
  const onSubmit = useKeptSubmit(fetcher, "userId");
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  const text = following ? (pointed || focused ? "Unfollow" : "Following") : followText;
  // Both words a following button shows are in its name (so voice control finds it by either),
  // and the name says what a press does.
  const name = following ? `Following @${user.username}: unfollow` : `${followText} @${user.username}`;
  return (
    <fetcher.Form method="post" action="/follow" className="follow-form" onSubmit={onSubmit}>
      <input type="hidden" name="userId" value={user._id} />
      <input type="hidden" name="username" value={user.username} />
      <button
        type="submit"
        name="intent"
        value={following ? "unfollow" : "follow"}
        className={`button follow-button follow-button--${size} ${following ? "button--secondary is-following" : "button--primary"}`}
        aria-label={name}
        onPointerEnter={() => setPointed(true)}
        onPointerLeave={() => setPointed(false)}
        onFocus={(event) => setFocused(event.currentTarget.matches(":focus-visible"))}
        onBlur={() => setFocused(false)}
      >
        {text}
      </button>
    </fetcher.Form>
  );
}
