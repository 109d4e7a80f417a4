// Optional paging for the list routes: `?limit=N&cursor=C` answers one page,
// newest first, with `next` (the cursor of the following page, or null) and
// `total`. A cursor names the last item a page held, by id and by its place in
// the list's order, so a page resumes right after it even when items were added
// or deleted in between (and, by place, when that very item was deleted).
import { badRequest } from "./errors";

export const PAGE_DEFAULT = 20;
export const PAGE_MAX = 100;

export interface Cursor {
  /** The last item's id. */
  id: string;
  /** Its ordering key: insertion sequence (tables) or index (lists kept in a record). */
  at: number;
}

export interface Paging {
  limit: number;
  cursor: Cursor | null;
}

export interface Page<T> {
  items: T[];
  next: string | null;
  total: number;
}

const LIMIT_ERROR = `limit must be a whole number from 1 to ${PAGE_MAX}`;

/** The paging a request asks for, or null when it asks for none (the answer stays unpaged). */
export function readPaging(query: Record<string, string>): Paging | null {
  const hasLimit = Object.hasOwn(query, "limit");
  const hasCursor = Object.hasOwn(query, "cursor");
  if (!hasLimit && !hasCursor) return null;
  let limit = PAGE_DEFAULT;
  if (hasLimit) {
    const raw = query.limit;
    if (!/^\d{1,3}$/.test(raw)) throw badRequest(LIMIT_ERROR);
    limit = Number(raw);
    if (limit < 1 || limit > PAGE_MAX) throw badRequest(LIMIT_ERROR);
  }
  return { limit, cursor: hasCursor ? decodeCursor(query.cursor) : null };
}

export function encodeCursor(cursor: Cursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.id, cursor.at]));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(raw: string): Cursor {
  const invalid = (why: string) => badRequest(`cursor is not valid: ${why}; pass the 'next' of the previous page`);
  if (raw.length === 0) throw invalid("it is empty");
  if (raw.length > 512 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid("it is not one this API gave out");
  let value: unknown;
  try {
    const binary = atob(raw.replace(/-/g, "+").replace(/_/g, "/"));
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    throw invalid("it is not one this API gave out");
  }
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== "string" || !Number.isSafeInteger(value[1]) || value[1] < 0)
    throw invalid("it is not one this API gave out");
  return { id: value[0], at: value[1] };
}

/**
 * One page of a list walked newest first. `keyOf` gives each item's place in
 * the list's order (greater is newer); `startBelow` is where the walk starts:
 * the items strictly older than the cursor's place.
 */
export function pageOf<T>(
  walkNewestFirst: (startBelow: number) => Iterable<T>,
  paging: Paging,
  total: number,
  cursorOf: (item: T) => Cursor,
  resolve: (cursor: Cursor) => number,
): Page<T> {
  const startBelow = paging.cursor ? resolve(paging.cursor) : Number.POSITIVE_INFINITY;
  const items: T[] = [];
  let more = false;
  for (const item of walkNewestFirst(startBelow)) {
    if (items.length === paging.limit) {
      more = true;
      break;
    }
    items.push(item);
  }
  const last = items.at(-1);
  return { items, next: more && last ? encodeCursor(cursorOf(last)) : null, total };
}

/** A page of an array kept oldest first (bookmarks, comments): its index is the place. */
export function pageOfList<T>(list: readonly T[], idOf: (item: T) => string, paging: Paging): Page<T> {
  return pageOf(
    function* (below) {
      for (let i = Math.min(list.length, below) - 1; i >= 0; i--) yield list[i];
    },
    paging,
    list.length,
    (item) => ({ id: idOf(item), at: list.indexOf(item) }),
    (cursor) => {
      // Where the item is now; if it was removed, where it was, less what was removed before it.
      const now = list.findIndex((item) => idOf(item) === cursor.id);
      return now >= 0 ? now : Math.min(cursor.at, list.length);
    },
  );
}
