// The top of /profile/{username}: cover, avatar, names, bio, link, counts, and
// the post count, 'Edit profile' on your own profile or Follow / Following on anyone else's.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { peoplePath } from "#app/lib/paths";
import { useFollowState } from "#app/lib/follow";
import { usePhotoSrc } from "#app/lib/photo-src";
import type { User } from "#app/lib/types";
import { Avatar, fullName } from "../Avatar";
import { ViewablePhoto } from "../ViewablePhoto";
import { ProfileLink } from "./ProfileLink";

interface ProfileHeaderProps {
  user: User;
  /** Whether the signed-in user follows this one, as the server last said. */
  following: boolean;
  action: ReactNode;
  /** How many posts the user wrote. */
  postCount: number;
}

export function ProfileHeader({ user, following, action, postCount }: ProfileHeaderProps) {
  // The follower count moves with a pending follow, like the button beside it.
  const { followersDelta } = useFollowState(user, following);
  const followers = Math.max(0, user.followers.length + followersDelta);
  const cover = usePhotoSrc(user.coverPhoto);
  return (
    <section className="profile card" aria-labelledby="profile-name">
      <div className="profile__cover">
        {cover ? (
          <ViewablePhoto
            photo={{ src: user.coverPhoto, title: `Cover photo of ${user.firstName}`, alt: user.coverPhotoAlt }}
            className="profile__cover-button"
            label={`View the cover photo of ${user.firstName}`}
          >
            <img src={cover} alt={user.coverPhotoAlt ?? ""} />
          </ViewablePhoto>
        ) : null}
      </div>
      <div className="profile__top">
        {user.userPhoto ? (
          <ViewablePhoto
            photo={{ src: user.userPhoto, title: `Avatar of ${user.firstName}`, alt: user.userPhotoAlt }}
            className="profile__avatar"
            label={`View the avatar of ${user.firstName}`}
          >
            <Avatar src={user.userPhoto} name={user.firstName} size="lg" alt={user.userPhotoAlt} />
          </ViewablePhoto>
        ) : (
          <span className="profile__avatar">
            <Avatar src={user.userPhoto} name={user.firstName} size="lg" alt={user.userPhotoAlt} />
          </span>
        )}
        <div className="profile__action">{action}</div>
      </div>
      <div className="profile__details">
        <h1 id="profile-name" className="profile__name">
          <bdi>{fullName(user)}</bdi>
        </h1>
        <p className="profile__handle">@{user.username}</p>
        {user.bio ? (
          <p className="profile__bio" dir="auto">
            {user.bio}
          </p>
        ) : null}
        {user.link ? <ProfileLink link={user.link} /> : null}
        <div className="profile__counts">
          <p className="profile__post-count">
            <strong>{postCount}</strong> {postCount === 1 ? "Post" : "Posts"}
          </p>
          <ul className="profile__stats" aria-label="Follow counts">
            <li>
              <Link to={peoplePath(user.username, "following")}>
                <strong>{user.following.length}</strong> Following
              </Link>
            </li>
            <li aria-live="polite">
              <Link to={peoplePath(user.username, "followers")}>
                <strong>{followers}</strong> {followers === 1 ? "Follower" : "Followers"}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
