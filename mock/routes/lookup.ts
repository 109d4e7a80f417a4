// Finding the record a path names, or the 404 that says it is not there.
import { MSG, notFound } from "../core/errors";
import type { Tables } from "../data/tables";
import type { CommentRecord, PostRecord, UserRecord } from "../core/types";

export function findPost(db: Tables, id: string): PostRecord {
  const post = db.posts.get(id);
  if (!post) throw notFound(MSG.POST_NOT_FOUND(id));
  return post;
}

/** By _id, or by username (profile URLs carry usernames). */
export function findUser(db: Tables, idOrUsername: string): UserRecord {
  const user = db.users.get(idOrUsername) ?? db.users.getUnique(idOrUsername);
  if (!user) throw notFound(MSG.USER_NOT_FOUND(idOrUsername));
  return user;
}

/** A comment on this post (by id: O(1)); one on another post is not found here. */
export function findComment(db: Tables, post: PostRecord, id: string): CommentRecord {
  const comment = db.comments.get(id);
  if (!comment || comment.postId !== post._id) throw notFound(MSG.COMMENT_NOT_FOUND(id));
  return comment;
}
