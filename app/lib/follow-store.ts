// Whom the signed-in user follows, as ids: read with the shell (the user record's
// following list) and kept in step by each follow's answer, newest wins
// (versioned-ids.ts). A Follow button shows this once it is read, not the list it
// sits in: Remix puts a fetcher back to idle in the same router state as the
// loaders' new data, but it changes the old state's fetcher map in place, so a
// render of the old state between them (React keeps the router's update in a
// transition; any other update renders first) saw the follow done and the old
// list: the button read "Follow" for a frame after a follow, and a click then
// sent a second follow (tests/e2e/follow.spec.ts "two quick clicks").
import { versionedIds } from "./versioned-ids";

const following = versionedIds();

/** The session user's following list, read at data `version` (0: unknown). */
export const setFollowing = (ids: readonly string[], version = 0) => following.setAll(ids, version);

/** The session user's record as read at data `version` (the shell's loader, another tab's follow): whom it follows. */
export const setFollowingOf = (user: { following?: readonly { _id: string }[] }, version = 0) =>
  setFollowing(
    (user.following ?? []).map((f) => f._id),
    version,
  );

/** A follow or unfollow's answer, saved at data `version` (0: unknown). */
export const markFollowing = (id: string, on: boolean, version = 0) => following.mark(id, on, version);

/** Whether the signed-in user follows `id`, or undefined until the shell has read the list. */
export const useFollowingKnown = (id: string): boolean | undefined => following.useHas(id);
