// 'Who to follow': every user but the current one (CONTRACT §6), each with a Follow button.
import { Link } from "@remix-run/react";
import { isFollowing } from "#app/lib/follow";
import { TEXT } from "#app/lib/texts";
import type { User } from "#app/lib/types";
import { Avatar, fullName } from "./Avatar";
import { FollowButton } from "./FollowButton";

export function suggestionsFor(users: User[], me: string): User[] {
  return users.filter((u) => u.username !== me);
}

export function WhoToFollow({ users, me }: { users: User[]; me: string }) {
  const suggestions = suggestionsFor(users, me);
  return (
    <section className="panel" aria-labelledby="who-to-follow">
      <h2 id="who-to-follow" className="panel__title">
        {TEXT.whoToFollow}
      </h2>
      {suggestions.length === 0 ? (
        <p className="panel__empty">No one else is here yet.</p>
      ) : (
        <ul className="suggestions">
          {suggestions.map((u) => (
            <li key={u._id} className="suggestion">
              <Link to={`/profile/${encodeURIComponent(u.username)}`} className="suggestion__link">
                <Avatar src={u.userPhoto} name={u.firstName} />
                <span className="suggestion__names">
                  <span className="suggestion__name">{fullName(u)}</span>
                  <span className="suggestion__handle">@{u.username}</span>
                </span>
              </Link>
              <FollowButton user={u} following={isFollowing(u, me)} size="sm" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
