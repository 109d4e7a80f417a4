// What leaves the mock: users without their password hash, bookmarks as posts,
// and every quoted user (an author, a like, a vote, a follow) joined in from the
// users table, so records store ids and an answer still carries names and photos.
// Large photos leave as references (mock/data/photos.ts), so a quote costs a few bytes.
import { v4 as uuid } from "uuid";
import { photoOut } from "./photos";
import type { Tables } from "./tables";
import type { CommentRecord, PostRecord, UserRecord, UserRef } from "../core/types";

export type PublicUser = Omit<UserRecord, "passwordHash" | "followers" | "following"> & { followers: UserRef[]; following: UserRef[] };

export function userRef(db: Tables, user: UserRecord): UserRef {
  return {
    _id: user._id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    userPhoto: photoOut(db.photos, "users", user, "userPhoto"),
  };
}

/** The users a list of ids names, in its order; an id whose user is gone is left out. */
export function refsOf(db: Tables, ids: readonly string[]): UserRef[] {
  const refs: UserRef[] = [];
  for (const id of ids) {
    const user = db.users.get(id);
    if (user) refs.push(userRef(db, user));
  }
  return refs;
}

export function publicUser(db: Tables, user: UserRecord): PublicUser {
  const { passwordHash: _omit, ...rest } = user;
  // Assigning keeps each field where the record has it, so the answer's bytes do not depend on this join.
  const view = rest as unknown as PublicUser;
  view.userPhoto = photoOut(db.photos, "users", user, "userPhoto");
  view.coverPhoto = photoOut(db.photos, "users", user, "coverPhoto");
  view.followers = refsOf(db, user.followers);
  view.following = refsOf(db, user.following);
  return view;
}

/** An author's names and photo; empty for a username no user has (data imported that way). */
function author(db: Tables, username: string) {
  const user = db.users.getUnique(username);
  return user
    ? { firstName: user.firstName, lastName: user.lastName, photo: photoOut(db.photos, "users", user, "userPhoto") }
    : { firstName: "", lastName: "", photo: "" };
}

// Views keep the record's own field order (fields like postPicAlt are added by
// later edits and come last), putting the joined names and photo right after
// `username`, where records kept their copies before: answers keep their bytes.

/** A comment as answers carry it. */
export type CommentAnswer = Omit<CommentRecord, "votes" | "postId"> & {
  firstName: string;
  lastName: string;
  profilePic: string;
  votes: { upvotedBy: UserRef[]; downvotedBy: UserRef[] };
};
/** A post as answers carry it. */
export type PostAnswer = Omit<PostRecord, "likes"> & {
  firstName: string;
  lastName: string;
  userPhoto: string;
  likes: { likeCount: number; likedBy: UserRef[]; dislikedBy: UserRef[] };
  comments: CommentAnswer[];
};

export function commentView(db: Tables, c: CommentRecord): CommentAnswer {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(c)) {
    if (key === "username") {
      const by = author(db, c.username);
      Object.assign(view, { username: value, firstName: by.firstName, lastName: by.lastName, profilePic: by.photo });
    } else if (key === "votes") view.votes = { upvotedBy: refsOf(db, c.votes.upvotedBy), downvotedBy: refsOf(db, c.votes.downvotedBy) };
    // The record names its post; the answer sits in (or is listed for) that post, as before.
    else if (key !== "postId") view[key] = value;
  }
  return view as CommentAnswer;
}

/** Comments as answers carry them: a post's (its id), or a list of them (a page). */
export const commentsView = (db: Tables, comments: string | readonly CommentRecord[]) =>
  (typeof comments === "string" ? db.comments.of(comments) : comments).map((c) => commentView(db, c));

/**
 * Stands for a post's comments while the rest of its answer is stringified:
 * unguessable per process, so no text a user wrote can hold it.
 */
const COMMENTS_SLOT = JSON.stringify(`\u0000comments ${uuid()}\u0000`);

/** From this many comments on, a post's answer joins its comments' cached JSON. */
const THREAD = 32;

/**
 * A post's answer as JSON, byte for byte JSON.stringify(postView). A long thread's
 * comments are joined from each comment's cached JSON (Table.jsonOf), so a new
 * comment on a post with k comments costs one comment's serialization and a join,
 * not k of them; short threads keep no cache (most posts: no memory spent).
 */
export function postJson(db: Tables, p: PostRecord): string {
  const list = db.comments.of(p._id);
  if (list.length < THREAD) return JSON.stringify(postView(db, p));
  const view = postView(db, p, JSON.parse(COMMENTS_SLOT) as never);
  const comments = `[${list.map((c) => db.comments.jsonOf(c)).join(",")}]`;
  return JSON.stringify(view).replace(COMMENTS_SLOT, () => comments);
}

export function postView(db: Tables, p: PostRecord, comments?: CommentAnswer[]): PostAnswer {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(p)) {
    if (key === "username") {
      const by = author(db, p.username);
      Object.assign(view, { username: value, firstName: by.firstName, lastName: by.lastName, userPhoto: by.photo });
    } else if (key === "likes")
      view.likes = { likeCount: p.likes.likeCount, likedBy: refsOf(db, p.likes.likedBy), dislikedBy: refsOf(db, p.likes.dislikedBy) };
    else if (key === "postPic") view.postPic = photoOut(db.photos, "posts", p, "postPic");
    // Comments are their own records now; answers carry them where the post record held them, before createdAt.
    else if (key === "createdAt") Object.assign(view, { comments: comments ?? commentsView(db, p._id), createdAt: value });
    else view[key] = value;
  }
  if (!("comments" in view)) view.comments = comments ?? commentsView(db, p._id);
  return view as PostAnswer;
}

/** The user's bookmarks as the current posts, oldest first. */
export function bookmarkedPosts(db: Tables, user: UserRecord): PostRecord[] {
  const posts: PostRecord[] = [];
  for (const id of user.bookmarks) {
    const post = db.posts.get(id);
    if (post) posts.push(post);
  }
  return posts;
}
