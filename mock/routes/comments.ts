import { v4 as uuid } from "uuid";
import { z } from "zod";
import { badRequest, MSG } from "../errors";
import { listRoute, onePost, parseBody, postsOrMinimal, reply, type RouteDef } from "../route-kit";
import { pageArray } from "../paging";
import { COMMENT_MAX, required } from "../rules";
import { timestamp } from "../time";
import type { CommentRecord } from "../types";
import { commentsView } from "../views";
import { findComment, findPost } from "./lookup";

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

export const commentRoutes: RouteDef[] = [
  listRoute(
    "/comments/:postId",
    false,
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
      return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post));
    },
  },
  {
    method: "POST",
    path: "/comments/edit/:postId/:commentId",
    auth: true,
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      const comment = findComment(ctx.db, post, req.params.commentId);
      if (comment.username !== ctx.user.username) throw badRequest(MSG.EDIT_COMMENT_NOT_OWNER);
      const { commentData } = parseBody(editCommentSchema, req.body);
      comment.commentVal = commentData.commentVal;
      comment.updatedAt = post.updatedAt = timestamp(ctx.now());
      ctx.db.comments.touch(comment);
      ctx.db.posts.touch(post);
      return reply(201, { comments: commentsView(ctx.db, post._id) });
    },
  },
  {
    method: "POST",
    path: "/comments/delete/:postId/:commentId",
    auth: true,
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      const comment = findComment(ctx.db, post, req.params.commentId);
      const me = ctx.user.username;
      if (comment.username !== me && post.username !== me) throw badRequest(MSG.DELETE_COMMENT_NOT_OWNER);
      ctx.db.comments.remove(comment._id);
      post.updatedAt = timestamp(ctx.now());
      ctx.db.posts.touch(post);
      // CONTRACT §7 has two readings (posts or comments); both are sent.
      const comments = commentsView(ctx.db, post._id);
      return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post, { comments }), { comments });
    },
  },
  ...(["upvote", "downvote"] as const).map((direction): RouteDef => ({
    method: "POST",
    path: `/comments/${direction}/:postId/:commentId`,
    auth: true,
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      const comment = findComment(ctx.db, post, req.params.commentId);
      const me = ctx.user._id;
      const [into, from] = direction === "upvote" ? (["upvotedBy", "downvotedBy"] as const) : (["downvotedBy", "upvotedBy"] as const);
      if (comment.votes[into].includes(me)) {
        throw badRequest(direction === "upvote" ? MSG.ALREADY_UPVOTED : MSG.ALREADY_DOWNVOTED);
      }
      comment.votes[from] = comment.votes[from].filter((id) => id !== me);
      comment.votes[into].push(me);
      comment.updatedAt = post.updatedAt = timestamp(ctx.now());
      ctx.db.comments.touch(comment);
      ctx.db.posts.touch(post);
      return reply(201, { comments: commentsView(ctx.db, post._id) });
    },
  })),
];
