// What a route handler sees and returns. Handlers are plain functions of
// (ctx, request): they never see Mirage, the store or the door a request came in by.
import type { z } from "zod";
import { ApiError, badRequest } from "./errors";
import type { Tables } from "./tables";
import type { UserRecord } from "./types";

export type Verb = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequest {
  method: string;
  params: Record<string, string>;
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
