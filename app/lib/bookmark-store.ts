// Which posts the signed-in user has bookmarked, as ids: read with the shell
// (from the user record, never the bookmarked posts themselves) and kept in
// step by the bookmark actions, so a card knows its state without a list reload.
// Newest wins (versioned-ids.ts): a user record read before a bookmark was saved,
// answered after it, does not take the bookmark back.
import { versionedIds } from "./versioned-ids";

const bookmarks = versionedIds();

/** The user record's bookmarks, read at data `version` (0: unknown). */
export const setBookmarks = (ids: readonly string[], version = 0) => bookmarks.setAll(ids, version);

/** A bookmark action's answer, saved at data `version` (0: unknown). */
export const markBookmark = (id: string, on: boolean, version = 0) => bookmarks.mark(id, on, version);

/** Whether a post is marked now (outside React). */
export const isBookmarked = (id: string): boolean => bookmarks.has(id);

export const useBookmarked = (id: string): boolean => bookmarks.useHas(id) ?? false;

/** The set of bookmarked ids (a new Set on every change). */
export const useBookmarkIds = (): ReadonlySet<string> => bookmarks.useIds();
