// /profile/{username}: the profile header with the post count, then three tabs (?tab=):
// Posts (the user's, newest first), Media (those with a photo) and Likes (the posts they like).
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
import { followsViewer, isFollowing } from "#app/lib/follow";
import { profileActions } from "#app/lib/profile-actions";
import { getUserPostsPage, type ProfileTab } from "#app/lib/data";
import { ProfileTabs } from "#app/components/profile/ProfileTabs";
import { getProfile, profileTabOf, type ProfileData } from "#app/lib/profile-data";
import { revalidateUnlessPostAction } from "#app/lib/revalidate";
import { TEXT } from "#app/lib/texts";
import type { User } from "#app/lib/types";

export async function clientLoader({ params, request }: ClientLoaderFunctionArgs) {
  return getProfile(params.username ?? "", profileTabOf(new URL(request.url).searchParams.get("tab")));
}

export const clientAction = profileActions;
// A follow or a profile edit reads the user again (one user and one page);
// the list keeps the pages it holds.
export const shouldRevalidate = revalidateUnlessPostAction;

export default function Profile() {
  const { username, user, first, tab, postCount } = useLoaderData<typeof clientLoader>();
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
        postCount={postCount}
        action={
          mine ? (
            <EditProfileButton user={user} />
          ) : (
            <FollowButton user={user} following={following} followsYou={followsViewer(user, me.username)} />
          )
        }
      />
      <ProfileTabs tab={tab} label={`${fullName(user)}'s posts`}>
        <Feed
          key={`${user.username}:${tab}`}
          first={first}
          load={(cursor) => getUserPostsPage(user.username, cursor, tab)}
          label={`${TAB_LABELS[tab]} ${fullName(user)}`}
          listId={`profile:${user.username}:${tab}`}
          takesNew={tab === "likes" ? undefined : (post) => post.username === user.username && (tab === "posts" || !!post.postPic)}
          empty={(mine ? MY_EMPTY : THEIR_EMPTY)[tab]}
        />
      </ProfileTabs>
    </div>
  );
}

const TAB_LABELS: Record<ProfileTab, string> = { posts: "Posts by", media: "Posts with a photo by", likes: "Posts liked by" };
const MY_EMPTY: Record<ProfileTab, string> = {
  posts: "You haven't posted yet.",
  media: "You haven't posted a photo yet.",
  likes: "You haven't liked a post yet.",
};
const THEIR_EMPTY: Record<ProfileTab, string> = { posts: TEXT.nothingToShow, media: TEXT.nothingToShow, likes: TEXT.nothingToShow };

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
