import { v4 as uuid } from "uuid";
import { z } from "zod";
import { signToken } from "../core/auth";
import { ApiError, MSG, notFound } from "../core/errors";
import { parseBody, reply, type RouteDef } from "./route-kit";
import { hashPassword, verifyPassword } from "../core/password";
import { BIO_MAX, NAME_MAX, imageRef, linkField, normalLink, optionalText, required, usernameField } from "../core/rules";
import { GUEST } from "../data/seed";
import { timestamp } from "../core/time";
import type { UserRecord } from "../core/types";
import { publicUser } from "../data/views";
import { resolvePhoto, storePhoto } from "./photos";

export const loginSchema = z.object({
  username: z
    .string({ required_error: "username is required", invalid_type_error: "username must be a string" })
    .min(1, "username is required"),
  password: z
    .string({ required_error: "password is required", invalid_type_error: "password must be a string" })
    .min(1, "password is required"),
});

export const signupSchema = z.object({
  username: usernameField,
  password: required("password", 200),
  firstName: required("firstName", NAME_MAX),
  lastName: optionalText("lastName", NAME_MAX).default(""),
  bio: optionalText("bio", BIO_MAX).default(""),
  link: linkField.default(""),
  userPhoto: imageRef.default(""),
  coverPhoto: imageRef.default(""),
});

export const authRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/auth/signup",
    auth: false,
    facts: {
      operationId: "signup",
      summary: "Sign up",
      description: "Creates a user and answers it with a token. Usernames are unique; the password is stored as a salted hash.",
      tag: "auth",
      body: signupSchema,
      bodyExample: { username: "newcomer", password: "a-long-secret", firstName: "Nia" },
      answers: { 201: { description: "The new user (never a password) and a token.", shape: "SignupAnswer" } },
      refusals: { 422: "The username is taken." },
    },
    async handler(ctx, req) {
      const input = parseBody(signupSchema, req.body);
      if (ctx.db.users.getUnique(input.username)) throw new ApiError(422, MSG.USERNAME_TAKEN);
      // Hashed with the queue let go, so other requests go on meanwhile; one of
      // them may have taken the name, so it is checked again.
      const passwordHash = await ctx.unqueued(() => hashPassword(input.password, ctx.passwordIterations));
      if (ctx.db.users.getUnique(input.username)) throw new ApiError(422, MSG.USERNAME_TAKEN);
      // A large photo is a photo record of its own (the user's field names it).
      const userPhoto = storePhoto(ctx.db, "", resolvePhoto(ctx.db, "userPhoto", input.userPhoto));
      const coverPhoto = storePhoto(ctx.db, "", resolvePhoto(ctx.db, "coverPhoto", input.coverPhoto));
      const now = timestamp(ctx.now());
      const user: UserRecord = {
        _id: uuid(),
        username: input.username,
        passwordHash,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        bio: input.bio,
        link: normalLink(input.link),
        userPhoto,
        coverPhoto,
        followers: [],
        following: [],
        bookmarks: [],
        createdAt: now,
        updatedAt: now,
      };
      // Posts and comments by this username (imported without their author) now show the new user's names: the table sees to that.
      ctx.db.users.insert(user);
      const encodedToken = await signToken(user);
      return reply(201, { createdUser: publicUser(ctx.db, user), encodedToken });
    },
  },
  {
    method: "POST",
    path: "/auth/login",
    auth: false,
    facts: {
      operationId: "login",
      summary: "Log in",
      description: "Checks a username and password and answers the user and a token, sent on later calls in `authorization`.",
      tag: "auth",
      body: loginSchema,
      bodyExample: { username: GUEST.username, password: "your-password" },
      answers: { 200: { description: "The user and a token.", shape: "LoginAnswer" } },
      refusals: { 401: "The password is wrong.", 404: "No user has this username." },
    },
    async handler(ctx, req) {
      const { username, password } = parseBody(loginSchema, req.body);
      const user = ctx.db.users.getUnique(username);
      if (!user) throw notFound(MSG.NOT_REGISTERED);
      // Checked with the queue let go (a flood of wrong passwords must not stall
      // other requests); the user may have gone or changed meanwhile.
      const hash = user.passwordHash;
      const ok = await ctx.unqueued(() => verifyPassword(password, hash));
      const now = ctx.db.users.getUnique(username);
      if (!now || now._id !== user._id) throw notFound(MSG.NOT_REGISTERED);
      if (!ok || now.passwordHash !== hash) throw new ApiError(401, MSG.BAD_CREDENTIALS);
      const encodedToken = await signToken(now);
      return reply(200, { foundUser: publicUser(ctx.db, now), encodedToken });
    },
  },
];
