// /profile/{username}: the profile header, then the user's posts newest first.
import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from "@remix-run/react";
import { useState } from "react";
import { fullName } from "#app/components/Avatar";
import { Feed } from "#app/components/Feed";
import { FollowButton } from "#app/components/FollowButton";
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { EditProfileModal } from "#app/components/profile/EditProfileModal";
import { ProfileHeader } from "#app/components/profile/ProfileHeader";
import { ProfileNotFound } from "#app/components/profile/ProfileNotFound";
import { useAppData } from "#app/lib/app-data";
import { isFollowing } from "#app/lib/follow";
import { profileActions } from "#app/lib/profile-actions";
import { getUserPostsPage } from "#app/lib/data";
import { getProfile, type ProfileData } from "#app/lib/profile-data";
import { revalidateUnlessPostAction } from "#app/lib/revalidate";
import { TEXT } from "#app/lib/texts";
import type { User } from "#app/lib/types";

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  return getProfile(params.username ?? "");
}

export const clientAction = profileActions;
// A follow or a profile edit reads the user again (one user and one page);
// the list keeps the pages it holds.
export const shouldRevalidate = revalidateUnlessPostAction;

export default function Profile() {
  const { username, user, first } = useLoaderData<typeof clientLoader>();
  const { user: me } = useAppData();
  if (!user)
    return (
      <div className="page">
        <ProfileNotFound username={username} />
      </div>
    );
  const mine = user.username === me.username;
  const following = !mine && isFollowing(user, me.username);
  return (
    <div className="page">
      <ProfileHeader
        key={user._id}
        user={user}
        following={following}
        action={mine ? <EditProfileButton user={user} /> : <FollowButton user={user} following={following} />}
      />
      <section className="page__column" aria-labelledby="profile-posts">
        <h2 id="profile-posts" className="section-title">
          Posts
        </h2>
        <Feed
          key={user.username}
          first={first}
          load={(cursor) => getUserPostsPage(user.username, cursor)}
          label={`Posts by ${fullName(user)}`}
          listId={`profile:${user.username}`}
          takesNew={(post) => post.username === user.username}
          empty={mine ? "You haven't posted yet." : TEXT.nothingToShow}
        />
      </section>
    </div>
  );
}

function EditProfileButton({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {TEXT.editProfile}
      </button>
      {open ? <EditProfileModal user={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export const meta: MetaFunction = ({ data }) => {
  const user = (data as ProfileData | undefined)?.user;
  return [{ title: user ? `${fullName(user)} (@${user.username}) · Moments` : "Profile not found · Moments" }];
};

export const ErrorBoundary = RouteErrorBoundary;
