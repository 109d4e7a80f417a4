// Follow / Following, optimistic (Remix's Favorite pattern): it posts to the
// /follow route, whose action toasts 'followed' / 'unfollowed'.
import { useFollowState } from "#app/lib/follow";
import type { UserRef } from "#app/lib/types";

interface FollowButtonProps {
  user: UserRef;
  following: boolean;
  size?: "sm" | "md";
}

export function FollowButton({ user, following: serverFollowing, size = "md" }: FollowButtonProps) {
  const { fetcher, following } = useFollowState(user, serverFollowing);
  const text = following ? "Following" : "Follow";
  return (
    <fetcher.Form method="post" action="/follow" className="follow-form">
      <input type="hidden" name="userId" value={user._id} />
      <input type="hidden" name="username" value={user.username} />
      <button
        type="submit"
        name="intent"
        value={following ? "unfollow" : "follow"}
        className={`button follow-button follow-button--${size} ${following ? "button--secondary is-following" : "button--primary"}`}
        // The visible word leads the name, so 'Follow' beside five users still says whom.
        aria-label={`${text} @${user.username}`}
        title={following ? `Unfollow @${user.username}` : `Follow @${user.username}`}
      >
        {text}
      </button>
    </fetcher.Form>
  );
}
