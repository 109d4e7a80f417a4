// The data export file (Settings > Export, `mockman export`/`import`), the same
// records the stores hold: checked whole with zod before anything is used, and
// migrated from older versions. Saved request collections live in ./collection/.
import { v4 as uuid } from "uuid";
import { z } from "zod";
import { ALT_MAX, BIO_MAX, COMMENT_MAX, IMAGE_URL_MAX, LINK_MAX, NAME_MAX, POST_MAX, TODO_MAX, imageRef, usernameField } from "./rules";
import { PHOTO_FIELDS, PHOTO_LINK, isReferenced, linkedPhoto } from "./photos";
import { postAnswerSchema, postNestedSchema, snapshotSchema, todoRecordSchema, userJoinedSchema, userRecordSchema } from "./records";
import { isObject, type Snapshot } from "./types";

/**
 * Version 4 keeps each photo over 2 kB (a data URL) in a record of its own
 * (`photos`: `{_id, data}`), which its owner's field names as `photo:<id>`, so a
 * write of the owner (a follow, a bookmark, a post's edit) does not write the photo
 * again; versions 1 to 3 kept it inline in the field. Version 3 keeps comments in
 * their own collection (`comments`, each naming its `postId`), so a new comment
 * writes that comment, not its post with every comment it has. Version 2 stores the users that likes, votes and follows quote
 * as ids, and a post's or comment's author as its username only: names and photos
 * are joined in when an answer is built. Version 1 copied them into every record (a
 * 2 MB avatar once per like and comment). Versions 1 and 2 kept a post's comments
 * inside it. Their files still import and their stores still load.
 */
export const EXPORT_VERSION = 4;

// Version 1's records, which are also the shapes answers have: every quoted user whole.
const dataV1 = z.object({ users: z.array(userJoinedSchema), posts: z.array(postAnswerSchema), todos: z.array(todoRecordSchema) });
// Version 2's: users by id, comments inside their post.
const dataV2 = z.object({ users: z.array(userRecordSchema), posts: z.array(postNestedSchema), todos: z.array(todoRecordSchema) });

// Version 3's: comments of their own, photos inline in their owners' fields.
const dataV3 = snapshotSchema.omit({ photos: true });

const data = snapshotSchema;

const fileOf = <D extends z.ZodTypeAny, V extends number>(version: V, schema: D) =>
  z
    .object({
      mockman: z.literal("export"),
      version: z.literal(version),
      exportedAt: z.string(),
      data: schema,
    })
    .strict();

export const exportFileSchema = fileOf(EXPORT_VERSION, data);
const exportFileV1Schema = fileOf(1, dataV1);
const exportFileV2Schema = fileOf(2, dataV2);
const exportFileV3Schema = fileOf(3, dataV3);

export type ExportFile = z.infer<typeof exportFileSchema>;

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

const checkStored = compileShape(exportFileSchema.shape.data);

/**
 * Moves the comments versions 1 and 2 kept inside each post (`post.comments`) into
 * the `comments` collection, in place: each gets its post's id as `postId` (right
 * after its own `_id`), in the order of the posts and of each post's comments.
 * Cheap on version-3 data. Says whether anything moved (or the collection was missing).
 * Dexie's schema upgrade runs it too (mock/store/dexie.ts), on the rows it moves.
 */
export function moveCommentsOut(snapshot: Record<string, unknown>): boolean {
  let old = false;
  if (!Array.isArray(snapshot.comments)) {
    snapshot.comments = [];
    old = true;
  }
  const comments = snapshot.comments as unknown[];
  for (const p of Array.isArray(snapshot.posts) ? snapshot.posts : []) {
    if (!isObject(p) || !("comments" in p)) continue;
    old = true;
    const nested = p.comments;
    delete p.comments;
    // Anything but a list is left where the shape check names it: post records have no `comments` now.
    if (!Array.isArray(nested)) {
      p.comments = nested;
      continue;
    }
    for (const c of nested) comments.push(isObject(c) ? { _id: c._id, postId: p._id, ...c } : c);
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
 * was missing). Dexie's schema upgrade runs it too (mock/store/dexie.ts).
 */
export function movePhotosOut(snapshot: Record<string, unknown>): boolean {
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
    for (const record of list) {
      if (!isObject(record)) continue;
      for (const field of PHOTO_FIELDS[owner]) {
        const value = record[field];
        if (typeof value !== "string" || !isReferenced(value)) continue;
        const _id = uuid();
        photos.push({ _id, data: value });
        record[field] = PHOTO_LINK + _id;
        old = true;
      }
    }
  }
  return old;
}

/**
 * Turns older records into version 4, in place. Version 1: each quoted user becomes
 * its id (found by id, else by username; one no longer in the data is dropped, as
 * answers leave out an id whose user is gone), and the names and photos copied
 * into posts and comments go. Versions 1 and 2: comments leave their posts for
 * their own collection (moveCommentsOut). Versions 1 to 3: large photos leave their
 * owners' fields for records of their own (movePhotosOut). Values of the wrong type
 * are left for the shape check to name. Cheap on version-4 data. Says whether anything was old, so
 * the caller can write the data back in the new shape.
 */
export function migrateRecords(snapshot: unknown): boolean {
  if (!isObject(snapshot)) return false;
  const users = Array.isArray(snapshot.users) ? snapshot.users : [];
  const posts = Array.isArray(snapshot.posts) ? snapshot.posts : [];
  let old = moveCommentsOut(snapshot);
  if (movePhotosOut(snapshot)) old = true;
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

export function toExportFile(snapshot: Snapshot, now = new Date()): ExportFile {
  return { mockman: "export", version: EXPORT_VERSION, exportedAt: now.toISOString(), data: snapshot };
}

/** Says where a bad file is wrong: `data.posts.3.likes.likeCount: Expected number, received string`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}

export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FormatError";
  }
}

/** A file's text as JSON; FormatError ("not JSON: ...") when it is not. */
export function parseJsonFile(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FormatError(`not JSON: ${(error as Error).message}`);
  }
}

/** Parses an export file's text, checking it whole; throws FormatError naming the first problems. */
export function parseExportFile(text: string): ExportFile {
  const json = parseJsonFile(text);
  const version = isObject(json) ? json.version : undefined;
  if (isObject(json) && version !== 1 && version !== 2 && version !== 3 && version !== EXPORT_VERSION) {
    throw new FormatError(
      `not a mockman export: version: unsupported export version (this build reads versions 1, 2, 3 and ${EXPORT_VERSION})`,
    );
  }
  const schema =
    version === 1 ? exportFileV1Schema : version === 2 ? exportFileV2Schema : version === 3 ? exportFileV3Schema : exportFileSchema;
  const result = schema.safeParse(json);
  if (!result.success) throw new FormatError(`not a mockman export: ${describeZodError(result.error)}`);
  const file = result.data as ExportFile;
  // The photos' links are checked as the file has them, before the migration makes its own.
  const dangling = linkProblems(file.data);
  if (dangling) throw new FormatError(`not a mockman export: ${dangling}`);
  // An older file is checked as written (paths name its records), then becomes version 4. A version-4
  // file goes through it too: a large photo written inline in its owner moves to a photo record.
  migrateRecords(file.data);
  file.version = EXPORT_VERSION;
  const { users, posts, comments, todos, photos } = file.data;
  for (const [name, list] of [
    ["users", users],
    ["posts", posts],
    ["comments", comments],
    ["todos", todos],
    ["photos", photos],
  ] as const) {
    const seen = new Set<string>();
    list.forEach((record, i) => {
      if (seen.has(record._id)) throw new FormatError(`not a mockman export: data.${name}.${i}._id: duplicate id ${record._id}`);
      seen.add(record._id);
    });
  }
  const names = new Set<string>();
  users.forEach((u, i) => {
    if (names.has(u.username)) throw new FormatError(`not a mockman export: data.users.${i}.username: duplicate username ${u.username}`);
    names.add(u.username);
  });
  // A comment names a post of the file: one on no post could never be shown, nor deleted.
  const postIds = new Set(posts.map((p) => p._id));
  comments.forEach((c, i) => {
    if (!postIds.has(c.postId)) throw new FormatError(`not a mockman export: data.comments.${i}.postId: no post has id ${c.postId}`);
  });
  const broken = ruleProblems(file.data);
  if (broken.length) throw new FormatError(`breaks the rules the API applies to what users write: ${broken.slice(0, 5).join("; ")}`);
  return file;
}

/**
 * CONTRACT §5's limits and the image rule, as the API applies them: an imported file must
 * not carry what no user could have written (a 100 kB name freezes every feed
 * for seconds; a javascript: URL as an avatar is no image).
 */
function ruleProblems({ users, posts, comments, todos, photos }: ExportFile["data"]): string[] {
  const problems: string[] = [];
  const text = (path: string, value: string, max: number) => {
    if (value.length > max) problems.push(`${path}: must be at most ${max} characters (has ${value.length})`);
  };
  const image = (path: string, value: string) => {
    // A link to a photo record (checked to exist by linkProblems); the record's data is checked below.
    if (linkedPhoto(value) !== undefined) return;
    if (!imageRef.safeParse(value).success) problems.push(`${path}: must be an http(s) URL, a /path or a data:image URL`);
  };
  const names = (path: string, r: { firstName: string; lastName: string }) => {
    text(`${path}.firstName`, r.firstName, NAME_MAX);
    text(`${path}.lastName`, r.lastName, NAME_MAX);
  };

  users.forEach((u, i) => {
    const at = `data.users.${i}`;
    const username = usernameField.safeParse(u.username);
    if (!username.success) problems.push(`${at}.username: ${username.error.issues[0].message}`);
    names(at, u);
    text(`${at}.bio`, u.bio, BIO_MAX);
    text(`${at}.link`, u.link, LINK_MAX);
    image(`${at}.userPhoto`, u.userPhoto);
    image(`${at}.coverPhoto`, u.coverPhoto);
    text(`${at}.userPhotoAlt`, u.userPhotoAlt ?? "", ALT_MAX);
    text(`${at}.coverPhotoAlt`, u.coverPhotoAlt ?? "", ALT_MAX);
  });
  posts.forEach((p, i) => {
    const at = `data.posts.${i}`;
    text(`${at}.content`, p.content, POST_MAX);
    image(`${at}.postPic`, p.postPic);
    text(`${at}.postPicAlt`, p.postPicAlt ?? "", ALT_MAX);
  });
  comments.forEach((c, i) => text(`data.comments.${i}.commentVal`, c.commentVal, COMMENT_MAX));
  todos.forEach((t, i) => text(`data.todos.${i}.title`, t.title, TODO_MAX));
  photos.forEach((p, i) => {
    if (!p.data.startsWith("data:image/") || !imageRef.safeParse(p.data).success)
      problems.push(`data.photos.${i}.data: must be a data:image URL of at most ${IMAGE_URL_MAX} characters`);
  });
  return problems;
}

/**
 * A version-4 file's photo links (`photo:<id>` in a user's or post's photo field)
 * must each name a photo record of the file: the first that does not, or null.
 */
function linkProblems(data: unknown): string | null {
  if (!isObject(data)) return null;
  const photos = Array.isArray(data.photos) ? data.photos : [];
  const ids = new Set(photos.map((p) => (isObject(p) ? p._id : undefined)));
  // Each photo has one owner: replacing or deleting it removes the record.
  const owned = new Map<string, string>();
  for (const owner of ["users", "posts"] as const) {
    const list = Array.isArray(data[owner]) ? data[owner] : [];
    for (const [i, record] of list.entries()) {
      if (!isObject(record)) continue;
      for (const field of PHOTO_FIELDS[owner]) {
        const id = typeof record[field] === "string" ? linkedPhoto(record[field]) : undefined;
        if (id === undefined) continue;
        const at = `data.${owner}.${i}.${field}`;
        if (!ids.has(id)) return `${at}: no photo has id ${id}`;
        if (owned.has(id)) return `${at}: photo ${id} is already ${owned.get(id)}'s`;
        owned.set(id, at);
      }
    }
  }
  return null;
}
