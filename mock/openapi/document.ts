// The API's OpenAPI 3.1 description, generated from the route table and the
// zod schemas the handlers already use (request bodies) and the answer shapes
// of mock/records.ts, with @asteasolutions/zod-to-openapi. Every
// route of mock/routes must have an entry in ROUTE_DOCS: a test fails otherwise.
import { SERVE_URL } from "../boundary";
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z, type ZodTypeAny } from "zod";
import { commentAnswerSchema, postAnswerSchema, todoRecordSchema, userAnswerSchema } from "../records";
import { MAX_LIMIT } from "../paging";
import { loginSchema, signupSchema } from "../routes/auth";
import { addCommentSchema, editCommentSchema } from "../routes/comments";
import { routes } from "../routes/index";
import { createPostSchema, editPostSchema } from "../routes/posts";
import { addTodoSchema } from "../routes/todos";
import { editUserSchema } from "../routes/users";

// The generator reads its metadata through zod's prototype; loading this module adds it.
extendZodWithOpenApi(z);

const strict = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();
const Post = postAnswerSchema.strict();
const PublicUser = userAnswerSchema.strict();
const Comment = commentAnswerSchema.strict();
const Todo = todoRecordSchema.strict();
const ErrorBody = strict({ errors: z.array(z.string()).min(1) });
const paged = (key: string, item: ZodTypeAny) =>
  strict({ [key]: z.array(item), next: z.string().nullable(), total: z.number().int().nonnegative() });
const list = (key: string, item: ZodTypeAny) => strict({ [key]: z.array(item) });
const Posts = list("posts", Post);
const OnePost = strict({ post: Post });

interface RouteDoc {
  summary: string;
  body?: ZodTypeAny;
  /** Answers by status, beside the errors every route may give: JSON unless `media` says otherwise; no body without a schema. */
  ok: Record<number, { description: string; schema?: ZodTypeAny; media?: string }>;
  /** Query parameters, beside paging's. */
  query?: z.AnyZodObject;
  /** Takes ?limit&cursor (the list's paged answer as another 200). */
  paged?: { key: string; item: ZodTypeAny };
  /** Takes `Prefer: return=minimal`. */
  minimal?: ZodTypeAny;
  /** Statuses of refusals this route gives besides 400/404. */
  refusals?: number[];
}

const postsOrOne = {
  description: "every post (oldest first), or with Prefer: return=minimal the changed post",
  schema: z.union([Posts, OnePost]),
};

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  "POST /auth/signup": {
    summary: "Sign up; answers the new user and a token",
    body: signupSchema,
    ok: { 201: { description: "created", schema: strict({ createdUser: PublicUser, encodedToken: z.string() }) } },
    refusals: [422],
  },
  "POST /auth/login": {
    summary: "Log in with username and password",
    body: loginSchema,
    ok: { 200: { description: "logged in", schema: strict({ foundUser: PublicUser, encodedToken: z.string() }) } },
    refusals: [401],
  },
  "GET /posts": {
    summary: "Every post, oldest first; paged newest first with ?limit&cursor",
    ok: { 200: { description: "the posts", schema: Posts } },
    paged: { key: "posts", item: Post },
  },
  "GET /posts/:postId": { summary: "One post", ok: { 200: { description: "the post", schema: OnePost } } },
  "GET /posts/user/:username": {
    summary: "A user's posts",
    ok: { 200: { description: "the posts", schema: Posts } },
    paged: { key: "posts", item: Post },
  },
  "POST /posts": { summary: "Write a post", body: createPostSchema, ok: { 201: postsOrOne }, minimal: OnePost },
  "POST /posts/edit/:postId": { summary: "Edit your post", body: editPostSchema, ok: { 201: postsOrOne }, minimal: OnePost },
  "DELETE /posts/:postId": {
    summary: "Delete your post",
    ok: {
      201: {
        description: "every post, or with Prefer: return=minimal the deleted id",
        schema: z.union([Posts, strict({ deleted: z.string() })]),
      },
    },
    minimal: strict({ deleted: z.string() }),
  },
  "POST /posts/like/:postId": { summary: "Like a post", ok: { 201: postsOrOne }, minimal: OnePost },
  "POST /posts/dislike/:postId": { summary: "Unlike (dislike) a post", ok: { 201: postsOrOne }, minimal: OnePost },
  "GET /comments/:postId": {
    summary: "A post's comments",
    ok: { 200: { description: "the comments", schema: list("comments", Comment) } },
    paged: { key: "comments", item: Comment },
  },
  "POST /comments/add/:postId": { summary: "Comment on a post", body: addCommentSchema, ok: { 201: postsOrOne }, minimal: OnePost },
  "POST /comments/edit/:postId/:commentId": {
    summary: "Edit your comment",
    body: editCommentSchema,
    ok: { 201: { description: "the post's comments", schema: list("comments", Comment) } },
  },
  "POST /comments/delete/:postId/:commentId": {
    summary: "Delete a comment (yours, or any on your post)",
    ok: {
      201: {
        description: "every post and the post's comments, or with Prefer: return=minimal the post and its comments",
        schema: z.union([strict({ posts: z.array(Post), comments: z.array(Comment) }), strict({ post: Post, comments: z.array(Comment) })]),
      },
    },
    minimal: strict({ post: Post, comments: z.array(Comment) }),
  },
  "POST /comments/upvote/:postId/:commentId": {
    summary: "Upvote a comment",
    ok: { 201: { description: "the post's comments", schema: list("comments", Comment) } },
  },
  "POST /comments/downvote/:postId/:commentId": {
    summary: "Downvote a comment",
    ok: { 201: { description: "the post's comments", schema: list("comments", Comment) } },
  },
  "GET /users": {
    summary: "Every user",
    ok: { 200: { description: "the users", schema: list("users", PublicUser) } },
    paged: { key: "users", item: PublicUser },
  },
  "GET /users/bookmark": {
    summary: "Your bookmarked posts",
    ok: { 200: { description: "the posts", schema: list("bookmarks", Post) } },
    paged: { key: "bookmarks", item: Post },
  },
  "GET /users/:userId": {
    summary: "One user, by id or username",
    ok: { 200: { description: "the user", schema: strict({ user: PublicUser }) } },
  },
  "POST /users/edit": {
    summary: "Edit your profile",
    body: editUserSchema,
    ok: { 201: { description: "the user", schema: strict({ user: PublicUser }) } },
  },
  "POST /users/bookmark/:postId": {
    summary: "Bookmark a post",
    ok: { 200: { description: "your bookmarked posts", schema: list("bookmarks", Post) } },
  },
  "POST /users/remove-bookmark/:postId": {
    summary: "Remove a bookmark",
    ok: { 200: { description: "your bookmarked posts", schema: list("bookmarks", Post) } },
  },
  "POST /users/follow/:followUserId": {
    summary: "Follow a user",
    ok: { 200: { description: "you and the followed user", schema: strict({ user: PublicUser, followUser: PublicUser }) } },
  },
  "POST /users/unfollow/:followUserId": {
    summary: "Unfollow a user",
    ok: { 200: { description: "you and the unfollowed user", schema: strict({ user: PublicUser, followUser: PublicUser }) } },
  },
  "GET /test-todos": {
    summary: "The tester's sandbox: every todo",
    ok: { 200: { description: "the todos", schema: list("todos", Todo) } },
  },
  "POST /test-todos": {
    summary: "Add a todo",
    body: addTodoSchema,
    ok: { 201: { description: "the new todo and every todo", schema: strict({ todo: Todo, todos: z.array(Todo) }) } },
  },
  "DELETE /test-todos/:todoId": { summary: "Delete a todo", ok: { 200: { description: "every todo", schema: list("todos", Todo) } } },
  "GET /photos/:owner/:id/:field": {
    summary:
      "A photo that answers quote by reference (owner users: userPhoto or coverPhoto; owner posts: postPic). " +
      "A write may send the reference back to mean that photo",
    query: z.object({
      v: z.string().optional().describe("the content's fingerprint, as answers give it: the answer may be cached forever"),
    }),
    ok: {
      200: { description: "the image's bytes (ETag: the fingerprint)", schema: z.string().openapi({ format: "binary" }), media: "image/*" },
      302: { description: "the photo is a /path or web URL: Location names it" },
      304: { description: "If-None-Match holds the current fingerprint" },
    },
  },
  "GET /openapi.json": {
    summary: "This description",
    ok: { 200: { description: "an OpenAPI 3.1 document", schema: z.object({ openapi: z.string() }).passthrough() } },
  },
};

/** `/posts/:postId` → `/api/posts/{postId}` and its parameter names. */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:(\w+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: `/api${converted}`, params };
}

export function buildOpenApiDocument(version: string) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "token", {
    type: "apiKey",
    in: "header",
    name: "authorization",
    description: "The encodedToken of login or signup, bare or as `Bearer <token>`.",
  });
  const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const doc = ROUTE_DOCS[key];
    if (!doc) throw new Error(`no OpenAPI description for ${key}: add one to mock/openapi/document.ts`);
    const { path, params } = openApiPath(route.path);
    const responses: Record<string, ResponseConfig> = {};
    for (const [status, answer] of Object.entries(doc.ok)) {
      if (!answer.schema) {
        responses[status] = { description: answer.description };
        continue;
      }
      const schema = doc.paged && status === "200" ? z.union([answer.schema, paged(doc.paged.key, doc.paged.item)]) : answer.schema;
      responses[status] = { description: answer.description, content: { [answer.media ?? "application/json"]: { schema } } };
    }
    responses["400"] = error("bad input: the message names the field or parameter");
    responses["404"] = error(route.auth ? "no token, a user that no longer exists, or an unknown id" : "an unknown id");
    if (route.auth) responses["401"] = error("a token that does not verify");
    for (const status of doc.refusals ?? []) responses[String(status)] ??= error("refused");
    responses["413"] = error("the request body is too large");
    responses["422"] ??= error(
      "the answer would pass what can be built (~512 MB of text); a write is undone, a read asks for fewer (?limit=)",
    );
    responses["500"] = error("an injected failure (mock settings) or an unexpected one");
    responses["503"] = error("an injected failure (mock settings), or serve is holding too many request bodies (Retry-After)");
    if (route.method !== "GET") responses["507"] = error("the change could not be saved (storage full, read-only or gone) and was undone");
    const query = doc.paged
      ? z.object({
          limit: z.string().regex(/^\d+$/).optional().describe(`page size, 1 to ${MAX_LIMIT}; turns paging on (newest first)`),
          cursor: z.string().optional().describe("the `next` of the previous page"),
        })
      : doc.query;
    const headers = doc.minimal
      ? z.object({ prefer: z.literal("return=minimal").optional().describe("answer with the changed post only") })
      : undefined;
    registry.registerPath({
      method: route.method.toLowerCase() as "get" | "post" | "delete",
      path,
      summary: doc.summary,
      security: route.auth ? [{ [bearer.name]: [] }] : undefined,
      request: {
        params: params.length ? z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) : undefined,
        query,
        headers,
        body: doc.body ? { content: { "application/json": { schema: doc.body } } } : undefined,
      },
      responses,
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Moments mock API",
      version,
      description: "The mock behind Moments and mockman. Errors are always `{ errors: [message] }`. See README.md and mock/CONTRACT.md.",
    },
    servers: [
      { url: SERVE_URL, description: "mockman serve" },
      { url: "/", description: "the in-browser mock (same origin)" },
    ],
  });
}
