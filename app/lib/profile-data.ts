// Reads for /profile/{username}: the user, and the first page of their posts.
import { getUser, getUserPostsPage, type Page } from "./data";
import type { Post, User } from "./types";

export interface ProfileData {
  username: string;
  /** null when no user has this username: the screen says so inside the shell. */
  user: User | null;
  first: Page<Post>;
}

const NO_POSTS: Page<Post> = { items: [], next: null, total: 0 };

/**
 * The viewed user is read by username (CONTRACT §2 has it looked up in a list
 * of every user, which does not hold at scale), with the first page of their posts.
 */
export async function getProfile(username: string): Promise<ProfileData> {
  const user = await getUser(username);
  return { username, user, first: user ? await getUserPostsPage(user.username) : NO_POSTS };
}
