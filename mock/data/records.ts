// The record shapes, once: zod schemas from which the TypeScript types
// (mock/core/types.ts, app/lib/types.ts), the export file's check, the boot check,
// the OpenAPI description and the fuzz oracle all derive. A field added here
// reaches every one of them; tests/api/records.test.ts walks these schemas to
// prove each field survives an export and an import.
import { z } from "zod";

const ids = z.array(z.string());

/**
 * A user as answers quote it (likedBy, followers, a post's author): never a password,
 * never bookmarks. Records store only the user's id (or, for authors, the username,
 * which never changes); names and photos are joined in when an answer is built
 * (mock/data/views.ts), so a 2 MB avatar is stored once, not in every like and comment.
 */
export const userRefSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userPhoto: z.string(),
});

export const userRecordSchema = userRefSchema.extend({
  /** `pbkdf2$<iterations>$<salt b64>$<hash b64>`; never leaves the mock except in exports. */
  passwordHash: z.string().regex(/^pbkdf2\$\d+\$[^$]+\$[^$]+$/, "must be a pbkdf2 hash"),
  bio: z.string(),
  link: z.string(),
  coverPhoto: z.string(),
  /** Descriptions of the photos, when the user wrote them. */
  userPhotoAlt: z.string().optional(),
  coverPhotoAlt: z.string().optional(),
  /** User ids, in the order they followed. */
  followers: ids,
  following: ids,
  /** Post ids, oldest first; responses expand them to the current posts. */
  bookmarks: ids,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * Comments are their own collection (format version 3): adding one writes that
 * comment, not its post with every comment it has. The tables keep an index from
 * a post to its comments (mock/data/tables.ts); answers still carry them in the post.
 */
export const commentRecordSchema = z.object({
  _id: z.string(),
  /** The post it is on. */
  postId: z.string(),
  commentVal: z.string(),
  /** The author; names and photo come from the user at answer time. */
  username: z.string(),
  /** User ids. */
  votes: z.object({ upvotedBy: ids, downvotedBy: ids }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const postRecordSchema = z.object({
  _id: z.string(),
  content: z.string(),
  postPic: z.string(),
  /** The picture's description (alt text), when the author wrote one. */
  postPicAlt: z.string().optional(),
  /**
   * The picture's size in pixels, as the author's browser measured it at upload, so a card
   * keeps the picture's space and shape before it loads. Only with a picture.
   */
  postPicSize: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).optional(),
  /** The author; names and photo come from the user at answer time. */
  username: z.string(),
  /** likedBy, dislikedBy: user ids. */
  likes: z.object({ likeCount: z.number().int().nonnegative(), likedBy: ids, dislikedBy: ids }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * A photo of its own (format version 4): a data URL over PHOTO_INLINE_MAX
 * (mock/data/photos.ts) set as a user's `userPhoto` or `coverPhoto` or a post's
 * `postPic` is stored here, and the owner's field holds `photo:<id>`, the
 * internal reference to it (never in answers: they quote the photo as
 * `/api/photos/<users|posts>/<owner id>/<field>?v=<fingerprint>`). A photo record
 * never changes: a new photo is a new record, and the old one is removed in the
 * same change set. So a follow, a bookmark or a post's content edit writes the
 * small owner record, not the photo.
 */
export const photoRecordSchema = z.object({
  _id: z.string(),
  /** The data URL. */
  data: z.string(),
});

/**
 * A notification (format version 5): someone liked or commented on a user's post,
 * followed them, or mentioned them in a post or comment. It names everyone and
 * everything by id (answers join the names in, mock/features/notifications.ts), a user
 * keeps at most NOTIFICATIONS_MAX of them, and it goes when what it points at goes
 * (an unlike, an unfollow, a deleted post or comment).
 */
export const notificationRecordSchema = z.object({
  _id: z.string(),
  /** Whom it tells: a user id. */
  userId: z.string(),
  kind: z.string().regex(/^(like|comment|follow|mention)$/, "must be like, comment, follow or mention"),
  /** Who did it: a user id. */
  actorId: z.string(),
  /** The post liked, commented on, or mentioning the user (none for a follow). */
  postId: z.string().optional(),
  /** The comment written, or mentioning the user. */
  commentId: z.string().optional(),
  read: z.boolean(),
  createdAt: z.string(),
});

export const todoRecordSchema = z.object({
  _id: z.string(),
  title: z.string(),
  done: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Every record of every collection, each list in insertion order. */
export const snapshotSchema = z.object({
  users: z.array(userRecordSchema),
  posts: z.array(postRecordSchema),
  comments: z.array(commentRecordSchema),
  todos: z.array(todoRecordSchema),
  /** Since format version 4; before, each photo was inline in its owner's field. */
  photos: z.array(photoRecordSchema),
  /** Since format version 5. */
  notifications: z.array(notificationRecordSchema),
});

/** Version 2's comment, kept inside its post's record (no postId). */
export const commentNestedSchema = commentRecordSchema.omit({ postId: true });
/** Version 2's post: its comments inside it, where answers still show them (between likes and createdAt). */
export const postNestedSchema = nestComments(postRecordSchema.shape, z.array(commentNestedSchema));

/** A post's fields with `comments` put where version 2 records and answers have it: right after `likes`. */
function nestComments<S extends typeof postRecordSchema.shape, C extends z.ZodTypeAny>(shape: S, comments: C) {
  const { createdAt, updatedAt, ...head } = shape;
  return z.object({ ...head, comments, createdAt, updatedAt });
}

// ---- answers: the records with the users they quote joined in (CONTRACT §3) ----

const names = { firstName: z.string(), lastName: z.string() };
const userRefs = z.array(userRefSchema);

export const commentAnswerSchema = commentNestedSchema.extend({
  ...names,
  profilePic: z.string(),
  votes: z.object({ upvotedBy: userRefs, downvotedBy: userRefs }),
});

export const postAnswerSchema = nestComments(postRecordSchema.shape, z.array(commentAnswerSchema)).extend({
  ...names,
  userPhoto: z.string(),
  likes: postRecordSchema.shape.likes.extend({ likedBy: userRefs, dislikedBy: userRefs }),
});

/** A user with their follows joined in, password hash included: version 1's stored users. */
export const userJoinedSchema = userRecordSchema.extend({ followers: userRefs, following: userRefs });
/** A user as answers give it: joined, without the password hash. */
export const userAnswerSchema = userJoinedSchema.omit({ passwordHash: true });

export type UserRef = z.infer<typeof userRefSchema>;
export type UserRecord = z.infer<typeof userRecordSchema>;
export type CommentRecord = z.infer<typeof commentRecordSchema>;
export type PostRecord = z.infer<typeof postRecordSchema>;
export type TodoRecord = z.infer<typeof todoRecordSchema>;
export type PhotoRecord = z.infer<typeof photoRecordSchema>;
export type NotificationRecord = z.infer<typeof notificationRecordSchema>;
export type CommentAnswer = z.infer<typeof commentAnswerSchema>;
export type PostAnswer = z.infer<typeof postAnswerSchema>;
export type UserAnswer = z.infer<typeof userAnswerSchema>;
