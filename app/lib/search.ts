// GET /api/search, a page at a time, for the Explore screen's search box.
import { api } from "./api";
import type { Page } from "./data";
import type { Post, User } from "./types";

export const SEARCH_TYPES = ["posts", "users", "tags"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export interface TagCount {
  tag: string;
  count: number;
}
type Found = { posts: Post; users: User; tags: TagCount };

export async function search<T extends SearchType>(q: string, type: T, cursor: string | null = null): Promise<Page<Found[T]>> {
  const query = new URLSearchParams({ q, type, limit: "20" });
  if (cursor) query.set("cursor", cursor);
  const answer = await api<Record<string, unknown>>(`/search?${query}`);
  return { items: answer[type] as Found[T][], next: answer.next as string | null, total: answer.total as number };
}

/** Another word a URL may use for a type: the People tab is `users` (the API's word), and also what it is called. */
const ALIASES: Record<string, SearchType> = { people: "users" };

/** The type a URL's `type` names (in any case, or by the tab's name, ALIASES); posts when it names none. */
export const searchTypeOf = (value: string | null): SearchType => {
  const word = (value ?? "").trim().toLowerCase();
  return (SEARCH_TYPES as readonly string[]).includes(word) ? (word as SearchType) : (ALIASES[word] ?? "posts");
};
