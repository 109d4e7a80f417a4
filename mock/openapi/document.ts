// The API's OpenAPI 3.1 description, built from the route table alone: each
// route's facts (route-kit's RouteFacts: summary, tags, operationId, body schema,
// query, answers and refusals), its method, path and auth. Nothing is added
// here by hand for one route; what every route shares (the refusals any route
// may give, the headers, paging, `Prefer`) is said once below. Answer shapes are
// named components (./components.ts); limits come from the zod schemas the
// handlers check with, so the document and the checks cannot drift.
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z, type ZodTypeAny } from "zod";
import { SERVED_BY, SESSION_ERROR_HEADER, STORE_ERROR_HEADER, type SessionError } from "../core/boundary";
import { MAX_LIMIT } from "../data/paging";
import type { RouteDef, RouteFacts, Tag } from "../routes/route-kit";
import { POST_IDS, SEED_USERS } from "../data/seed";
import { ErrorBody, SHAPES } from "./components";

const TAGS: Record<Tag, string> = {
  auth: "Sign up and log in: the token the other calls send.",
  posts: "Posts, likes and dislikes.",
  comments: "Comments on posts and their votes.",
  users: "Users, profiles and follows.",
  bookmarks: "The caller's bookmarked posts.",
  todos: "The request tester's sandbox.",
  photos: "Photos that answers quote by reference.",
  search: "Search posts, people and tags.",
  notifications: "Likes, comments, follows and mentions that concern the caller.",
  meta: "This description.",
};

/** Examples of path parameters, from the seed. */
const PARAM_EXAMPLES: Record<string, string> = {
  postId: POST_IDS[0],
  username: SEED_USERS[2].username,
  userId: SEED_USERS[2].username,
  followUserId: SEED_USERS[0].username,
  owner: "users",
  id: SEED_USERS[2]._id,
  field: "userPhoto",
  tag: "moments",
};
const PARAM_DESCRIPTIONS: Record<string, string> = {
  postId: "A post's id.",
  commentId: "A comment's id (on that post).",
  username: "A username.",
  userId: "A user's id or username.",
  followUserId: "The other user's id or username.",
  todoId: "A todo's id.",
  owner: "Whose photo: users or posts.",
  id: "The owner's id.",
  field: "The photo field: userPhoto or coverPhoto (users), postPic (posts).",
  tag: "A tag, with or without '#', compared without case or accents.",
};

/** Response headers, described once (components.headers) and referenced. */
const HEADERS = {
  ETag: { description: "The photo's fingerprint.", schema: { type: "string" } },
  "Cache-Control": { description: "Cacheable forever while `v` names the current photo, else no-cache.", schema: { type: "string" } },
  "X-Content-Type-Options": {
    description: "Always `nosniff`: the type given is the type meant.",
    schema: { type: "string", enum: ["nosniff"] },
  },
  "Content-Security-Policy": {
    description: "`sandbox; default-src 'none'; style-src 'unsafe-inline'`: a photo opened on its own runs no script.",
    schema: { type: "string" },
  },
  "Preference-Applied": {
    description: "`return=minimal` when the answer is the small one `Prefer` asked for.",
    schema: { type: "string", enum: ["return=minimal"] },
  },
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 0 } },
  [SESSION_ERROR_HEADER]: {
    description: "Why the caller's session ended: no token, a token that does not verify, or a user that no longer exists.",
    schema: { type: "string", enum: ["no-token", "bad-token", "no-user"] satisfies SessionError[] },
  },
  Allow: {
    description: "The methods the path takes, HEAD wherever GET is: on a 405 (a method the path does not take) and on OPTIONS' 204.",
    schema: { type: "string", example: "GET, POST, HEAD" },
  },
  [STORE_ERROR_HEADER]: { description: "Why the change could not be saved.", schema: { type: "string" } },
  [SERVED_BY]: { description: "The mockman version of `mockman serve` (not set by the in-browser mock).", schema: { type: "string" } },
} as const;
type HeaderName = keyof typeof HEADERS;
const headerRefs = (names: readonly HeaderName[]) =>
  names.length ? Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }])) : undefined;

/** The 405 answer's component. */
const WRONG_METHOD = "WrongMethod";

/** Refusals any route may give, each a response component. */
const COMMON = {
  BadInput: { status: 400, description: "Bad input: the message names the field or parameter." },
  NotFound: { status: 404, description: "An unknown id." },
  SessionEnded: {
    status: 404,
    description: `No token, or a user that no longer exists (${SESSION_ERROR_HEADER} says which); or an unknown id.`,
    headers: [SESSION_ERROR_HEADER],
  },
  BadToken: { status: 401, description: "A token that does not verify.", headers: [SESSION_ERROR_HEADER] },
  TooLarge: { status: 413, description: "The request body is too large." },
  AnswerTooLarge: {
    status: 422,
    description: "The answer would pass what can be built (~512 MB of text); a write is undone, a read asks for fewer (?limit=).",
  },
  Failure: { status: 500, description: "An injected failure (mock settings) or an unexpected one." },
  Unavailable: {
    status: 503,
    description: "An injected failure, or `mockman serve` is holding too many request bodies.",
    headers: ["Retry-After"],
  },
  NotSaved: {
    status: 507,
    description: "The change could not be saved (storage full, read-only or gone) and was undone.",
    headers: [STORE_ERROR_HEADER],
  },
} as const satisfies Record<string, { status: number; description: string; headers?: readonly HeaderName[] }>;
type Common = keyof typeof COMMON;

/** `/posts/:postId` → `/api/posts/{postId}` and its parameter names. */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:(\w+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: `/api${converted}`, params };
}

const pascal = (id: string) => id[0].toUpperCase() + id.slice(1);

/** The refusals one route may give: shared ones by reference, its own (merged with a shared one of the same status) in place. */
function refusals(route: RouteDef): Record<string, ResponseConfig | { $ref: string }> {
  const { facts } = route;
  const common: Common[] = [];
  if (facts.body || facts.paged || facts.query) common.push("BadInput");
  if (route.auth) common.push("BadToken", "SessionEnded");
  else if (openApiPath(route.path).params.length) common.push("NotFound");
  if (route.method !== "GET") common.push("TooLarge");
  common.push("AnswerTooLarge", "Failure", "Unavailable");
  if (route.method !== "GET") common.push("NotSaved");
  const out: Record<string, ResponseConfig | { $ref: string }> = {};
  for (const name of common) out[COMMON[name].status] = { $ref: `#/components/responses/${name}` };
  for (const [status, description] of Object.entries(facts.refusals ?? {})) {
    const shared = common.find((name) => String(COMMON[name].status) === status);
    const sharedDoc = shared && (COMMON[shared] as { description: string; headers?: readonly HeaderName[] });
    out[status] = {
      description: sharedDoc ? `${description} Or: ${sharedDoc.description}` : description,
      headers: headerRefs(sharedDoc?.headers ?? []),
      content: { "application/json": { schema: ErrorBody } },
    } as ResponseConfig;
  }
  return out;
}

function answers(facts: RouteFacts): Record<string, ResponseConfig> {
  const out: Record<string, ResponseConfig> = {};
  for (const [status, answer] of Object.entries(facts.answers)) {
    const headers: HeaderName[] = [...(answer.headers ?? []), SERVED_BY];
    if (facts.minimal) headers.push("Preference-Applied");
    let schema: ZodTypeAny | undefined = answer.shape && SHAPES[answer.shape];
    if (schema && facts.minimal && status !== "304") schema = z.union([schema, SHAPES[facts.minimal]]);
    if (schema && facts.paged && status === "200") schema = z.union([schema, SHAPES[facts.paged]]);
    const media = answer.media ?? "application/json";
    out[status] = {
      description: answer.description,
      headers: headerRefs(headers) as ResponseConfig["headers"],
      ...(schema
        ? { content: { [media]: { schema } } }
        : answer.media
          ? { content: { [media]: { schema: { type: "string", contentEncoding: "binary" } } } }
          : {}),
    } as ResponseConfig;
  }
  return out;
}

export interface DocumentOptions {
  /** The origin the document was asked from (`mockman serve`'s), or none: relative (the tab's own). */
  origin?: string;
}

export function buildOpenApiDocument(routes: readonly RouteDef[], version: string, options: DocumentOptions = {}) {
  const registry = new OpenAPIRegistry();
  const token = registry.registerComponent("securitySchemes", "token", {
    type: "apiKey",
    in: "header",
    name: "authorization",
    description: "The encodedToken of login or signup, bare or as `Bearer <token>`.",
  });
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent("headers", name, header as never);
  for (const [name, refusal] of Object.entries(COMMON))
    registry.registerComponent("responses", name, {
      description: refusal.description,
      headers: headerRefs("headers" in refusal ? refusal.headers : []) as never,
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    } as never);
  registry.register("Error", ErrorBody);
  // A 405 belongs to no operation (it answers the methods a path has none for): described once, named in info.
  registry.registerComponent("responses", WRONG_METHOD, {
    description: "A method this path does not take; `Allow` lists the ones it does. OPTIONS on a path answers 204 with `Allow`.",
    headers: headerRefs(["Allow", SERVED_BY]) as never,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  } as never);

  const seen = new Set<string>();
  for (const route of routes) {
    const { facts } = route;
    if (seen.has(facts.operationId)) throw new Error(`two routes have the operationId ${facts.operationId}`);
    seen.add(facts.operationId);
    const { path, params } = openApiPath(route.path);
    const query = facts.paged
      ? z
          .object({
            limit: z
              .number()
              .int()
              .min(1)
              .max(MAX_LIMIT)
              .optional()
              .openapi({ description: `Page size, 1 to ${MAX_LIMIT}; turns paging on (newest first).`, example: 20 }),
            cursor: z.string().min(1).optional().openapi({ description: "The `next` of the previous page." }),
          })
          .merge(facts.query ?? z.object({}))
      : facts.query;
    const config: RouteConfig = {
      method: route.method.toLowerCase() as RouteConfig["method"],
      path,
      operationId: facts.operationId,
      summary: facts.summary,
      description: facts.description,
      tags: [facts.tag],
      security: route.auth ? [{ [token.name]: [] }] : [],
      request: {
        params: params.length
          ? z.object(
              Object.fromEntries(
                params.map((p) => [
                  p,
                  z.string().openapi({
                    description: PARAM_DESCRIPTIONS[p] ?? p,
                    ...(PARAM_EXAMPLES[p] ? { example: PARAM_EXAMPLES[p] } : {}),
                  }),
                ]),
              ),
            )
          : undefined,
        query,
        headers: facts.minimal
          ? z.object({
              // RFC 7240: preferences a server does not know are ignored, so any value is a valid request.
              Prefer: z.string().optional().openapi({
                description: "`return=minimal`: answer with what changed only (RFC 7240). Other preferences are ignored.",
                example: "return=minimal",
              }),
            })
          : undefined,
        body: facts.body
          ? {
              required: !facts.bodyOptional,
              content: {
                "application/json": {
                  schema: registry.register(`${pascal(facts.operationId)}Request`, facts.body),
                  ...(facts.bodyExample === undefined ? {} : { example: facts.bodyExample }),
                },
              },
            }
          : undefined,
      },
      responses: { ...answers(facts), ...refusals(route) } as RouteConfig["responses"],
    };
    registry.registerPath(config);
  }
  const used = new Set(routes.map((r) => r.facts.tag));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Moments mock API",
      version,
      description:
        "The mock behind Moments and mockman. Errors are always `{ errors: [message] }`. A method a path does not take answers " +
        `405 with \`Allow\` (#/components/responses/${WRONG_METHOD}). README.md and mock/CONTRACT.md say more.`,
      license: { name: "UNLICENSED (private project)", identifier: "LicenseRef-Private" } as never,
      contact: { name: "Moments maintainers" },
    },
    servers: [
      options.origin
        ? { url: options.origin, description: "mockman serve (where this document was asked from)" }
        : { url: "/", description: "the in-browser mock (same origin as this document)" },
    ],
    tags: (Object.keys(TAGS) as Tag[]).filter((t) => used.has(t)).map((name) => ({ name, description: TAGS[name] })),
  });
}
