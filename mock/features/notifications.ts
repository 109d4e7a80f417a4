// Notifications: what the writes of others did to a user. A like or a comment on
// their post, a follow of them, a mention of their username in a post or comment
// each writes one record (mock/data/records.ts) in the same change set as the write, so
// a refused or unsaved write (4xx, 507) takes its notification back with it. The
// records name users, posts and comments by id; answers join names in. A user
// keeps NOTIFICATIONS_MAX; an unlike, an unfollow, or a deleted post or comment
// removes what it had notified. Nobody is told of what they did themselves.
import { v4 as uuid } from "uuid";
import { NOTIFICATIONS_MAX } from "../core/rules";
import type { Tables } from "../data/tables";
import { mentionsOf } from "./text-terms";
import type { NotificationRecord, PostRecord, UserRef } from "../core/types";
import { userRef } from "../data/views";

export type NotificationKind = "like" | "comment" | "follow" | "mention";
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ["like", "comment", "follow", "mention"];

interface What {
  kind: NotificationKind;
  /** Whom it tells. */
  userId: string;
  /** Who did it. */
  actorId: string;
  postId?: string;
  commentId?: string;
}

/** Tells a user what someone did (not when they did it themselves); their oldest goes past the bound. */
export function notify(db: Tables, what: What, now: string) {
  if (what.userId === what.actorId || !db.users.get(what.userId)) return;
  const record: NotificationRecord = {
    _id: uuid(),
    userId: what.userId,
    kind: what.kind,
    actorId: what.actorId,
    ...(what.postId !== undefined ? { postId: what.postId } : {}),
    ...(what.commentId !== undefined ? { commentId: what.commentId } : {}),
    read: false,
    createdAt: now,
  };
  db.notifications.insert(record);
  const held = db.notifications.of(what.userId);
  if (held.length > NOTIFICATIONS_MAX) db.notifications.remove(held[0]._id);
}

/** Takes back what was notified about a post: all of it, or what `which` picks (an unlike, a deleted comment). */
export function unnotifyPost(db: Tables, postId: string, which: (n: NotificationRecord) => boolean = () => true) {
  const gone = db.notifications.about(postId).filter(which);
  for (const n of gone) db.notifications.remove(n._id);
}

/** Takes back a follow's notification. */
export function unnotifyFollow(db: Tables, userId: string, actorId: string) {
  const gone = db.notifications.of(userId).filter((n) => n.kind === "follow" && n.actorId === actorId);
  for (const n of gone) db.notifications.remove(n._id);
}

/**
 * Tells each user a text mentions (a new post or comment, or an edit: only the
 * names it did not mention before, and the ones it no longer mentions lose theirs).
 */
export function notifyMentions(db: Tables, text: string, by: string, postId: string, commentId: string | undefined, now: string) {
  const mentioned = new Set<string>();
  for (const name of mentionsOf(text)) {
    const user = db.users.getUnique(name);
    if (user) mentioned.add(user._id);
  }
  // A mention in a comment on your own post is that comment's notification, not a second one.
  const post = commentId !== undefined ? db.posts.get(postId) : undefined;
  const author = post ? authorOf(db, post) : undefined;
  if (author !== undefined) mentioned.delete(author);
  const told = new Set<string>();
  for (const n of db.notifications.about(postId).filter((n) => n.kind === "mention" && n.commentId === commentId)) {
    if (mentioned.has(n.userId)) told.add(n.userId);
    else db.notifications.remove(n._id);
  }
  for (const userId of mentioned)
    if (!told.has(userId)) notify(db, { kind: "mention", userId, actorId: by, postId, ...(commentId ? { commentId } : {}) }, now);
}

/** The author's id of a post (undefined for a username no user has: data imported that way). */
export const authorOf = (db: Tables, post: PostRecord) => db.users.getUnique(post.username)?._id;

export interface NotificationAnswer {
  _id: string;
  kind: NotificationKind;
  read: boolean;
  createdAt: string;
  /** Who did it. */
  actor: UserRef;
  /** The post it is about (its id and text); null for a follow. */
  post: { _id: string; content: string } | null;
  /** The comment it is about; null for a like, a follow or a mention in a post. */
  comment: { _id: string; commentVal: string } | null;
}

/** A notification as answers give it, or null when someone it names is gone (it goes with them). */
export function notificationView(db: Tables, n: NotificationRecord): NotificationAnswer | null {
  const actor = db.users.get(n.actorId);
  const post = n.postId === undefined ? undefined : db.posts.get(n.postId);
  const comment = n.commentId === undefined ? undefined : db.comments.get(n.commentId);
  if (!actor || (n.postId !== undefined && !post) || (n.commentId !== undefined && !comment)) return null;
  return {
    _id: n._id,
    kind: n.kind as NotificationKind,
    read: n.read,
    createdAt: n.createdAt,
    actor: userRef(db, actor),
    post: post ? { _id: post._id, content: post.content } : null,
    comment: comment ? { _id: comment._id, commentVal: comment.commentVal } : null,
  };
}

/** How many of a user's notifications are unread. */
export function unreadOf(db: Tables, userId: string): number {
  let unread = 0;
  for (const n of db.notifications.of(userId)) if (!n.read) unread++;
  return unread;
}
