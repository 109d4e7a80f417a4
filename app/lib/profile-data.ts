// Reads for /profile/{username}: the user, the first page of the tab shown (?tab=), and
// how many posts they wrote (the Posts tab's total; one more small read on another tab).
import { PROFILE_TABS, getUser, getUserPostsPage, type Page, type ProfileTab } from "./data";
import type { Post, User } from "./types";

export interface ProfileData {
  username: string;
  /** null when no user has this username: the screen says so inside the shell. */
  user: User | null;
  tab: ProfileTab;
  first: Page<Post>;
  /** How many posts the user wrote. */
  postCount: number;
}

const NO_POSTS: Page<Post> = { items: [], next: null, total: 0 };

/** The tab a URL names; anything else is Posts. */
export const profileTabOf = (value: string | null): ProfileTab =>
  (PROFILE_TABS as readonly string[]).includes(value ?? "") ? (value as ProfileTab) : "posts";

/**
 * The viewed user is read by username (CONTRACT §2 has it looked up in a list
 * of every user, which does not hold at scale), with the first page of the tab shown.
 */
export async function getProfile(username: string, tab: ProfileTab = "posts"): Promise<ProfileData> {
  const user = await getUser(username);
  if (!user) return { username, user, tab, first: NO_POSTS, postCount: 0 };
  const [first, count] = await Promise.all([
    getUserPostsPage(user.username, null, tab),
    tab === "posts" ? null : getUserPostsPage(user.username, null, "posts", 1),
  ]);
  return { username, user, tab, first, postCount: (count ?? first).total };
}
