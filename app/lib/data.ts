// Reads shared by the signed-in screens. Lists are read a page at a time,
// newest first (the API's paging), so a screen costs the same at 100 posts or
// 100,000; the unpaged lists come oldest first and the client reverses them.
import { apiVersioned } from "./api";
import type { Post, User } from "./types";

export const PAGE_SIZE = 20;

export interface Page<T> {
  items: T[];
  /** The cursor of the next page, or null after the last one. */
  next: string | null;
  /** How many items the whole list has. */
  total: number;
  /** The data version it was read at (api.ts versionOf; 0 when unknown). */
  version?: number;
}

export const newestFirst = <T>(list: T[]): T[] => [...list].reverse();

async function getPage<T>(path: string, key: string, cursor: string | null, auth = false, limit = PAGE_SIZE): Promise<Page<T>> {
  const query = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
  const { data: answer, version } = await apiVersioned<Record<string, unknown>>(`${path}${path.includes("?") ? "&" : "?"}${query}`, {
    auth,
  });
  return { items: answer[key] as T[], next: answer.next as string | null, total: answer.total as number, version };
}

export const getPostsPage = (cursor: string | null = null) => getPage<Post>("/posts", "posts", cursor);

/** A profile's tabs: the user's posts, those of them with a photo, the posts they like. */
export const PROFILE_TABS = ["posts", "media", "likes"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** One tab of a profile, newest first (Likes: newest post first, as the API keeps no time of a like). */
export const getUserPostsPage = (username: string, cursor: string | null = null, tab: ProfileTab = "posts", limit = PAGE_SIZE) =>
  getPage<Post>(`/posts/user/${encodeURIComponent(username)}${tab === "posts" ? "" : `?filter=${tab}`}`, "posts", cursor, false, limit);

/** The posts holding #tag, newest first. */
export const getTagPostsPage = (tag: string, cursor: string | null = null) =>
  getPage<Post>(`/posts/tag/${encodeURIComponent(tag)}`, "posts", cursor);

/** The token goes with GET /users/bookmark like every other authenticated call (CONTRACT §10). */
export const getBookmarksPage = (cursor: string | null = null) => getPage<Post>("/users/bookmark", "bookmarks", cursor, true);

/** The Following feed: the posts of the people you follow, and your own (the token says who you are). */
export const getFollowingPage = (cursor: string | null = null) => getPage<Post>("/posts/following", "posts", cursor, true);

export type PeopleList = "followers" | "following";

/** A user's followers, or the people they follow, newest first; by id, which no route's own segment can be. */
export const getPeoplePage = (userId: string, which: PeopleList, cursor: string | null = null) =>
  getPage<User>(`/users/${which}/${encodeURIComponent(userId)}`, "users", cursor);

/** A few users to suggest: the newest, without the viewer. */
export async function getSuggestions(me: string, count = 5): Promise<User[]> {
  const { items } = await getPage<User>("/users", "users", null, false, count + 1);
  return items.filter((u) => u.username !== me).slice(0, count);
}

/** One user by username (or id), or null when there is none. */
/** One post with its comments (GET /api/posts/:postId); a 404 is thrown as the ApiError it is. */
export const readPost = async (postId: string): Promise<Post> => (await readPostVersioned(postId)).post;

/** One post and the data version it was read at. */
export async function readPostVersioned(postId: string): Promise<{ post: Post; version: number }> {
  const { data, version } = await apiVersioned<{ post: Post }>(`/posts/${encodeURIComponent(postId)}`);
  return { post: data.post, version };
}

export async function getUser(username: string): Promise<User | null> {
  return (await getUserVersioned(username))?.user ?? null;
}

/** One user and the data version it was read at, or null when there is none. */
export async function getUserVersioned(username: string): Promise<{ user: User; version: number } | null> {
  try {
    const { data, version } = await apiVersioned<{ user: User }>(`/users/${encodeURIComponent(username)}`);
    return { user: data.user, version };
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}
