import { v4 as uuid } from "uuid";
import { z } from "zod";
import { badRequest, MSG } from "../core/errors";
import {
  allPosts,
  listRoute,
  onePost,
  pagedPosts,
  parseBody,
  postsOrMinimal,
  reply,
  replyJson,
  type ApiRequest,
  type Ctx,
  type RouteDef,
  type RouteFacts,
} from "./route-kit";
import { pageMerged, pageTable, type PageRequest } from "../data/paging";
import { ALT_MAX, POST_MAX, imageRef, optionalText, pictureSizeField, required } from "../core/rules";
import { timestamp } from "../core/time";
import type { PostRecord } from "../core/types";
import { findPost, findUser } from "./lookup";
import { dropPhoto, resolvePhoto, storePhoto } from "./photos";
import { fold } from "../features/text-terms";
import { pageOf } from "./search";
import { authorOf, notify, notifyMentions, unnotifyPost } from "../features/notifications";

// firstName and userPhoto may come in the body (CONTRACT §7), but the author is always the token's user.
export const createPostSchema = z.object({
  postData: z.object(
    {
      content: required("content", POST_MAX),
      postPic: imageRef.default(""),
      postPicAlt: optionalText("postPicAlt", ALT_MAX).optional(),
      postPicSize: pictureSizeField.optional(),
    },
    { required_error: "postData is required", invalid_type_error: "postData must be an object" },
  ),
});

// At least one of the fields, said as a union (one member per field that is there) so the
// OpenAPI description can say it too; a field that is there but wrong is named by its own message.
const postEdit = {
  content: required("content", POST_MAX),
  postPic: imageRef,
  postPicAlt: optionalText("postPicAlt", ALT_MAX),
  postPicSize: pictureSizeField,
};
const editWith = (field: keyof typeof postEdit) =>
  z
    .object({ ...postEdit, [field]: postEdit[field] })
    .partial()
    .required({ [field]: true } as { content: true });
export const editPostSchema = z.object({
  postData: z.union([editWith("content"), editWith("postPic"), editWith("postPicAlt"), editWith("postPicSize")], {
    errorMap: (issue, ctx) => ({
      message:
        issue.code === "invalid_union" || ctx.data === undefined
          ? ctx.data === undefined
            ? "postData is required"
            : typeof ctx.data !== "object" || ctx.data === null || Array.isArray(ctx.data)
              ? "postData must be an object"
              : "postData needs content, postPic, postPicAlt or postPicSize"
          : ctx.defaultError,
    }),
  }),
});

/**
 * A tag as a path names it (with or without its `#`), folded as the index keeps it;
 * null when it is no tag ("a-b", "½"): no post holds it, so it finds none. Not a 400:
 * no pattern a tool reads can say what folds to a tag, so the path takes any text.
 */
function tagParam(raw: string): string | null {
  const tag = fold(raw.replace(/^#/, ""));
  return /^[\p{L}\p{N}_]{1,64}$/u.test(tag) ? tag : null;
}

/**
 * A change to one post (edit, like, dislike): the post its path names, changed by
 * `change` (which throws the route's refusals), stamped and saved; the answer is
 * every post, or with `Prefer: return=minimal` the changed one.
 */
const postChange = (
  path: string,
  facts: Omit<RouteFacts, "tag" | "minimal">,
  change: (ctx: Ctx, post: PostRecord, req: ApiRequest, now: string) => void,
): RouteDef => ({
  method: "POST",
  path,
  auth: true,
  facts: { ...facts, tag: "posts", minimal: "OnePost" },
  handler(ctx, req) {
    const post = findPost(ctx.db, req.params.postId);
    const now = timestamp(ctx.now());
    // Noted as changed before `change` runs: a refusal it throws after changing the
    // live record in place is then undone from the store like any other write.
    ctx.db.posts.touch(post);
    change(ctx, post, req, now);
    post.updatedAt = now;
    ctx.db.posts.touch(post);
    return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post));
  },
});

/** The caller's Following feed, newest first: their own posts and their followed people's, merged by author. */
function followingPosts(ctx: Ctx, page: PageRequest) {
  const authors = [ctx.user.username];
  for (const id of ctx.user.following) {
    const user = ctx.db.users.get(id);
    if (user) authors.push(user.username);
  }
  return pageMerged(
    ctx.db.posts,
    `following of ${ctx.user._id}`,
    page,
    authors.map((name) => ctx.db.posts.idsOf(name)),
  );
}

export const USER_POSTS_FILTERS = ["posts", "media", "likes"] as const;
export const FILTER_MESSAGE = `filter must be ${USER_POSTS_FILTERS.join(", ")}`;

/** What GET /posts/user/:username reads beside paging (checked by userPosts; this is what callers are told). */
export const userPostsQuerySchema = z.object({
  filter: z
    .enum(USER_POSTS_FILTERS)
    .optional()
    .describe("posts (the default): the user's posts; media: those of them with a photo; likes: the posts the user likes."),
});

/**
 * The list GET /posts/user/:username names: the user's post ids (oldest first) for its
 * filter, and the list's name for cursors (a Likes cursor cannot page Media).
 */
function userPosts(ctx: Ctx, req: ApiRequest): { kind: string; ids: readonly string[] } {
  const filter = Object.hasOwn(req.query, "filter") ? req.query.filter : "posts";
  if (!(USER_POSTS_FILTERS as readonly string[]).includes(filter)) throw badRequest(FILTER_MESSAGE);
  const user = findUser(ctx.db, req.params.username);
  if (filter === "media") return { kind: `media of ${user._id}`, ids: ctx.db.posts.mediaIdsOf(user.username) };
  if (filter === "likes") return { kind: `likes of ${user._id}`, ids: ctx.db.posts.likedIdsOf(user._id) };
  return { kind: `posts of ${user._id}`, ids: ctx.db.posts.idsOf(user.username) };
}
const without = (ids: string[], id: string) => ids.filter((x) => x !== id);

export const postRoutes: RouteDef[] = [
  listRoute(
    "/posts",
    false,
    {
      operationId: "listPosts",
      summary: "List every post",
      description: "Every post, oldest first. With `limit` or `cursor`, one page, newest first.",
      tag: "posts",
      answers: { 200: { description: "The posts.", shape: "PostList" } },
      paged: "PostPage",
    },
    (ctx) => replyJson(200, allPosts(ctx.db)),
    (ctx, _req, page) => replyJson(200, pagedPosts(ctx.db, pageTable(ctx.db.posts, "posts", page))),
  ),
  // The Following feed: the caller's posts and those of the people they follow, merged
  // from the posts' per-author index, so a page costs the people followed, not every post.
  listRoute(
    "/posts/following",
    true,
    {
      operationId: "listFollowingPosts",
      summary: "List the Following feed",
      description:
        "The posts of the people the caller follows, and the caller's own, oldest first. With `limit` or `cursor`, one page, newest first.",
      tag: "posts",
      answers: { 200: { description: "The posts of the caller and of the people they follow.", shape: "PostList" } },
      paged: "PostPage",
    },
    (ctx) => {
      const page = followingPosts(ctx, { limit: Number.MAX_SAFE_INTEGER });
      return replyJson(
        200,
        `{"posts":[${page.items
          .reverse()
          .map((p) => ctx.db.posts.jsonOf(p))
          .join(",")}]}`,
      );
    },
    (ctx, _req, page) => replyJson(200, pagedPosts(ctx.db, followingPosts(ctx, page))),
  ),
  {
    method: "GET",
    path: "/posts/:postId",
    auth: false,
    facts: {
      operationId: "getPost",
      summary: "Get a post",
      description: "One post, with its comments and the users its likes quote.",
      tag: "posts",
      answers: { 200: { description: "The post.", shape: "OnePost" } },
    },
    handler: (ctx, req) => replyJson(200, `{"post":${ctx.db.posts.jsonOf(findPost(ctx.db, req.params.postId))}}`),
  },
  // A user's posts, or (`filter`) those of them with a photo, or the posts they liked: each
  // from the posts' own index (by author, by author with a photo, by liker), never a scan.
  listRoute(
    "/posts/user/:username",
    false,
    {
      operationId: "listUserPosts",
      summary: "List a user's posts",
      description:
        "The posts a user wrote, oldest first. With `limit` or `cursor`, one page, newest first. " +
        "`filter=media`: only those with a photo; `filter=likes`: the posts the user likes instead (by the post's age: " +
        "the data keeps no time of a like). A profile's three tabs.",
      tag: "posts",
      query: userPostsQuerySchema,
      answers: { 200: { description: "The user's posts, those with a photo, or those they like.", shape: "PostList" } },
      paged: "PostPage",
    },
    (ctx, req) => {
      const { ids } = userPosts(ctx, req);
      return replyJson(200, `{"posts":[${ids.map((id) => ctx.db.posts.jsonOf(ctx.db.posts.get(id)!)).join(",")}]}`);
    },
    (ctx, req, page) => {
      const { kind, ids } = userPosts(ctx, req);
      return replyJson(200, pagedPosts(ctx.db, pageMerged(ctx.db.posts, kind, page, [ids])));
    },
  ),
  // A tag's posts (#tag in their text), like a user's: the whole list oldest first, or pages newest first.
  listRoute(
    "/posts/tag/:tag",
    false,
    {
      operationId: "listTagPosts",
      summary: "List a tag's posts",
      description:
        "The posts holding #tag, oldest first. With `limit` or `cursor`, one page, newest first. A tag no post can hold finds none.",
      tag: "posts",
      answers: { 200: { description: "The tag's posts.", shape: "PostList" } },
      paged: "PostPage",
    },
    (ctx, req) => {
      const index = ctx.search.index().posts;
      const tag = tagParam(req.params.tag);
      const found = tag === null ? [] : index.list(`#${tag}`).map((at) => ctx.db.posts.get(index.idAt(at)!)!);
      return replyJson(200, `{"posts":[${found.map((p) => ctx.db.posts.jsonOf(p)).join(",")}]}`);
    },
    (ctx, req, page) => {
      const tag = tagParam(req.params.tag);
      if (tag === null) return reply(200, { posts: [], next: null, total: 0 });
      const { ids, next, total } = pageOf(ctx.search.index().posts, `tag ${tag}`, [[`#${tag}`]], page.limit, page.cursor);
      return replyJson(200, pagedPosts(ctx.db, { items: ids.map((id) => ctx.db.posts.get(id)!), next, total }));
    },
  ),
  {
    method: "POST",
    path: "/posts",
    auth: true,
    facts: {
      operationId: "createPost",
      summary: "Write a post",
      description: "Adds a post by the caller. Answers every post, or with `Prefer: return=minimal` the new one.",
      tag: "posts",
      body: createPostSchema,
      bodyExample: { postData: { content: "Hello from the mock.", postPic: "/seed/post-sea.svg", postPicAlt: "The sea" } },
      answers: { 201: { description: "Every post, or the new post.", shape: "PostList" } },
      minimal: "OnePost",
    },
    handler(ctx, req) {
      const { postData } = parseBody(createPostSchema, req.body);
      const now = timestamp(ctx.now());
      const post: PostRecord = {
        _id: uuid(),
        content: postData.content,
        postPic: storePhoto(ctx.db, "", resolvePhoto(ctx.db, "postPic", postData.postPic)),
        // A description only goes with a picture, and only when it says something.
        ...(postData.postPic && postData.postPicAlt?.trim() ? { postPicAlt: postData.postPicAlt.trim() } : {}),
        // A size, like a description, only goes with a picture.
        ...(postData.postPic && postData.postPicSize ? { postPicSize: postData.postPicSize } : {}),
        username: ctx.user.username,
        likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
        createdAt: now,
        updatedAt: now,
      };
      ctx.db.posts.insert(post);
      notifyMentions(ctx.db, post.content, ctx.user._id, post._id, undefined, now);
      return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post));
    },
  },
  postChange(
    "/posts/edit/:postId",
    {
      operationId: "editPost",
      summary: "Edit your post",
      description: "Changes the content, picture or picture description of the caller's post.",
      body: editPostSchema,
      bodyExample: { postData: { content: "Edited: latency down 45%." } },
      answers: { 201: { description: "Every post, or the edited post.", shape: "PostList" } },
      refusals: { 400: "The post is another user's." },
    },
    (ctx, post, req, now) => {
      if (post.username !== ctx.user.username) throw badRequest(MSG.EDIT_POST_NOT_OWNER);
      const { postData } = parseBody(editPostSchema, req.body);
      // Every refusal comes before the first change: the post is the live record.
      const postPic = resolvePhoto(ctx.db, "postPic", postData.postPic);
      if (postData.content !== undefined) post.content = postData.content;
      if (postPic !== undefined) post.postPic = storePhoto(ctx.db, post.postPic, postPic);
      if (postData.postPicAlt !== undefined) post.postPicAlt = postData.postPicAlt.trim();
      if (!post.postPic || !post.postPicAlt) delete post.postPicAlt;
      // A size given describes the picture there is; a new picture without one drops the old picture's.
      if (postData.postPicSize) post.postPicSize = postData.postPicSize;
      else if (postPic !== undefined) delete post.postPicSize;
      if (!post.postPic) delete post.postPicSize;
      // Who the edited text mentions now is told; who it no longer mentions loses that notification.
      if (postData.content !== undefined) notifyMentions(ctx.db, post.content, ctx.user._id, post._id, undefined, now);
    },
  ),
  {
    method: "DELETE",
    path: "/posts/:postId",
    auth: true,
    facts: {
      operationId: "deletePost",
      summary: "Delete your post",
      description: "Deletes the caller's post with its comments and picture, and drops it from every bookmark list.",
      tag: "posts",
      answers: { 201: { description: "Every post left, or the deleted post's id.", shape: "PostList" } },
      minimal: "DeletedPost",
      refusals: { 400: "The post is another user's." },
    },
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      if (post.username !== ctx.user.username) throw badRequest(MSG.DELETE_POST_NOT_OWNER);
      ctx.db.posts.remove(post._id);
      // Its comments go in the same change set (and come back with it on a rollback).
      ctx.db.comments.removeOf(post._id);
      // And what it notified (its likes, comments and mentions).
      unnotifyPost(ctx.db, post._id);
      // So does its photo record.
      dropPhoto(ctx.db, post.postPic);
      // A deleted post leaves no dangling bookmark behind.
      for (const user of ctx.db.users.all()) {
        if (user.bookmarks.includes(post._id)) {
          user.bookmarks = user.bookmarks.filter((id) => id !== post._id);
          ctx.db.users.touch(user);
        }
      }
      return postsOrMinimal(ctx.db, req, 201, () => JSON.stringify({ deleted: post._id }));
    },
  },
  postChange(
    "/posts/like/:postId",
    {
      operationId: "likePost",
      summary: "Like a post",
      description: "Adds the caller to the post's likes (and out of its dislikes).",
      answers: { 201: { description: "Every post, or the liked post.", shape: "PostList" } },
      refusals: { 400: "The caller already likes the post." },
    },
    (ctx, post, _req, now) => {
      const me = ctx.user._id;
      if (post.likes.likedBy.includes(me)) throw badRequest(MSG.ALREADY_LIKED);
      post.likes.dislikedBy = without(post.likes.dislikedBy, me);
      post.likes.likeCount += 1;
      post.likes.likedBy.push(me);
      const author = authorOf(ctx.db, post);
      if (author) notify(ctx.db, { kind: "like", userId: author, actorId: me, postId: post._id }, now);
    },
  ),
  postChange(
    "/posts/dislike/:postId",
    {
      operationId: "dislikePost",
      summary: "Unlike (dislike) a post",
      description: "Takes one like away and notes the caller's dislike.",
      answers: { 201: { description: "Every post, or the disliked post.", shape: "PostList" } },
      refusals: { 400: "The post has no likes, or the caller already dislikes it." },
    },
    (ctx, post) => {
      const me = ctx.user._id;
      if (post.likes.likeCount <= 0) throw badRequest(MSG.LIKES_AT_ZERO);
      if (post.likes.dislikedBy.includes(me)) throw badRequest(MSG.ALREADY_DISLIKED);
      post.likes.likeCount -= 1;
      post.likes.likedBy = without(post.likes.likedBy, me);
      post.likes.dislikedBy.push(me);
      // A like taken back is no longer news.
      unnotifyPost(ctx.db, post._id, (n) => n.kind === "like" && n.actorId === me);
    },
  ),
];
