import { z } from "zod";
import { badRequest, MSG } from "../errors";
import { listRoute, pagedPosts, parseBody, reply, replyJson, type Ctx, type RouteDef } from "../route-kit";
import { resolvePhoto, storePhoto } from "./photos";
import { forgetQuotes } from "../tables";
import { pageArray, pageTable } from "../paging";
import { ALT_MAX, BIO_MAX, LINK_MAX, NAME_MAX, imageRef, optionalText, required } from "../rules";
import { timestamp } from "../time";
import { bookmarkedPosts, publicUser } from "../views";
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

const bookmarks = (ctx: Ctx) =>
  replyJson(
    200,
    `{"bookmarks":[${bookmarkedPosts(ctx.db, ctx.user)
      .map((p) => ctx.db.posts.jsonOf(p))
      .join(",")}]}`,
  );

export const userRoutes: RouteDef[] = [
  listRoute(
    "/users",
    false,
    (ctx) => reply(200, { users: ctx.db.users.all().map((u) => publicUser(ctx.db, u)) }),
    (ctx, _req, page) => {
      const { items, next, total } = pageTable(ctx.db.users, "users", page);
      return reply(200, { users: items.map((u) => publicUser(ctx.db, u)), next, total });
    },
  ),
  listRoute("/users/bookmark", true, bookmarks, (ctx, _req, page) =>
    replyJson(200, pagedPosts(ctx.db, pageArray(bookmarkedPosts(ctx.db, ctx.user), "bookmarks", page), "bookmarks")),
  ),
  {
    method: "GET",
    path: "/users/:userId",
    auth: false,
    handler: (ctx, req) => reply(200, { user: publicUser(ctx.db, findUser(ctx.db, req.params.userId)) }),
  },
  {
    method: "POST",
    path: "/users/edit",
    auth: true,
    handler(ctx, req) {
      const { userData } = parseBody(editUserSchema, req.body);
      const user = ctx.user;
      const { firstName, lastName, bio, link, userPhotoAlt, coverPhotoAlt } = userData;
      // A photo sent back as the reference an answer gave (the form's current photo) is that photo.
      const userPhoto = resolvePhoto(ctx.db, "userPhoto", userData.userPhoto);
      const coverPhoto = resolvePhoto(ctx.db, "coverPhoto", userData.coverPhoto);
      const nameChanged =
        (firstName !== undefined && firstName.trim() !== user.firstName) ||
        (lastName !== undefined && lastName.trim() !== user.lastName) ||
        (userPhoto !== undefined && userPhoto !== user.userPhoto);
      if (firstName !== undefined) user.firstName = firstName.trim();
      if (lastName !== undefined) user.lastName = lastName.trim();
      if (bio !== undefined) user.bio = bio;
      if (link !== undefined) user.link = link.trim();
      // A large photo is a photo record of its own; the one it replaces goes.
      if (userPhoto !== undefined) user.userPhoto = storePhoto(ctx.db, user.userPhoto, userPhoto);
      if (coverPhoto !== undefined) user.coverPhoto = storePhoto(ctx.db, user.coverPhoto, coverPhoto);
      // Descriptions are kept only while they describe something.
      if (userPhotoAlt !== undefined) user.userPhotoAlt = userPhotoAlt.trim();
      if (coverPhotoAlt !== undefined) user.coverPhotoAlt = coverPhotoAlt.trim();
      if (!user.userPhoto || !user.userPhotoAlt) delete user.userPhotoAlt;
      if (!user.coverPhoto || !user.coverPhotoAlt) delete user.coverPhotoAlt;
      user.updatedAt = timestamp(ctx.now());
      ctx.db.users.touch(user);
      // Posts quote the user by id and join names and photos in: their cached JSON goes stale.
      if (nameChanged) forgetQuotes(ctx.db);
      return reply(201, { user: publicUser(ctx.db, user) });
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
      if (me.following.includes(target._id)) throw badRequest(MSG.ALREADY_FOLLOWING);
      const now = timestamp(ctx.now());
      me.following.push(target._id);
      target.followers.push(me._id);
      me.updatedAt = target.updatedAt = now;
      ctx.db.users.touch(me);
      ctx.db.users.touch(target);
      return reply(200, { user: publicUser(ctx.db, me), followUser: publicUser(ctx.db, target) });
    },
  },
  {
    method: "POST",
    path: "/users/unfollow/:followUserId",
    auth: true,
    handler(ctx, req) {
      const target = findUser(ctx.db, req.params.followUserId);
      const me = ctx.user;
      if (!me.following.includes(target._id)) throw badRequest(MSG.NOT_FOLLOWING);
      const now = timestamp(ctx.now());
      me.following = me.following.filter((id) => id !== target._id);
      target.followers = target.followers.filter((id) => id !== me._id);
      me.updatedAt = target.updatedAt = now;
      ctx.db.users.touch(me);
      ctx.db.users.touch(target);
      return reply(200, { user: publicUser(ctx.db, me), followUser: publicUser(ctx.db, target) });
    },
  },
];
