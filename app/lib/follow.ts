// Who follows whom, read from the loaded users list (CONTRACT §2: the viewed user is
// looked up there), and the optimistic state a pending follow shows.
import { useFetcher } from "@remix-run/react";
import { z } from "zod";
import { useFollowingKnown } from "./follow-store";
import { targetOf, useKept } from "./outbox";
import type { User, UserRef } from "./types";

/** What a Follow button posts to /follow (follow-action.ts). */
export const followIntentSchema = z.enum(["follow", "unfollow"]);
export type FollowIntent = z.infer<typeof followIntentSchema>;

/** Whether `me` follows `target`, by the target's followers (the mock keeps both sides in step). */
export function isFollowing(target: Pick<User, "followers">, me: string): boolean {
  return target.followers.some((f) => f.username === me);
}

/** Whether the signed-in user follows `target`, by the session's own following list (kept current by each follow). */
export function follows(me: { following?: { _id: string }[] }, target: { _id: string }): boolean {
  return (me.following ?? []).some((f) => f._id === target._id);
}

/**
 * Whether `person` follows the signed-in user (`me`, a username), by the person's own following list, as a people
 * list, a search or Who to follow reads it: their Follow button then says "Follow back" (FollowButton).
 */
export function followsViewer(person: { following?: { username: string }[] }, me: string): boolean {
  return (person.following ?? []).some((f) => f.username === me);
}

export const followFetcherKey = (userId: string) => `follow:${userId}`;

/**
 * The follow state to show for `target`: the pending intent while a request is
 * in flight (so a second click sends the right next one), else the signed-in
 * user's following list (follow-store.ts, newest wins), else `serverFollowing`,
 * the list the button sits in. `followersDelta` moves the target's follower
 * count (read with `serverFollowing`) to agree.
 */
export function useFollowState(target: UserRef, serverFollowing: boolean) {
  const fetcher = useFetcher({ key: followFetcherKey(target._id) });
  // A follow not yet answered shows as kept (outbox.ts), here and after a reload.
  const kept = useKept(targetOf("follow", target._id));
  const parsed = followIntentSchema.safeParse(fetcher.formData?.get("intent") ?? kept?.intent);
  const pending = parsed.success ? parsed.data : undefined;
  const known = useFollowingKnown(target._id);
  const following = pending ? pending === "follow" : (known ?? serverFollowing);
  const followersDelta = following === serverFollowing ? 0 : following ? 1 : -1;
  return { fetcher, following, followersDelta };
}
