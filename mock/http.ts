// What a route handler sees and returns. Handlers are plain functions of
// (ctx, request): they never see Mirage, the store or the door a request came in by.
import type { z } from "zod";
import { ApiError, badRequest } from "./errors";
import { pageOf, type Page, type Paging } from "./paging";
import type { Table, Tables } from "./tables";
import type { PostRecord, UserRecord } from "./types";

export type Verb = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequest {
  method: string;
  params: Record<string, string>;
  /** The query string's parameters (the last value of a repeated name). */
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when the body was empty. */
  body: unknown;
}

export interface Ctx {
  db: Tables;
  /** The caller, on routes that need one. */
  user: UserRecord;
  passwordIterations: number;
  now(): Date;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: Ctx, req: ApiRequest) => Reply | Promise<Reply>;

export interface RouteDef {
  method: Verb;
  path: string;
  auth: boolean;
  handler: Handler;
}

export const reply = (status: number, body: unknown): Reply => ({ status, body });

/** A body that is already JSON text (Mirage passes strings through unchanged). */
export const replyJson = (status: number, json: string): Reply => ({ status, body: json });

/** `{"posts":[...every post]}`, built from the per-post JSON cache; `extra` adds more fields. */
export function allPosts(db: Tables, extra: Record<string, unknown> = {}): string {
  const more = Object.entries(extra).map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`).join("");
  return `{"posts":${db.posts.allJson()}${more}}`;
}

/** `{"<key>":[...one page],"next":...,"total":N}`, the items' JSON given by `jsonOf`. */
export function pageJson<T>(key: string, page: Page<T>, jsonOf: (item: T) => string): string {
  return `{${JSON.stringify(key)}:[${page.items.map(jsonOf).join(",")}],"next":${JSON.stringify(page.next)},"total":${page.total}}`;
}

/** A newest-first page of a table's records (optionally only those `keep` accepts). */
export function tablePage<T extends { _id: string }>(table: Table<T>, paging: Paging, keep?: (record: T) => boolean): Page<T> {
  let total = table.size;
  if (keep) {
    total = 0;
    for (const record of table.all()) if (keep(record)) total++;
  }
  return pageOf(
    function* (below) {
      for (const record of table.newestFirst(below)) if (!keep || keep(record)) yield record;
    },
    paging,
    total,
    (record) => ({ id: record._id, at: table.order(record._id) }),
    (cursor) => (table.get(cursor.id) ? table.order(cursor.id) : cursor.at),
  );
}

/** Whether the caller asked for the small answer (RFC 7240 `Prefer: return=minimal`). */
export function prefersMinimal(req: ApiRequest): boolean {
  return /(^|[\s,;])return=minimal(\s*($|[,;]))/i.test(req.headers.prefer ?? "");
}

/**
 * What a mutation of posts answers: every post (as the contract says), or with
 * `Prefer: return=minimal` only the post it changed (`extra` adds fields to either).
 */
export function postsAnswer(db: Tables, req: ApiRequest, status: number, post: PostRecord, extra: Record<string, unknown> = {}): Reply {
  if (!prefersMinimal(req)) return replyJson(status, allPosts(db, extra));
  const more = Object.entries(extra).map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`).join("");
  return { status, body: `{"post":${db.posts.jsonOf(post)}${more}}`, headers: { "preference-applied": "return=minimal" } };
}

/** Parses part of a body with a zod schema; a mismatch is a 400 naming the field. */
export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length ? issue.path.join(".") : "body";
  throw badRequest(`${where}: ${issue.message}`);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
