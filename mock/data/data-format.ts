// The data format: what the stores hold and export files carry, in one place.
// One version constant (FORMAT_VERSION) and one list of the versions this build
// reads (READABLE_VERSIONS); the records' shape per version; the check that runs
// at every boot; and the migration that brings older records to the current
// format. The export file (./export-file.ts), the file store's snapshot and
// IndexedDB's "format" mark all write FORMAT_VERSION and read READABLE_VERSIONS.
import { v4 as uuid } from "uuid";
import { z } from "zod";
import { PHOTO_FIELDS, PHOTO_LINK, isReferenced } from "./photos";
import { postAnswerSchema, postNestedSchema, snapshotSchema, todoRecordSchema, userJoinedSchema, userRecordSchema } from "./records";
import { isObject } from "../core/types";

/**
 * Version 5 adds notifications (`notifications`: who liked, commented on, followed
 * or mentioned whom, by id); older data had none, and gets an empty list. Version 4 keeps each photo over 2 kB (a data URL) in a record of its own
 * (`photos`: `{_id, data}`), which its owner's field names as `photo:<id>`, so a
 * write of the owner (a follow, a bookmark, a post's edit) does not write the photo
 * again; versions 1 to 3 kept it inline in the field. Version 3 keeps comments in
 * their own collection (`comments`, each naming its `postId`), so a new comment
 * writes that comment, not its post with every comment it has. Version 2 stores the
 * users that likes, votes and follows quote as ids, and a post's or comment's author
 * as its username only: names and photos are joined in when an answer is built.
 * Version 1 copied them into every record (a 2 MB avatar once per like and comment).
 * Versions 1 and 2 kept a post's comments inside it. Their files still import and
 * their stores still load.
 */
export const FORMAT_VERSION = 5;

// Version 1's records, which are also the shapes answers have: every quoted user whole.
const dataV1 = z.object({ users: z.array(userJoinedSchema), posts: z.array(postAnswerSchema), todos: z.array(todoRecordSchema) });
// Version 2's: users by id, comments inside their post.
const dataV2 = z.object({ users: z.array(userRecordSchema), posts: z.array(postNestedSchema), todos: z.array(todoRecordSchema) });
// Version 3's: comments of their own, photos inline in their owners' fields.
const dataV3 = snapshotSchema.omit({ photos: true, notifications: true });
// Version 4's: photos of their own, no notifications.
const dataV4 = snapshotSchema.omit({ notifications: true });

/** Each readable version's records, as files and stores of that version hold them. */
export const DATA_SCHEMAS = { 1: dataV1, 2: dataV2, 3: dataV3, 4: dataV4, [FORMAT_VERSION]: snapshotSchema } as const;

/** The versions this build reads, oldest first; the last is FORMAT_VERSION. */
export const READABLE_VERSIONS = Object.keys(DATA_SCHEMAS)
  .map(Number)
  .sort((a, b) => a - b) as ReadonlyArray<keyof typeof DATA_SCHEMAS>;

export const isReadableVersion = (version: unknown): version is keyof typeof DATA_SCHEMAS => READABLE_VERSIONS.includes(version as never);

/** "1, 2, 3, 4 or 5" (`and`: "1, 2, 3 and 4"), for messages. */
export const readableList = (last: "or" | "and" = "or") =>
  `${READABLE_VERSIONS.slice(0, -1).join(", ")} ${last} ${READABLE_VERSIONS.at(-1)}`;

/**
 * Why stored data cannot be used (a record of the wrong shape), or null when it
 * can. Unknown fields (say a hand-edited `password`) are removed in place, as an
 * import removes them, so no answer can carry them. This runs at every boot, so it
 * checks shapes only, with a checker compiled from the export schema (zod itself
 * took 342 ms at 100k posts); the limits users write within are checked at import.
 */
export function snapshotProblem(snapshot: unknown): string | null {
  return checkStored(snapshot, "");
}

type ShapeCheck = (value: unknown, path: string) => string | null;

const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
const received = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
const expected = (path: string, what: string, value: unknown) => `${path || "(root)"}: Expected ${what}, received ${received(value)}`;

/** A plain-JS checker for the few zod types the stored formats use. */
function compileShape(schema: z.ZodTypeAny): ShapeCheck {
  if (schema instanceof z.ZodString) {
    const patterns = schema._def.checks.flatMap((c) => (c.kind === "regex" ? [{ regex: c.regex, message: c.message ?? "Invalid" }] : []));
    return (value, path) => {
      if (typeof value !== "string") return expected(path, "string", value);
      for (const { regex, message } of patterns) if (!regex.test(value)) return `${path}: ${message}`;
      return null;
    };
  }
  if (schema instanceof z.ZodNumber) {
    const int = schema.isInt;
    const min = schema.minValue ?? Number.NEGATIVE_INFINITY;
    return (value, path) => {
      if (typeof value !== "number" || Number.isNaN(value)) return expected(path, "number", value);
      if (int && !Number.isInteger(value)) return expected(path, "integer", value);
      return value < min ? `${path}: Number must be greater than or equal to ${min}` : null;
    };
  }
  if (schema instanceof z.ZodOptional) {
    const inner = compileShape(schema.unwrap());
    return (value, path) => (value === undefined ? null : inner(value, path));
  }
  if (schema instanceof z.ZodBoolean) return (value, path) => (typeof value === "boolean" ? null : expected(path, "boolean", value));
  if (schema instanceof z.ZodArray) {
    const element = compileShape(schema.element);
    return (value, path) => {
      if (!Array.isArray(value)) return expected(path, "array", value);
      for (let i = 0; i < value.length; i++) {
        const problem = element(value[i], at(path, i));
        if (problem) return problem;
      }
      return null;
    };
  }
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodTypeAny>).map(([key, field]) => [key, compileShape(field)] as const);
    const known = new Set(fields.map(([key]) => key));
    return (value, path) => {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return expected(path, "object", value);
      const record = value as Record<string, unknown>;
      let present = 0;
      for (const [key, check] of fields) {
        const field = record[key];
        if (field !== undefined) present++;
        const problem = check(field, at(path, key));
        if (problem) return problem;
      }
      let count = 0;
      for (const _key in record) count++;
      if (count !== present) for (const key of Object.keys(record)) if (!known.has(key)) delete record[key];
      return null;
    };
  }
  throw new Error(`compileShape: no checker for ${schema.constructor.name}`);
}

const checkStored = compileShape(snapshotSchema);

/**
 * Where each record a migration moved out was in the file it came from (`posts.3.comments.0`, `users.2.userPhoto`),
 * so an import's message names the place the file has, not one it lacks. Filled when a caller passes one.
 */
export type MovedFrom = Map<object, string>;

/**
 * Moves the comments versions 1 and 2 kept inside each post (`post.comments`) into
 * the `comments` collection, in place: each gets its post's id as `postId` (right
 * after its own `_id`), in the order of the posts and of each post's comments.
 * Cheap on version-3 data. Says whether anything moved (or the collection was missing).
 * Dexie's schema upgrade runs it too (mock/browser/dexie.ts), on the rows it moves.
 */
export function moveCommentsOut(snapshot: Record<string, unknown>, movedFrom?: MovedFrom): boolean {
  let old = false;
  if (!Array.isArray(snapshot.comments)) {
    snapshot.comments = [];
    old = true;
  }
  const comments = snapshot.comments as unknown[];
  for (const [at, p] of (Array.isArray(snapshot.posts) ? snapshot.posts : []).entries()) {
    if (!isObject(p) || !("comments" in p)) continue;
    old = true;
    const nested = p.comments;
    delete p.comments;
    // Anything but a list is left where the shape check names it: post records have no `comments` now.
    if (!Array.isArray(nested)) {
      p.comments = nested;
      continue;
    }
    for (const [i, c] of nested.entries()) {
      if (!isObject(c)) {
        comments.push(c);
        continue;
      }
      const moved = { _id: c._id, postId: p._id, ...c };
      movedFrom?.set(moved, `posts.${at}.comments.${i}`);
      comments.push(moved);
    }
  }
  return old;
}

/**
 * Moves each large photo (a data URL over PHOTO_INLINE_MAX) that versions 1 to 3
 * kept in its owner's field (users' `userPhoto`, `coverPhoto`; posts' `postPic`)
 * into a photo record of its own, in place, and puts `photo:<id>` in the field.
 * Adds the `photos` collection when it is missing (one of another type is left for
 * the shape check to name). Cheap on version-4 data (it
 * looks at three fields per record). Says whether anything moved (or the collection
 * was missing). Dexie's schema upgrade runs it too (mock/browser/dexie.ts).
 */
export function movePhotosOut(snapshot: Record<string, unknown>, movedFrom?: MovedFrom): boolean {
  let old = false;
  if (snapshot.photos === undefined) {
    snapshot.photos = [];
    old = true;
  }
  // Anything but a list is left for the shape check to name: the links would name nothing.
  if (!Array.isArray(snapshot.photos)) return old;
  const photos = snapshot.photos as unknown[];
  for (const owner of ["users", "posts"] as const) {
    const list = snapshot[owner];
    if (!Array.isArray(list)) continue;
    for (const [at, record] of list.entries()) {
      if (!isObject(record)) continue;
      for (const field of PHOTO_FIELDS[owner]) {
        const value = record[field];
        if (typeof value !== "string" || !isReferenced(value)) continue;
        const _id = uuid();
        const photo = { _id, data: value };
        movedFrom?.set(photo, `${owner}.${at}.${field}`);
        photos.push(photo);
        record[field] = PHOTO_LINK + _id;
        old = true;
      }
    }
  }
  return old;
}

/**
 * Adds the `notifications` collection older data lacks (versions 1 to 4 had none),
 * in place; one of another type is left for the shape check to name. Says whether it was missing.
 */
export function addNotifications(snapshot: Record<string, unknown>): boolean {
  if (snapshot.notifications !== undefined) return false;
  snapshot.notifications = [];
  return true;
}

/**
 * Turns older records into version 5, in place. Versions 1 to 4: an empty
 * `notifications` collection (addNotifications). Version 1: each quoted user becomes
 * its id (found by id, else by username; one no longer in the data is dropped, as
 * answers leave out an id whose user is gone), and the names and photos copied
 * into posts and comments go. Versions 1 and 2: comments leave their posts for
 * their own collection (moveCommentsOut). Versions 1 to 3: large photos leave their
 * owners' fields for records of their own (movePhotosOut). Values of the wrong type
 * are left for the shape check to name. Cheap on current data. Says whether anything was old, so
 * the caller can write the data back in the new shape.
 */
export function migrateRecords(snapshot: unknown, movedFrom?: MovedFrom): boolean {
  if (!isObject(snapshot)) return false;
  const users = Array.isArray(snapshot.users) ? snapshot.users : [];
  const posts = Array.isArray(snapshot.posts) ? snapshot.posts : [];
  let old = moveCommentsOut(snapshot, movedFrom);
  if (movePhotosOut(snapshot, movedFrom)) old = true;
  if (addNotifications(snapshot)) old = true;
  const comments = snapshot.comments as unknown[];
  let known: Map<string, string> | undefined;
  const idOf = (ref: Record<string, unknown>) => {
    if (!known) {
      known = new Map();
      for (const u of users)
        if (isObject(u) && typeof u._id === "string") known.set(`#${u._id}`, u._id).set(`@${String(u.username)}`, u._id);
    }
    return known.get(`#${String(ref._id)}`) ?? known.get(`@${String(ref.username)}`);
  };
  const toIds = (list: unknown) => {
    if (!Array.isArray(list) || !list.some(isObject)) return list;
    old = true;
    return list.flatMap((ref) => {
      if (!isObject(ref)) return [ref];
      const id = idOf(ref);
      return id === undefined ? [] : [id];
    });
  };
  const dropCopies = (record: Record<string, unknown>, keys: string[]) => {
    for (const key of keys) {
      if (key in record) {
        delete record[key];
        old = true;
      }
    }
  };
  for (const u of users) {
    if (!isObject(u)) continue;
    u.followers = toIds(u.followers);
    u.following = toIds(u.following);
  }
  for (const p of posts) {
    if (!isObject(p)) continue;
    dropCopies(p, ["firstName", "lastName", "userPhoto"]);
    if (isObject(p.likes)) {
      p.likes.likedBy = toIds(p.likes.likedBy);
      p.likes.dislikedBy = toIds(p.likes.dislikedBy);
    }
  }
  for (const c of comments) {
    if (!isObject(c)) continue;
    dropCopies(c, ["firstName", "lastName", "profilePic"]);
    if (isObject(c.votes)) {
      c.votes.upvotedBy = toIds(c.votes.upvotedBy);
      c.votes.downvotedBy = toIds(c.votes.downvotedBy);
    }
  }
  return old;
}
