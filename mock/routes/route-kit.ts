// What a route handler sees and returns. Handlers are plain functions of
// (ctx, request): they never see Mirage, the store or the door a request came in by.
import type { z } from "zod";
import { badRequest } from "../core/errors";
import type { Tables } from "../data/tables";
import type { Search } from "../features/search-index";
import { pageRequest, type Page, type PageRequest } from "../data/paging";
import type { PostRecord, UserRecord } from "../core/types";

export type Verb = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequest {
  method: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  /** The query string's parameters (the last value wins when one repeats). */
  query: Record<string, string>;
  /** The parsed JSON body; undefined when the body was empty. */
  body: unknown;
}

export interface Ctx {
  db: Tables;
  /** The search index of `db` (mock/features/search-index.ts). */
  search: Search;
  /** The caller, on routes that need one. */
  user: UserRecord;
  passwordIterations: number;
  now(): Date;
  /**
   * Runs slow work that reads nothing shared (password hashing) with the request
   * queue let go, so other requests go on meanwhile; the handler has the queue
   * again when it resolves, and must check again what it read before. Call it
   * before changing anything: once a handler has changed a record it runs inline.
   */
  unqueued<T>(work: () => Promise<T>): Promise<T>;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: Ctx, req: ApiRequest) => Reply | Promise<Reply>;

/**
 * The answer shapes routes name, each a named component of the OpenAPI
 * description (mock/openapi/components.ts holds their schemas). Naming a shape
 * here, not importing its schema, keeps the document's generator out of the
 * code every request runs.
 */
export type Shape =
  | "SignupAnswer"
  | "LoginAnswer"
  | "PostList"
  | "PostPage"
  | "OnePost"
  | "DeletedPost"
  | "CommentList"
  | "CommentPage"
  | "PostsAndComments"
  | "PostAndComments"
  | "UserList"
  | "UserPage"
  | "OneUser"
  | "FollowAnswer"
  | "BookmarkList"
  | "BookmarkPage"
  | "TodoList"
  | "NewTodo"
  | "OpenApiDocument"
  | "SearchPage"
  | "NotificationPage"
  | "NotificationsRead";

/** Response headers a route's answer may carry, described once in the document. */
export type AnswerHeader = "ETag" | "Cache-Control" | "X-Content-Type-Options" | "Content-Security-Policy";

export interface Answer {
  description: string;
  /** The JSON body's shape; none: no body. */
  shape?: Shape;
  /** A body that is not JSON (a photo's bytes): its media type. */
  media?: string;
  headers?: AnswerHeader[];
}

/** The tags operations are grouped by, each described in the document. */
export type Tag = "auth" | "posts" | "comments" | "users" | "bookmarks" | "todos" | "photos" | "search" | "notifications" | "meta";

/**
 * What a route tells its callers: everything the OpenAPI description says about
 * it comes from here and from the route's method, path and auth.
 */
export interface RouteFacts {
  /** Unique, camelCase: the name generated clients give the call. */
  operationId: string;
  summary: string;
  description: string;
  tag: Tag;
  /** The JSON body, checked with parseBody(body, ...) by the handler; a route with one requires it. */
  body?: z.ZodTypeAny;
  /** The body may be left out (read as `{}`): only where every field of `body` is optional and none has a meaning then. */
  bodyOptional?: true;
  /** An example body (from the seed). */
  bodyExample?: unknown;
  /** Query parameters beside paging's (`limit`, `cursor`: listRoute adds them). */
  query?: z.AnyZodObject;
  /** Success answers by status. */
  answers: Record<number, Answer>;
  /** The list's page shape: the route takes `limit` and `cursor` (set by listRoute). */
  paged?: Shape;
  /** The answer to `Prefer: return=minimal`, beside the success answer's shape. */
  minimal?: Shape;
  /** Refusals this route gives besides the ones every route may (bad input, unknown ids, tokens), by status. */
  refusals?: Record<number, string>;
}

export interface RouteDef {
  method: Verb;
  path: string;
  auth: boolean;
  handler: Handler;
  /** What the route tells its callers (the OpenAPI description is built from these alone). */
  facts: RouteFacts;
}

export const reply = (status: number, body: unknown): Reply => ({ status, body });

/** A body that is already JSON text (Mirage passes strings through unchanged). */
export const replyJson = (status: number, json: string): Reply => ({ status, body: json });

const moreFields = (extra: Record<string, unknown>) =>
  Object.entries(extra)
    .map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join("");

/** `{"posts":[...every post]}`, built from the per-post JSON cache; `extra` adds more fields. */
export function allPosts(db: Tables, extra: Record<string, unknown> = {}): string {
  return db.posts.allJsonIn('{"posts":', `${moreFields(extra)}}`);
}

/** A GET list route: the whole list (the spec's answer), or one page when the query asks for paging. */
export function listRoute(
  path: string,
  auth: boolean,
  facts: RouteFacts & { paged: Shape },
  whole: Handler,
  paged: (ctx: Ctx, req: ApiRequest, page: PageRequest) => Reply,
): RouteDef {
  return {
    method: "GET",
    path,
    auth,
    facts,
    handler(ctx, req) {
      const page = pageRequest(req.query);
      return page ? paged(ctx, req, page) : whole(ctx, req);
    },
  };
}

/** One page of posts, `{"posts":[...],"next":...,"total":N}`, from the per-post JSON cache. */
export function pagedPosts(db: Tables, page: Page<PostRecord>, key = "posts"): string {
  return `{${JSON.stringify(key)}:[${page.items.map((p) => db.posts.jsonOf(p)).join(",")}],"next":${JSON.stringify(page.next)},"total":${page.total}}`;
}

/** Whether the client asked for the small answer (`Prefer: return=minimal`, RFC 7240). */
export function wantsMinimal(req: ApiRequest): boolean {
  const prefer = req.headers.prefer;
  if (!prefer) return false;
  return prefer.split(",").some(
    (token) =>
      token
        .split(";")[0]
        .trim()
        .toLowerCase()
        .replace(/\s*=\s*/, "=") === "return=minimal",
  );
}

/**
 * A post mutation's answer: every post (what the spec asks for), or with
 * `Prefer: return=minimal` only what changed, so a client at 100k posts can skip
 * the whole list.
 */
export function postsOrMinimal(
  db: Tables,
  req: ApiRequest,
  status: number,
  minimal: () => string,
  extra: Record<string, unknown> = {},
): Reply {
  if (!wantsMinimal(req)) return replyJson(status, allPosts(db, extra));
  return { status, body: minimal(), headers: { "Preference-Applied": "return=minimal" } };
}

/** `{"post":<the post>}` plus `extra`, for minimal answers. */
export function onePost(db: Tables, post: PostRecord, extra: Record<string, unknown> = {}): string {
  return `{"post":${db.posts.jsonOf(post)}${moreFields(extra)}}`;
}

/** Parses part of a body with a zod schema; a mismatch is a 400 naming the field. */
export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
  // No body at all reads as {}; a JSON null is a body, and not an object.
  const result = schema.safeParse(body === undefined ? {} : body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length ? issue.path.join(".") : "body";
  throw badRequest(`${where}: ${issue.message}`);
}
