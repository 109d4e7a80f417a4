// A person as lists show them (Who to follow, people found by search): photo,
// name and @handle, linking to their profile.
import { Link } from "@remix-run/react";
import { profilePath } from "#app/lib/paths";
import type { UserRef } from "#app/lib/types";
import { Avatar, fullName } from "./Avatar";

export function PersonLink({ user }: { user: UserRef }) {
  return (
    <Link to={profilePath(user.username)} className="suggestion__link">
      <Avatar src={user.userPhoto} name={user.firstName} />
      <span className="suggestion__names">
        <span className="suggestion__name">
          <bdi>{fullName(user)}</bdi>
        </span>
        <span className="suggestion__handle">@{user.username}</span>
      </span>
    </Link>
  );
}
