// Reads for /profile/{username}.
import { ApiError, api } from "./api";
import { getUsers, newestFirst } from "./data";
import type { Post, User } from "./types";

export interface ProfileData {
  username: string;
  /** null when no user has this username: the screen says so inside the shell. */
  user: User | null;
  posts: Post[];
}

/** §2: the viewed user is looked up in the loaded users list; their posts come newest first. */
export async function getProfile(username: string): Promise<ProfileData> {
  const [users, posts] = await Promise.all([getUsers(), getUserPosts(username)]);
  const user = users.find((u) => u.username === username) ?? null;
  return { username, user, posts: user ? posts : [] };
}

async function getUserPosts(username: string): Promise<Post[]> {
  try {
    const { posts } = await api<{ posts: Post[] }>(`/posts/user/${encodeURIComponent(username)}`);
    return newestFirst(posts);
  } catch (error) {
    // An unknown username is a 404 here; the users list decides what the screen shows.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
