import { z } from "zod";
import { badRequest, MSG } from "../errors";
import { listRoute, pagedPosts, parseBody, reply, replyJson, type Ctx, type RouteDef } from "../http";
import { pageArray, pageTable } from "../paging";
import { ALT_MAX, BIO_MAX, LINK_MAX, NAME_MAX, imageRef, optionalText, required } from "../rules";
import { timestamp } from "../time";
import type { UserRecord, UserRef } from "../types";
import { bookmarkedPosts, publicUser, userRef } from "../views";
import { findPost, findUser } from "./lookup";

// Only these fields can change: ids, usernames, passwords and links between users cannot.
export const editUserSchema = z.object({
  userData: z
    .object(
      {
        firstName: required("firstName", NAME_MAX).optional(),
        lastName: optionalText("lastName", NAME_MAX).optional(),
        bio: optionalText("bio", BIO_MAX).optional(),
        link: optionalText("link", LINK_MAX).optional(),
        userPhoto: imageRef.optional(),
        coverPhoto: imageRef.optional(),
        userPhotoAlt: optionalText("userPhotoAlt", ALT_MAX).optional(),
        coverPhotoAlt: optionalText("coverPhotoAlt", ALT_MAX).optional(),
      },
      { required_error: "userData is required", invalid_type_error: "userData must be an object" },
    )
    .passthrough(),
});

/** A new name or avatar shows everywhere the user is quoted: posts, comments, likes, follows. */
function spreadProfile(ctx: Ctx, user: UserRecord) {
  const ref = userRef(user);
  const refresh = (list: UserRef[]) => {
    let changed = false;
    for (let i = 0; i < list.length; i++) {
      if (list[i]._id === user._id) {
        list[i] = { ...ref };
        changed = true;
      }
    }
    return changed;
  };
  for (const post of ctx.db.posts.all()) {
    let changed = false;
    if (post.username === user.username) {
      Object.assign(post, { firstName: user.firstName, lastName: user.lastName, userPhoto: user.userPhoto });
      changed = true;
    }
    changed = refresh(post.likes.likedBy) || changed;
    changed = refresh(post.likes.dislikedBy) || changed;
    for (const comment of post.comments) {
      if (comment.username === user.username) {
        Object.assign(comment, { firstName: user.firstName, lastName: user.lastName, profilePic: user.userPhoto });
        changed = true;
      }
      changed = refresh(comment.votes.upvotedBy) || changed;
      changed = refresh(comment.votes.downvotedBy) || changed;
    }
    if (changed) ctx.db.posts.touch(post);
  }
  for (const other of ctx.db.users.all()) {
    if (other === user) continue;
    const inFollowers = refresh(other.followers);
    const inFollowing = refresh(other.following);
    if (inFollowers || inFollowing) ctx.db.users.touch(other);
  }
}

const bookmarks = (ctx: Ctx) => reply(200, { bookmarks: bookmarkedPosts(ctx.db, ctx.user) });

export const userRoutes: RouteDef[] = [
  listRoute(
    "/users",
    false,
    (ctx) => reply(200, { users: ctx.db.users.all().map(publicUser) }),
    (ctx, _req, page) => {
      const { items, next, total } = pageTable(ctx.db.users, "users", page);
      return reply(200, { users: items.map(publicUser), next, total });
    },
  ),
  listRoute("/users/bookmark", true, bookmarks, (ctx, _req, page) =>
    replyJson(200, pagedPosts(ctx.db, pageArray(bookmarkedPosts(ctx.db, ctx.user), "bookmarks", page), "bookmarks")),
  ),
  { method: "GET", path: "/users/:userId", auth: false, handler: (ctx, req) => reply(200, { user: publicUser(findUser(ctx.db, req.params.userId)) }) },
  {
    method: "POST",
    path: "/users/edit",
    auth: true,
    handler(ctx, req) {
      const { userData } = parseBody(editUserSchema, req.body);
      const user = ctx.user;
      const { firstName, lastName, bio, link, userPhoto, coverPhoto, userPhotoAlt, coverPhotoAlt } = userData;
      const nameChanged =
        (firstName !== undefined && firstName.trim() !== user.firstName) ||
        (lastName !== undefined && lastName.trim() !== user.lastName) ||
        (userPhoto !== undefined && userPhoto !== user.userPhoto);
      if (firstName !== undefined) user.firstName = firstName.trim();
      if (lastName !== undefined) user.lastName = lastName.trim();
      if (bio !== undefined) user.bio = bio;
      if (link !== undefined) user.link = link.trim();
      if (userPhoto !== undefined) user.userPhoto = userPhoto;
      if (coverPhoto !== undefined) user.coverPhoto = coverPhoto;
      // Descriptions are kept only while they describe something.
      if (userPhotoAlt !== undefined) user.userPhotoAlt = userPhotoAlt.trim();
      if (coverPhotoAlt !== undefined) user.coverPhotoAlt = coverPhotoAlt.trim();
      if (!user.userPhoto || !user.userPhotoAlt) delete user.userPhotoAlt;
      if (!user.coverPhoto || !user.coverPhotoAlt) delete user.coverPhotoAlt;
      user.updatedAt = timestamp(ctx.now());
      ctx.db.users.touch(user);
      if (nameChanged) spreadProfile(ctx, user);
      return reply(201, { user: publicUser(user) });
    },
  },
  {
    method: "POST",
    path: "/users/bookmark/:postId",
    auth: true,
    handler(ctx, req) {
      const post = findPost(ctx.db, req.params.postId);
      if (ctx.user.bookmarks.includes(post._id)) throw badRequest(MSG.ALREADY_BOOKMARKED);
      ctx.user.bookmarks.push(post._id);
      ctx.user.updatedAt = timestamp(ctx.now());
      ctx.db.users.touch(ctx.user);
      return bookmarks(ctx);
    },
  },
  {
    method: "POST",
    path: "/users/remove-bookmark/:postId",
    auth: true,
    handler(ctx, req) {
      const id = req.params.postId;
      if (!ctx.user.bookmarks.includes(id)) {
        findPost(ctx.db, id); // an unknown post is a 404, not 'not bookmarked'
        throw badRequest(MSG.NOT_BOOKMARKED);
      }
      ctx.user.bookmarks = ctx.user.bookmarks.filter((b) => b !== id);
      ctx.user.updatedAt = timestamp(ctx.now());
      ctx.db.users.touch(ctx.user);
      return bookmarks(ctx);
    },
  },
  {
    method: "POST",
    path: "/users/follow/:followUserId",
    auth: true,
    handler(ctx, req) {
      const target = findUser(ctx.db, req.params.followUserId);
      const me = ctx.user;
      if (target._id === me._id) throw badRequest(MSG.FOLLOW_SELF);
      if (me.following.some((u) => u._id === target._id)) throw badRequest(MSG.ALREADY_FOLLOWING);
      const now = timestamp(ctx.now());
      me.following.push(userRef(target));
      target.followers.push(userRef(me));
      me.updatedAt = target.updatedAt = now;
      ctx.db.users.touch(me);
      ctx.db.users.touch(target);
      return reply(200, { user: publicUser(me), followUser: publicUser(target) });
    },
  },
  {
    method: "POST",
    path: "/users/unfollow/:followUserId",
    auth: true,
    handler(ctx, req) {
      const target = findUser(ctx.db, req.params.followUserId);
      const me = ctx.user;
      if (!me.following.some((u) => u._id === target._id)) throw badRequest(MSG.NOT_FOLLOWING);
      const now = timestamp(ctx.now());
      me.following = me.following.filter((u) => u._id !== target._id);
      target.followers = target.followers.filter((u) => u._id !== me._id);
      me.updatedAt = target.updatedAt = now;
      ctx.db.users.touch(me);
      ctx.db.users.touch(target);
      return reply(200, { user: publicUser(me), followUser: publicUser(target) });
    },
  },
];
