import { v4 as uuid } from "uuid";
import { z } from "zod";
import { badRequest, MSG } from "../core/errors";
import {
  listRoute,
  onePost,
  parseBody,
  postsOrMinimal,
  reply,
  type ApiRequest,
  type Ctx,
  type RouteDef,
  type RouteFacts,
} from "./route-kit";
import { pageArray } from "../data/paging";
import { COMMENT_MAX, required } from "../core/rules";
import { timestamp } from "../core/time";
import type { CommentRecord } from "../core/types";
import { commentsView } from "../data/views";
import { findComment, findPost } from "./lookup";
import { authorOf, notify, notifyMentions, unnotifyPost } from "../features/notifications";

const commentVal = required("commentVal", COMMENT_MAX);
const objectError = (name: string) => ({ required_error: `${name} is required`, invalid_type_error: `${name} must be an object` });

// The client sends {commentData: {comment: {commentVal, ...}}} (CONTRACT §7); a flat
// {commentData: {commentVal}} is read too. Names come from the token, never the body.
export const addCommentSchema = z.object({
  commentData: z.union([z.object({ comment: z.object({ commentVal }, objectError("commentData.comment")) }), z.object({ commentVal })], {
    errorMap: () => ({ message: "commentData needs comment.commentVal or commentVal" }),
  }),
});
export const editCommentSchema = z.object({ commentData: z.object({ commentVal }, objectError("commentData")) });

/**
 * A change to one comment (edit, votes): the comment its path names on the post it
 * names, changed by `change` (which throws the route's refusals); comment and post
 * are stamped and saved, and the answer is the post's comments.
 */
const commentChange = (
  path: string,
  facts: Omit<RouteFacts, "tag" | "answers">,
  change: (ctx: Ctx, comment: CommentRecord, req: ApiRequest, now: string) => void,
): RouteDef => ({
  method: "POST",
  path,
  auth: true,
  facts: { ...facts, tag: "comments", answers: { 201: { description: "The post's comments.", shape: "CommentList" } } },
  handler(ctx, req) {
    const post = findPost(ctx.db, req.params.postId);
    const comment = findComment(ctx.db, post, req.params.commentId);
    const now = timestamp(ctx.now());
    change(ctx, comment, req, now);
    comment.updatedAt = post.updatedAt = now;
    ctx.db.comments.touch(comment);
    ctx.db.posts.touch(post);
    return reply(201, { comments: commentsView(ctx.db, post._id) });
  },
});

export const commentRoutes: RouteDef[] = [
  listRoute(
    "/comments/:postId",
    false,
    {
      operationId: "listComments",
      summary: "List a post's comments",
      description: "A post's comments, oldest first. With `limit` or `cursor`, one page, newest first.",
      tag: "comments",
      answers: { 200: { description: "The comments.", shape: "CommentList" } },
      paged: "CommentPage",
    },
    (ctx, req) => reply(200, { comments: commentsView(ctx.db, findPost(ctx.db, req.params.postId)._id) }),
    (ctx, req, page) => {
      const post = findPost(ctx.db, req.params.postId);
      const { items, next, total } = pageArray(ctx.db.comments.of(post._id), `comments of ${post._id}`, page);
      return reply(200, { comments: commentsView(ctx.db, items), next, total });
    },
  ),
  {
    method: "POST",
    path: "/comments/add/:postId",
    auth: true,
    facts: {
      operationId: "addComment",
      summary: "Comment on a post",
      description: "Adds the caller's comment; names and photo come from the token's user, never the body.",
      tag: "comments",
      body: addCommentSchema,
      bodyExample: { commentData: { comment: { commentVal: "Congratulations!" } } },
      answers: { 201: { description: "Every post, or the commented post.", shape: "PostList" } },
      minimal: "OnePost",
    },
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      const { commentData } = parseBody(addCommentSchema, req.body);
      const text = "comment" in commentData ? commentData.comment.commentVal : commentData.commentVal;
      const now = timestamp(ctx.now());
      const comment: CommentRecord = {
        _id: uuid(),
        postId: post._id,
        commentVal: text,
        username: ctx.user.username,
        votes: { upvotedBy: [], downvotedBy: [] },
        createdAt: now,
        updatedAt: now,
      };
      // Writes the comment and the post's new updatedAt, never the post's other comments.
      ctx.db.comments.insert(comment);
      post.updatedAt = now;
      ctx.db.posts.touch(post);
      const author = authorOf(ctx.db, post);
      if (author) notify(ctx.db, { kind: "comment", userId: author, actorId: ctx.user._id, postId: post._id, commentId: comment._id }, now);
      notifyMentions(ctx.db, text, ctx.user._id, post._id, comment._id, now);
      return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post));
    },
  },
  commentChange(
    "/comments/edit/:postId/:commentId",
    {
      operationId: "editComment",
      summary: "Edit your comment",
      description: "Changes the text of the caller's comment.",
      body: editCommentSchema,
      bodyExample: { commentData: { commentVal: "Congratulations, again!" } },
      refusals: { 400: "The comment is another user's." },
    },
    (ctx, comment, req, now) => {
      if (comment.username !== ctx.user.username) throw badRequest(MSG.EDIT_COMMENT_NOT_OWNER);
      comment.commentVal = parseBody(editCommentSchema, req.body).commentData.commentVal;
      notifyMentions(ctx.db, comment.commentVal, ctx.user._id, comment.postId, comment._id, now);
    },
  ),
  {
    method: "POST",
    path: "/comments/delete/:postId/:commentId",
    auth: true,
    facts: {
      operationId: "deleteComment",
      summary: "Delete a comment",
      description: "Deletes a comment by the caller, or any comment on the caller's post.",
      tag: "comments",
      answers: { 201: { description: "Every post and the post's comments, or the post and its comments.", shape: "PostsAndComments" } },
      minimal: "PostAndComments",
      refusals: { 400: "The comment is another user's, on another user's post." },
    },
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      const comment = findComment(ctx.db, post, req.params.commentId);
      const me = ctx.user.username;
      if (comment.username !== me && post.username !== me) throw badRequest(MSG.DELETE_COMMENT_NOT_OWNER);
      ctx.db.comments.remove(comment._id);
      unnotifyPost(ctx.db, post._id, (n) => n.commentId === comment._id);
      post.updatedAt = timestamp(ctx.now());
      ctx.db.posts.touch(post);
      // CONTRACT §7 has two readings (posts or comments); both are sent.
      const comments = commentsView(ctx.db, post._id);
      return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post, { comments }), { comments });
    },
  },
  ...(["upvote", "downvote"] as const).map((direction) =>
    commentChange(
      `/comments/${direction}/:postId/:commentId`,
      {
        operationId: `${direction}Comment`,
        summary: direction === "upvote" ? "Upvote a comment" : "Downvote a comment",
        description: `Adds the caller's ${direction} (and takes back the opposite vote).`,
        refusals: { 400: `The caller already ${direction}d the comment.` },
      },
      (ctx, comment) => {
        const me = ctx.user._id;
        const [into, from] = direction === "upvote" ? (["upvotedBy", "downvotedBy"] as const) : (["downvotedBy", "upvotedBy"] as const);
        if (comment.votes[into].includes(me)) throw badRequest(direction === "upvote" ? MSG.ALREADY_UPVOTED : MSG.ALREADY_DOWNVOTED);
        comment.votes[from] = comment.votes[from].filter((id) => id !== me);
        comment.votes[into].push(me);
      },
    ),
  ),
];
