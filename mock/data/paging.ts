// Paged lists: `?limit=N&cursor=C` on every list route, newest first.
//
// A cursor is opaque to clients (base64url of a small JSON object) and says
// where the previous page ended in a way that survives writes between pages:
// - table lists (posts, a user's posts, users) carry the insertion position of
//   the last item sent. Positions only grow and are never reused, so a new post
//   (a higher position) never shows up on a later page, and a deleted post still
//   marks the place it held. Positions belong to one process (and one load of the
//   data): after a restart the cursor falls back to its item's id (400 when that
//   item is gone). A cursor also carries the store's generation, which a reset or
//   import that reorders a list changes and the store keeps (file, IndexedDB,
//   memory alike): a cursor from before such an import is a 400, restarts or not.
// - array lists (bookmarks, comments) carry the ids around the page's end and
//   its index: they resume after the last sent id still present, else at the
//   first following id still present, else at the index (only when all eight
//   ids around the page end were deleted; the next page may then repeat items).
import { z } from "zod";
import { badRequest } from "../core/errors";
import type { Table } from "./tables";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_LIMIT}`;
/** Ids kept on each side of a page's end in an array cursor. */
const ANCHORS = 4;

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  next: string | null;
  total: number;
}

/** The paging a request asks for, or null when it sends neither `limit` nor `cursor`. */
export function pageRequest(query: Record<string, string>): PageRequest | null {
  const hasLimit = Object.hasOwn(query, "limit");
  const hasCursor = Object.hasOwn(query, "cursor");
  if (!hasLimit && !hasCursor) return null;
  let limit = DEFAULT_LIMIT;
  if (hasLimit) {
    const raw = query.limit;
    if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIMIT) throw badRequest(LIMIT_MESSAGE);
    limit = Number(raw);
  }
  if (hasCursor && query.cursor === "") throw badCursor("it is empty");
  return { limit, cursor: hasCursor ? query.cursor : undefined };
}

const badCursor = (why: string) => badRequest(`cursor is not valid: ${why}`);

const id = z.string().min(1).max(200);
const tableCursor = z
  .object({ k: z.string().max(300), g: z.number().int().nonnegative(), e: z.string().max(40), s: z.number().int().nonnegative(), id })
  .strict();

/**
 * Names the positions of one table of one running mock (and one load of its data): a
 * cursor another one made (before a restart) finds its place by its item's id.
 */
const epochOf = (table: { epoch: string; generation: number }) => `${table.epoch}.${table.generation}`;

/** A store generation other than `now`, for data that reorders a list (saved with it, see Store.generation). */
export function newGeneration(now: number): number {
  let next = now;
  while (next === now) next = 1 + Math.floor(Math.random() * 0x7ffffffe);
  return next;
}
const arrayCursor = z
  .object({ k: z.string().max(300), i: z.number().int().nonnegative(), ids: z.array(id).max(ANCHORS), nx: z.array(id).max(ANCHORS) })
  .strict();

/** A cursor: base64url of a small JSON object (search pages with its own kinds too). */
export function encode(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decode<S extends z.ZodTypeAny>(schema: S, cursor: string, kind: string): z.infer<S> {
  if (cursor.length > 4000 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor("it is not a cursor this API gave out");
  let value: unknown;
  try {
    const binary = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw badCursor("it is not a cursor this API gave out");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badCursor("it is not a cursor this API gave out");
  if (parsed.data.k !== kind) throw badCursor("it belongs to another list");
  return parsed.data;
}

/**
 * One page of a table's records, newest first. `kind` names the list (and its
 * scope, e.g. whose posts) so a cursor cannot be replayed on another list.
 */
export function pageTable<T extends { _id: string }>(
  table: Table<T>,
  kind: string,
  page: PageRequest,
  keep?: (record: T) => boolean,
): Page<T> {
  const before = tableBefore(table, kind, page.cursor);
  const items: T[] = [];
  let more = false;
  for (const record of table.newestBefore(before)) {
    if (keep && !keep(record)) continue;
    if (items.length === page.limit) {
      more = true;
      break;
    }
    items.push(record);
  }
  let total = table.size;
  if (keep) {
    total = 0;
    for (const record of table.all()) if (keep(record)) total++;
  }
  const last = items.at(-1);
  return { items, next: more && last ? tableNext(table, kind, last) : null, total };
}

/** The insertion position a table cursor says to read before (the whole table without one). */
function tableBefore<T extends { _id: string }>(table: Table<T>, kind: string, cursor: string | undefined): number {
  if (cursor === undefined) return Number.POSITIVE_INFINITY;
  const at = decode(tableCursor, cursor, kind);
  if (at.g !== table.storeGeneration)
    throw badCursor("the list was replaced since (a reset or an import reordered it); start again without a cursor");
  if (at.e === epochOf(table)) return at.s;
  const position = table.position(at.id);
  if (position === undefined) throw badCursor("its item is gone and the server restarted since; start again without a cursor");
  return position;
}

/** The cursor of the page after the one that ended with `last`. */
const tableNext = <T extends { _id: string }>(table: Table<T>, kind: string, last: T) =>
  encode({ k: kind, g: table.storeGeneration, e: epochOf(table), s: table.position(last._id)!, id: last._id });

/**
 * One page, newest first, of the records named by several id lists (each oldest first,
 * by insertion position, e.g. each followed author's posts), merged: a page costs about
 * the number of lists plus its own length, never the whole table. Cursors are a table's.
 */
export function pageMerged<T extends { _id: string }>(
  table: Table<T>,
  kind: string,
  page: PageRequest,
  lists: readonly (readonly string[])[],
): Page<T> {
  const before = tableBefore(table, kind, page.cursor);
  const pos = (id: string) => table.position(id) ?? -1;
  // A max-heap of each list's newest id before `before`: [position, list, index in it].
  const heap: Array<[number, number, number]> = [];
  let total = 0;
  lists.forEach((ids, list) => {
    total += ids.length;
    if (ids.length === 0) return;
    // Most lists end before `before` (always on the first page): their newest id, without a search.
    const newest = pos(ids[ids.length - 1]);
    if (newest < before) {
      push(heap, [newest, list, ids.length - 1]);
      return;
    }
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pos(ids[mid]) < before) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) push(heap, [pos(ids[lo - 1]), list, lo - 1]);
  });
  const items: T[] = [];
  let more = false;
  while (heap.length > 0) {
    if (items.length === page.limit) {
      more = true;
      break;
    }
    const [, list, index] = pop(heap);
    items.push(table.get(lists[list][index])!);
    if (index > 0) push(heap, [pos(lists[list][index - 1]), list, index - 1]);
  }
  const last = items.at(-1);
  return { items, next: more && last ? tableNext(table, kind, last) : null, total };
}

type Entry = [number, number, number];
function push(heap: Entry[], entry: Entry) {
  heap.push(entry);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent][0] >= heap[i][0]) break;
    [heap[parent], heap[i]] = [heap[i], heap[parent]];
    i = parent;
  }
}
function pop(heap: Entry[]): Entry {
  const top = heap[0];
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let big = i;
      if (l < heap.length && heap[l][0] > heap[big][0]) big = l;
      if (r < heap.length && heap[r][0] > heap[big][0]) big = r;
      if (big === i) break;
      [heap[big], heap[i]] = [heap[i], heap[big]];
      i = big;
    }
  }
  return top;
}

/** One page of a list kept oldest first (bookmarks, comments), newest first. */
export function pageArray<T extends { _id: string }>(list: readonly T[], kind: string, page: PageRequest): Page<T> {
  // `end` is exclusive: the page starts with list[end - 1].
  let end = list.length;
  if (page.cursor !== undefined) {
    const cursor = decode(arrayCursor, page.cursor, kind);
    const indexOf = (wanted: string) => list.findIndex((item) => item._id === wanted);
    end = Math.min(cursor.i, list.length);
    // ids: the page's last items, oldest first (ids[k] was at cursor.i + k); nx: the items after it, newest first
    // (nx[k] was at cursor.i - 1 - k). Items are only added at the newest end and removals only move items down,
    // so an anchor now past where the cursor left it was removed and added again (a bookmark taken back and made
    // anew): it is no anchor, or the next page would repeat this one. One that removals brought back below its
    // place cannot be told apart: when every other anchor is gone too, an item may come again.
    const found = (ids: string[], at: (k: number) => number) =>
      ids.map((id, k) => [indexOf(id), k]).flatMap(([i, k]) => (i >= 0 && i <= at(k) ? [i] : []));
    const sent = found(cursor.ids, (k) => cursor.i + k);
    const following = found(cursor.nx, (k) => cursor.i - 1 - k);
    if (sent.length) end = Math.min(...sent);
    else if (following.length) end = following[0] + 1;
  }
  const start = Math.max(0, end - page.limit);
  const items = list.slice(start, end).reverse();
  const next =
    start > 0
      ? encode({
          k: kind,
          i: start,
          ids: list.slice(start, start + ANCHORS).map((item) => item._id),
          nx: list
            .slice(Math.max(0, start - ANCHORS), start)
            .reverse()
            .map((item) => item._id),
        })
      : null;
  return { items, next, total: list.length };
}
