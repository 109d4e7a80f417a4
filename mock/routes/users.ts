import { z } from "zod";
import { badRequest, MSG } from "../core/errors";
import { listRoute, pagedPosts, parseBody, reply, replyJson, type Ctx, type RouteDef, type RouteFacts } from "./route-kit";
import { resolvePhoto, storePhoto } from "./photos";
import { pageArray, pageTable } from "../data/paging";
import { ALT_MAX, BIO_MAX, NAME_MAX, imageRef, linkField, normalLink, optionalText, required } from "../core/rules";
import { timestamp } from "../core/time";
import type { UserRecord } from "../core/types";
import { bookmarkedPosts, publicUser } from "../data/views";
import { findPost, findUser } from "./lookup";
import { notify, unnotifyFollow } from "../features/notifications";

// Only these fields can change: ids, usernames, passwords and links between users cannot.
export const editUserSchema = z.object({
  userData: z
    .object(
      {
        firstName: required("firstName", NAME_MAX).optional(),
        lastName: optionalText("lastName", NAME_MAX).optional(),
        bio: optionalText("bio", BIO_MAX).optional(),
        link: linkField.optional(),
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

/** Adding or removing a bookmark: `change` gives the caller's new bookmarks (or throws the refusal); the answer is them. */
const bookmarkChange = (
  path: string,
  facts: Pick<RouteFacts, "operationId" | "summary" | "description">,
  refusals: Record<number, string>,
  change: (ctx: Ctx, postId: string) => string[],
): RouteDef => ({
  method: "POST",
  path,
  auth: true,
  facts: {
    ...facts,
    tag: "bookmarks",
    answers: { 200: { description: "The caller's bookmarked posts.", shape: "BookmarkList" } },
    refusals,
  },
  handler(ctx, req) {
    ctx.user.bookmarks = change(ctx, req.params.postId);
    ctx.user.updatedAt = timestamp(ctx.now());
    ctx.db.users.touch(ctx.user);
    return bookmarks(ctx);
  },
});

/** Following or unfollowing: `change` changes both users (or throws the refusal); both are stamped, saved and answered. */
const followChange = (
  path: string,
  facts: Omit<RouteFacts, "tag">,
  change: (ctx: Ctx, me: UserRecord, target: UserRecord, now: string) => void,
): RouteDef => ({
  method: "POST",
  path,
  auth: true,
  facts: { ...facts, tag: "users" },
  handler(ctx, req) {
    const target = findUser(ctx.db, req.params.followUserId);
    const me = ctx.user;
    const now = timestamp(ctx.now());
    change(ctx, me, target, now);
    me.updatedAt = target.updatedAt = now;
    ctx.db.users.touch(me);
    ctx.db.users.touch(target);
    return reply(200, { user: publicUser(ctx.db, me), followUser: publicUser(ctx.db, target) });
  },
});

/**
 * A user's followers or the people they follow: the whole list in the order they came
 * (oldest first), or with `limit` / `cursor` one page, newest first, like every list.
 */
const peopleList = (which: "followers" | "following", operationId: string, summary: string, what: string): RouteDef =>
  listRoute(
    `/users/${which}/:userId`,
    false,
    {
      operationId,
      summary,
      description: `${what}, oldest first. With \`limit\` or \`cursor\`, one page, newest first.`,
      tag: "users",
      answers: { 200: { description: "The users.", shape: "UserList" } },
      paged: "UserPage",
    },
    (ctx, req) => reply(200, { users: peopleOf(ctx, req.params.userId, which).map((u) => publicUser(ctx.db, u)) }),
    (ctx, req, page) => {
      const user = findUser(ctx.db, req.params.userId);
      const { items, next, total } = pageArray(peopleOf(ctx, user._id, which), `${which} of ${user._id}`, page);
      return reply(200, { users: items.map((u) => publicUser(ctx.db, u)), next, total });
    },
  );

/** The users a user's list names, in its order; an id whose user is gone is left out. */
function peopleOf(ctx: Ctx, idOrUsername: string, which: "followers" | "following"): UserRecord[] {
  const people: UserRecord[] = [];
  for (const id of findUser(ctx.db, idOrUsername)[which]) {
    const user = ctx.db.users.get(id);
    if (user) people.push(user);
  }
  return people;
}

export const userRoutes: RouteDef[] = [
  listRoute(
    "/users",
    false,
    {
      operationId: "listUsers",
      summary: "List every user",
      description: "Every user, oldest first. With `limit` or `cursor`, one page, newest first.",
      tag: "users",
      answers: { 200: { description: "The users.", shape: "UserList" } },
      paged: "UserPage",
    },
    (ctx) => reply(200, { users: ctx.db.users.all().map((u) => publicUser(ctx.db, u)) }),
    (ctx, _req, page) => {
      const { items, next, total } = pageTable(ctx.db.users, "users", page);
      return reply(200, { users: items.map((u) => publicUser(ctx.db, u)), next, total });
    },
  ),
  listRoute(
    "/users/bookmark",
    true,
    {
      operationId: "listBookmarks",
      summary: "List your bookmarks",
      description: "The posts the caller bookmarked, oldest first. With `limit` or `cursor`, one page, newest first.",
      tag: "bookmarks",
      answers: { 200: { description: "The bookmarked posts.", shape: "BookmarkList" } },
      paged: "BookmarkPage",
    },
    bookmarks,
    (ctx, _req, page) => replyJson(200, pagedPosts(ctx.db, pageArray(bookmarkedPosts(ctx.db, ctx.user), "bookmarks", page), "bookmarks")),
  ),
  peopleList("followers", "listFollowers", "Who follows a user", "The people who follow a user (by id or username)"),
  peopleList("following", "listFollowing", "Whom a user follows", "The people a user (by id or username) follows"),
  {
    method: "GET",
    path: "/users/:userId",
    auth: false,
    facts: {
      operationId: "getUser",
      summary: "Get a user",
      description: "One user, by id or by username.",
      tag: "users",
      answers: { 200: { description: "The user.", shape: "OneUser" } },
    },
    handler: (ctx, req) => reply(200, { user: publicUser(ctx.db, findUser(ctx.db, req.params.userId)) }),
  },
  {
    method: "POST",
    path: "/users/edit",
    auth: true,
    facts: {
      operationId: "editProfile",
      summary: "Edit your profile",
      description: "Changes the caller's names, bio, link, photos and their descriptions; other fields are ignored.",
      tag: "users",
      body: editUserSchema,
      bodyExample: { userData: { firstName: "Guest", bio: "Kicking the tyres.", link: "https://example.com/guest" } },
      answers: { 201: { description: "The caller's user.", shape: "OneUser" } },
      refusals: { 422: "A photo reference names no photo." },
    },
    handler(ctx, req) {
      const { userData } = parseBody(editUserSchema, req.body);
      const user = ctx.user;
      const { firstName, lastName, bio, link, userPhotoAlt, coverPhotoAlt } = userData;
      // A photo sent back as the reference an answer gave (the form's current photo) is that photo.
      const userPhoto = resolvePhoto(ctx.db, "userPhoto", userData.userPhoto);
      const coverPhoto = resolvePhoto(ctx.db, "coverPhoto", userData.coverPhoto);
      if (firstName !== undefined) user.firstName = firstName.trim();
      if (lastName !== undefined) user.lastName = lastName.trim();
      if (bio !== undefined) user.bio = bio;
      // `example.org/me` is kept as `https://example.org/me`, so it shows as a link.
      if (link !== undefined) user.link = normalLink(link);
      // A large photo is a photo record of its own; the one it replaces goes.
      if (userPhoto !== undefined) user.userPhoto = storePhoto(ctx.db, user.userPhoto, userPhoto);
      if (coverPhoto !== undefined) user.coverPhoto = storePhoto(ctx.db, user.coverPhoto, coverPhoto);
      // Descriptions are kept only while they describe something.
      if (userPhotoAlt !== undefined) user.userPhotoAlt = userPhotoAlt.trim();
      if (coverPhotoAlt !== undefined) user.coverPhotoAlt = coverPhotoAlt.trim();
      if (!user.userPhoto || !user.userPhotoAlt) delete user.userPhotoAlt;
      if (!user.coverPhoto || !user.coverPhotoAlt) delete user.coverPhotoAlt;
      user.updatedAt = timestamp(ctx.now());
      // Posts quote the user by id and join names and photos in: the users table drops what quotes a new name or photo.
      ctx.db.users.touch(user);
      return reply(201, { user: publicUser(ctx.db, user) });
    },
  },
  bookmarkChange(
    "/users/bookmark/:postId",
    { operationId: "addBookmark", summary: "Bookmark a post", description: "Adds a post to the caller's bookmarks." },
    { 400: "The post is already bookmarked." },
    (ctx, id) => {
      const post = findPost(ctx.db, id);
      if (ctx.user.bookmarks.includes(post._id)) throw badRequest(MSG.ALREADY_BOOKMARKED);
      return [...ctx.user.bookmarks, post._id];
    },
  ),
  bookmarkChange(
    "/users/remove-bookmark/:postId",
    { operationId: "removeBookmark", summary: "Remove a bookmark", description: "Takes a post out of the caller's bookmarks." },
    { 400: "The post is not bookmarked." },
    (ctx, id) => {
      if (!ctx.user.bookmarks.includes(id)) {
        findPost(ctx.db, id); // an unknown post is a 404, not 'not bookmarked'
        throw badRequest(MSG.NOT_BOOKMARKED);
      }
      return ctx.user.bookmarks.filter((b) => b !== id);
    },
  ),
  followChange(
    "/users/follow/:followUserId",
    {
      operationId: "followUser",
      summary: "Follow a user",
      description: "The caller follows a user, by id or username.",
      answers: { 200: { description: "The caller and the followed user.", shape: "FollowAnswer" } },
      refusals: { 400: "The caller already follows the user, or is the user." },
    },
    (ctx, me, target, now) => {
      if (target._id === me._id) throw badRequest(MSG.FOLLOW_SELF);
      if (me.following.includes(target._id)) throw badRequest(MSG.ALREADY_FOLLOWING);
      me.following.push(target._id);
      target.followers.push(me._id);
      notify(ctx.db, { kind: "follow", userId: target._id, actorId: me._id }, now);
    },
  ),
  followChange(
    "/users/unfollow/:followUserId",
    {
      operationId: "unfollowUser",
      summary: "Unfollow a user",
      description: "The caller stops following a user, by id or username.",
      answers: { 200: { description: "The caller and the unfollowed user.", shape: "FollowAnswer" } },
      refusals: { 400: "The caller does not follow the user." },
    },
    (ctx, me, target) => {
      if (!me.following.includes(target._id)) throw badRequest(MSG.NOT_FOLLOWING);
      me.following = me.following.filter((id) => id !== target._id);
      target.followers = target.followers.filter((id) => id !== me._id);
      unnotifyFollow(ctx.db, target._id, me._id);
    },
  ),
];
