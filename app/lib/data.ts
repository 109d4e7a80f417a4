// Reads shared by the signed-in screens. Lists come oldest first from the
// server; §9 has the client reverse them so the newest come first.
import { api } from "./api";
import type { Post, User } from "./types";

export const newestFirst = <T>(list: T[]): T[] => [...list].reverse();

export async function getPosts(): Promise<Post[]> {
  const { posts } = await api<{ posts: Post[] }>("/posts");
  return newestFirst(posts);
}

export async function getUsers(): Promise<User[]> {
  const { users } = await api<{ users: User[] }>("/users");
  return users;
}

/** DESIGN: the token goes with GET /users/bookmark like every other authenticated call. */
export async function getBookmarks(): Promise<Post[]> {
  const { bookmarks } = await api<{ bookmarks: Post[] }>("/users/bookmark", { auth: true });
  return newestFirst(bookmarks);
}
