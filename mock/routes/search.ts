// GET /api/search?q=&type=posts|users|tags&limit&cursor: public, always one
// page (the lists' `limit`, default 20), newest first for posts and people,
// most used first for tags. The index is mock/features/search-index.ts.
import { z } from "zod";
import { badRequest } from "../core/errors";
import { DEFAULT_LIMIT, MAX_LIMIT, decode, encode, pageRequest } from "../data/paging";
import { pagedPosts, reply, replyJson, type RouteDef } from "./route-kit";
import { matchPositions, queryGroups, type Search, type TermIndex } from "../features/search-index";
import { charCount } from "../core/rules";
import { fold } from "../features/text-terms";
import { publicUser } from "../data/views";

export const SEARCH_TYPES = ["posts", "users", "tags"] as const;
export const SEARCH_Q_MAX = 100;

/** The query the route reads (its checks are the handler's; this is what callers are told). */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .min(1)
    .max(SEARCH_Q_MAX)
    .regex(/\S/)
    .describe(`What to find, 1 to ${SEARCH_Q_MAX} characters: words (the last also as a prefix), #tags, @names.`),
  type: z.enum(SEARCH_TYPES).optional().describe("What to find: posts (the default), users or tags."),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`),
  cursor: z.string().min(1).optional().describe("The `next` of the previous page."),
});

const positionCursor = z.object({ k: z.string().max(300), g: z.number().int().nonnegative(), s: z.number().int().nonnegative() }).strict();
const tagCursor = z.object({ k: z.string().max(300), c: z.number().int().nonnegative(), t: z.string().max(100) }).strict();

/** One page of a posts or users search (or a tag's posts): the ids found, newest first, and the next cursor. */
export function pageOf(index: TermIndex, kind: string, groups: string[][], limit: number, cursor: string | undefined) {
  let before = Number.POSITIVE_INFINITY;
  if (cursor !== undefined) {
    const at = decode(positionCursor, cursor, kind);
    if (at.g !== index.generation)
      throw badRequest("cursor is not valid: the list was replaced since (a reset or an import); start again without a cursor");
    before = at.s;
  }
  const { found, total } = matchPositions(index, groups, before, limit + 1);
  const more = found.length > limit;
  const page = found.slice(0, limit);
  const ids = page.map((at) => index.idAt(at)!);
  const next = more ? encode({ k: kind, g: index.generation, s: page[page.length - 1] }) : null;
  return { ids, next, total };
}

function searchTags(search: Search, q: string, limit: number, cursor: string | undefined) {
  const prefix = fold(q.trim().replace(/^#/, "")).match(/^[\p{L}\p{N}_]*/u)![0];
  // A query no tag can start with ("#", "!!") finds none: an empty page, not a bad request (its shape is fine).
  if (!prefix) return reply(200, { tags: [], next: null, total: 0 });
  const kind = `tags ${prefix}`;
  const index = search.index().posts;
  // Most used first, then by name: a stable order a cursor can resume.
  const tags = index
    .withPrefix(`#${prefix}`)
    .map((term) => ({ tag: term.slice(1), count: index.list(term).length }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  let start = 0;
  if (cursor !== undefined) {
    const after = decode(tagCursor, cursor, kind);
    start = tags.findIndex((t) => t.count < after.c || (t.count === after.c && t.tag > after.t));
    if (start < 0) start = tags.length;
  }
  const page = tags.slice(start, start + limit);
  const last = page.at(-1);
  const next = start + limit < tags.length && last ? encode({ k: kind, c: last.count, t: last.tag }) : null;
  return reply(200, { tags: page, next, total: tags.length });
}

export const searchRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/search",
    auth: false,
    facts: {
      operationId: "search",
      summary: "Search posts, people or tags",
      description:
        "Always one page (`limit`, default 20): posts holding every word of `q` (the last also as a prefix; `#tag` and `@name` " +
        "match tags and mentions), newest first; people by name or username; or tags starting with `q`, most used first.",
      tag: "search",
      query: searchQuerySchema,
      answers: { 200: { description: "One page of what was found.", shape: "SearchPage" } },
    },
    handler(ctx, req) {
      const { q = "", type = "posts" } = req.query;
      if (!(SEARCH_TYPES as readonly string[]).includes(type)) throw badRequest(`type must be ${SEARCH_TYPES.join(", ")}`);
      if (!q.trim()) throw badRequest("q is required");
      if (charCount(q) > SEARCH_Q_MAX) throw badRequest(`q must be at most ${SEARCH_Q_MAX} characters`);
      const page = pageRequest(req.query);
      const limit = page?.limit ?? DEFAULT_LIMIT;
      if (type === "tags") return searchTags(ctx.search, q, limit, page?.cursor);
      const index = ctx.search.index();
      const people = type === "users";
      const groups = queryGroups(people ? index.users : index.posts, q, people);
      // Nothing to search for ("!!", punctuation only) finds nothing: an empty page, not a bad request.
      if (!groups.length) return reply(200, { [people ? "users" : "posts"]: [], next: null, total: 0 });
      // The query is part of the list's name: a cursor of one search cannot page another.
      const kind = `search ${type} ${q.trim()}`.slice(0, 300);
      if (people) {
        const { ids, next, total } = pageOf(index.users, kind, groups, limit, page?.cursor);
        return reply(200, { users: ids.map((id) => publicUser(ctx.db, ctx.db.users.get(id)!)), next, total });
      }
      const { ids, next, total } = pageOf(index.posts, kind, groups, limit, page?.cursor);
      return replyJson(200, pagedPosts(ctx.db, { items: ids.map((id) => ctx.db.posts.get(id)!), next, total }));
    },
  },
];
