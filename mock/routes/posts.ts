import { v4 as uuid } from "uuid";
import { z } from "zod";
import { badRequest, MSG } from "../errors";
import { allPosts, listRoute, onePost, pagedPosts, parseBody, postsOrMinimal, replyJson, type RouteDef } from "../route-kit";
import { pageTable } from "../paging";
import { ALT_MAX, POST_MAX, imageRef, optionalText, required } from "../rules";
import { timestamp } from "../time";
import type { PostRecord, UserRecord } from "../types";
import { findPost, findUser } from "./lookup";
import { dropPhoto, resolvePhoto, storePhoto } from "./photos";

// firstName and userPhoto may come in the body (CONTRACT §7), but the author is always the token's user.
export const createPostSchema = z.object({
  postData: z.object(
    { content: required("content", POST_MAX), postPic: imageRef.default(""), postPicAlt: optionalText("postPicAlt", ALT_MAX).optional() },
    { required_error: "postData is required", invalid_type_error: "postData must be an object" },
  ),
});

export const editPostSchema = z.object({
  postData: z
    .object(
      {
        content: required("content", POST_MAX).optional(),
        postPic: imageRef.optional(),
        postPicAlt: optionalText("postPicAlt", ALT_MAX).optional(),
      },
      { required_error: "postData is required", invalid_type_error: "postData must be an object" },
    )
    .refine(
      (d) => d.content !== undefined || d.postPic !== undefined || d.postPicAlt !== undefined,
      "postData needs content, postPic or postPicAlt",
    ),
});

const postsOf = (user: UserRecord) => (post: PostRecord) => post.username === user.username;
const without = (ids: string[], id: string) => ids.filter((x) => x !== id);

export const postRoutes: RouteDef[] = [
  listRoute(
    "/posts",
    false,
    (ctx) => replyJson(200, allPosts(ctx.db)),
    (ctx, _req, page) => replyJson(200, pagedPosts(ctx.db, pageTable(ctx.db.posts, "posts", page))),
  ),
  {
    method: "GET",
    path: "/posts/:postId",
    auth: false,
    handler: (ctx, req) => replyJson(200, `{"post":${ctx.db.posts.jsonOf(findPost(ctx.db, req.params.postId))}}`),
  },
  listRoute(
    "/posts/user/:username",
    false,
    (ctx, req) => {
      const mine = postsOf(findUser(ctx.db, req.params.username));
      return replyJson(
        200,
        `{"posts":[${ctx.db.posts
          .all()
          .filter(mine)
          .map((p) => ctx.db.posts.jsonOf(p))
          .join(",")}]}`,
      );
    },
    (ctx, req, page) => {
      const user = findUser(ctx.db, req.params.username);
      return replyJson(200, pagedPosts(ctx.db, pageTable(ctx.db.posts, `posts of ${user._id}`, page, postsOf(user))));
    },
  ),
  {
    method: "POST",
    path: "/posts",
    auth: true,
    handler(ctx, req) {
      const { postData } = parseBody(createPostSchema, req.body);
      const now = timestamp(ctx.now());
      const post: PostRecord = {
        _id: uuid(),
        content: postData.content,
        postPic: storePhoto(ctx.db, "", resolvePhoto(ctx.db, "postPic", postData.postPic)),
        // A description only goes with a picture, and only when it says something.
        ...(postData.postPic && postData.postPicAlt?.trim() ? { postPicAlt: postData.postPicAlt.trim() } : {}),
        username: ctx.user.username,
        likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
        createdAt: now,
        updatedAt: now,
      };
      ctx.db.posts.insert(post);
      return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post));
    },
  },
  {
    method: "POST",
    path: "/posts/edit/:postId",
    auth: true,
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      if (post.username !== ctx.user.username) throw badRequest(MSG.EDIT_POST_NOT_OWNER);
      const { postData } = parseBody(editPostSchema, req.body);
      if (postData.content !== undefined) post.content = postData.content;
      if (postData.postPic !== undefined)
        post.postPic = storePhoto(ctx.db, post.postPic, resolvePhoto(ctx.db, "postPic", postData.postPic));
      if (postData.postPicAlt !== undefined) post.postPicAlt = postData.postPicAlt.trim();
      if (!post.postPic || !post.postPicAlt) delete post.postPicAlt;
      post.updatedAt = timestamp(ctx.now());
      ctx.db.posts.touch(post);
      return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post));
    },
  },
  {
    method: "DELETE",
    path: "/posts/:postId",
    auth: true,
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      if (post.username !== ctx.user.username) throw badRequest(MSG.DELETE_POST_NOT_OWNER);
      ctx.db.posts.remove(post._id);
      // Its comments go in the same change set (and come back with it on a rollback).
      ctx.db.comments.removeOf(post._id);
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
  {
    method: "POST",
    path: "/posts/like/:postId",
    auth: true,
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      const me = ctx.user._id;
      if (post.likes.likedBy.includes(me)) throw badRequest(MSG.ALREADY_LIKED);
      post.likes.dislikedBy = without(post.likes.dislikedBy, me);
      post.likes.likeCount += 1;
      post.likes.likedBy.push(me);
      post.updatedAt = timestamp(ctx.now());
      ctx.db.posts.touch(post);
      return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post));
    },
  },
  {
    method: "POST",
    path: "/posts/dislike/:postId",
    auth: true,
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      const me = ctx.user._id;
      if (post.likes.likeCount <= 0) throw badRequest(MSG.LIKES_AT_ZERO);
      if (post.likes.dislikedBy.includes(me)) throw badRequest(MSG.ALREADY_DISLIKED);
      post.likes.likeCount -= 1;
      post.likes.likedBy = without(post.likes.likedBy, me);
      post.likes.dislikedBy.push(me);
      post.updatedAt = timestamp(ctx.now());
      ctx.db.posts.touch(post);
      return postsOrMinimal(ctx.db, req, 201, () => onePost(ctx.db, post));
    },
  },
];
