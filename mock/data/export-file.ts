// The data export file (Settings > Export, `mockman export`/`import`), the same
// records the stores hold: checked whole with zod before anything is used, and
// migrated from older versions. Saved request collections live in ./collection/.
import { z } from "zod";
import {
  DATA_SCHEMAS,
  FORMAT_VERSION,
  READABLE_VERSIONS,
  isReadableVersion,
  migrateRecords,
  readableList,
  type MovedFrom,
} from "./data-format";
import {
  ALT_MAX,
  BIO_MAX,
  COMMENT_MAX,
  IMAGE_URL_MAX,
  LINK_MAX,
  NAME_MAX,
  NOTIFICATIONS_MAX,
  PICTURE_SIDE_MAX,
  POST_MAX,
  TODO_MAX,
  charCount,
  imageRef,
  linkProblem,
  usernameField,
} from "../core/rules";
import { PHOTO_FIELDS, linkedPhoto, photoDanger } from "./photos";

import { isObject, type Snapshot } from "../core/types";

import { LineTooLong, jsonLinePieces, readJsonLines } from "./json-lines";

const fileOf = <D extends z.ZodTypeAny, V extends number>(version: V, schema: D) =>
  z
    .object({
      mockman: z.literal("export"),
      version: z.literal(version),
      exportedAt: z.string(),
      data: schema,
    })
    .strict();

export const exportFileSchema = fileOf(FORMAT_VERSION, DATA_SCHEMAS[FORMAT_VERSION]);
/** An export file of each version this build reads (data-format.ts). */
const fileSchemas = new Map<number, z.ZodTypeAny>(READABLE_VERSIONS.map((v) => [v, fileOf(v, DATA_SCHEMAS[v])]));

export type ExportFile = z.infer<typeof exportFileSchema>;

export function toExportFile(snapshot: Snapshot, now = new Date()): ExportFile {
  return { mockman: "export", version: FORMAT_VERSION, exportedAt: now.toISOString(), data: snapshot };
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

/** Where a record is in the file as written: a comment or photo an older version kept inside its post or owner is named there. */
function places(movedFrom: MovedFrom) {
  const placeOf = (name: string, i: number, record: object) => `data.${movedFrom.get(record) ?? `${name}.${i}`}`;
  const photoAt = (i: number, photo: object) => (movedFrom.has(photo) ? placeOf("photos", i, photo) : `data.photos.${i}.data`);
  return { placeOf, photoAt };
}

/** Parses an export file's text, checking it whole; throws FormatError naming the first problems. */
export function parseExportFile(text: string): ExportFile {
  return checkExportJson(parseJsonFile(text));
}

/** Checks an export file already parsed (parseExportFile, readExportLines); throws FormatError naming the first problems. */
export function checkExportJson(json: unknown): ExportFile {
  const version = isObject(json) ? json.version : undefined;
  if (isObject(json) && !isReadableVersion(version)) {
    throw new FormatError(`not a mockman export: version: unsupported export version (this build reads versions ${readableList("and")})`);
  }
  const schema = (isReadableVersion(version) && fileSchemas.get(version)) || exportFileSchema;
  const result = schema.safeParse(json);
  if (!result.success) throw new FormatError(`not a mockman export: ${describeZodError(result.error)}`);
  const file = result.data as ExportFile;
  // The photos' links are checked as the file has them, before the migration makes its own.
  const dangling = linkProblems(file.data);
  if (dangling) throw new FormatError(`not a mockman export: ${dangling}`);
  // An older file is checked as written (paths name its records), then becomes version 4. A version-4
  // file goes through it too: a large photo written inline in its owner moves to a photo record.
  const movedFrom: MovedFrom = new Map();
  migrateRecords(file.data, movedFrom);
  const { placeOf } = places(movedFrom);
  file.version = FORMAT_VERSION;
  const { users, posts, comments, todos, photos, notifications } = file.data;
  for (const [name, list] of [
    ["users", users],
    ["posts", posts],
    ["comments", comments],
    ["todos", todos],
    ["photos", photos],
    ["notifications", notifications],
  ] as const) {
    const seen = new Set<string>();
    list.forEach((record, i) => {
      if (seen.has(record._id)) throw new FormatError(`not a mockman export: ${placeOf(name, i, record)}._id: duplicate id ${record._id}`);
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
    if (!postIds.has(c.postId))
      throw new FormatError(`not a mockman export: ${placeOf("comments", i, c)}.postId: no post has id ${c.postId}`);
  });
  const unknown = notificationProblem(file.data);
  if (unknown) throw new FormatError(`not a mockman export: ${unknown}`);
  const broken = ruleProblems(file.data, places(movedFrom));
  if (broken.length) throw new FormatError(`breaks the rules the API applies to what users write: ${broken.slice(0, 5).join("; ")}`);
  return file;
}

/**
 * CONTRACT §5's limits and the image rule, as the API applies them: an imported file must
 * not carry what no user could have written (a 100 kB name freezes every feed
 * for seconds; a javascript: URL as an avatar is no image).
 */
function ruleProblems(
  { users, posts, comments, todos, photos }: ExportFile["data"],
  { placeOf, photoAt }: ReturnType<typeof places>,
): string[] {
  const problems: string[] = [];
  const text = (path: string, value: string, max: number) => {
    if (charCount(value) > max) problems.push(`${path}: must be at most ${max} characters (has ${charCount(value)})`);
  };
  const image = (path: string, value: string) => {
    // A link to a photo record (checked to exist by linkProblems); the record's data is checked below.
    if (linkedPhoto(value) !== undefined) return;
    if (!imageRef.safeParse(value).success) problems.push(`${path}: must be an http(s) URL, a /path or a data:image URL`);
    else unsafeSvg(path, value);
  };
  // The SVG rule of uploads (mock/data/photos.ts): no photo that could run script comes in by an import either.
  const unsafeSvg = (path: string, value: string) => {
    const danger = photoDanger(value);
    if (danger) problems.push(`${path}: an ${/^data:image\/svg/i.test(value) ? "SVG " : ""}image that cannot be used because ${danger}`);
  };
  const names = (path: string, r: { firstName: string; lastName: string }) => {
    text(`${path}.firstName`, r.firstName, NAME_MAX);
    text(`${path}.lastName`, r.lastName, NAME_MAX);
  };

  // §4's follow, bookmark, like and vote are each refused twice over, and no one follows themselves: a list naming an
  // id twice would show a post twice in a feed. A follow is kept on both users, as the API keeps it (an id of no user
  // in the file is tolerated: answers leave it out when they quote users).
  const distinct = (path: string, list: string[], self?: string) => {
    const seen = new Set<string>();
    for (const id of list) {
      if (seen.has(id)) problems.push(`${path}: names ${id} twice`);
      else if (id === self) problems.push(`${path}: names the user itself`);
      seen.add(id);
    }
  };
  const userIds = new Set(users.map((u) => u._id));
  const follows = new Set(users.flatMap((u) => u.following.map((id) => `${u._id} ${id}`)));
  const followed = new Set(users.flatMap((u) => u.followers.map((id) => `${id} ${u._id}`)));
  users.forEach((u, i) => {
    const at = `data.users.${i}`;
    for (const side of ["followers", "following", "bookmarks"] as const)
      distinct(`${at}.${side}`, u[side], side === "bookmarks" ? undefined : u._id);
    for (const id of u.following)
      if (userIds.has(id) && !followed.has(`${u._id} ${id}`))
        problems.push(`${at}.following: names ${id}, whose followers do not name ${u._id}`);
    for (const id of u.followers)
      if (userIds.has(id) && !follows.has(`${id} ${u._id}`))
        problems.push(`${at}.followers: names ${id}, whose following does not name ${u._id}`);
    const username = usernameField.safeParse(u.username);
    if (!username.success) problems.push(`${at}.username: ${username.error.issues[0].message}`);
    names(at, u);
    text(`${at}.bio`, u.bio, BIO_MAX);
    text(`${at}.link`, u.link, LINK_MAX);
    // The API's link rule (mock/core/rules.ts): no direction-changing characters, no user@host.
    const badLink = linkProblem(u.link);
    if (badLink) problems.push(`${at}.link: ${badLink}`);
    image(`${at}.userPhoto`, u.userPhoto);
    image(`${at}.coverPhoto`, u.coverPhoto);
    text(`${at}.userPhotoAlt`, u.userPhotoAlt ?? "", ALT_MAX);
    text(`${at}.coverPhotoAlt`, u.coverPhotoAlt ?? "", ALT_MAX);
  });
  posts.forEach((p, i) => {
    const at = `data.posts.${i}`;
    distinct(`${at}.likes.likedBy`, p.likes.likedBy);
    distinct(`${at}.likes.dislikedBy`, p.likes.dislikedBy);
    text(`${at}.content`, p.content, POST_MAX);
    image(`${at}.postPic`, p.postPic);
    text(`${at}.postPicAlt`, p.postPicAlt ?? "", ALT_MAX);
    if (p.postPicSize && !p.postPic) problems.push(`${at}.postPicSize: describes a picture, and the post has none`);
    for (const side of ["width", "height"] as const)
      if (p.postPicSize && p.postPicSize[side] > PICTURE_SIDE_MAX)
        problems.push(`${at}.postPicSize.${side}: must be at most ${PICTURE_SIDE_MAX}`);
  });
  comments.forEach((c, i) => {
    const at = placeOf("comments", i, c);
    text(`${at}.commentVal`, c.commentVal, COMMENT_MAX);
    distinct(`${at}.votes.upvotedBy`, c.votes.upvotedBy);
    distinct(`${at}.votes.downvotedBy`, c.votes.downvotedBy);
  });
  todos.forEach((t, i) => text(`data.todos.${i}.title`, t.title, TODO_MAX));
  photos.forEach((p, i) => {
    if (!p.data.startsWith("data:image/") || !imageRef.safeParse(p.data).success)
      problems.push(`${photoAt(i, p)}: must be a data:image URL of at most ${IMAGE_URL_MAX} characters`);
    else unsafeSvg(photoAt(i, p), p.data);
  });
  return problems;
}

/**
 * A notification names a user to tell and one who did it, and the post and comment
 * it is about, each of the file (what it points at would be gone, and it with it);
 * a user holds at most NOTIFICATIONS_MAX. The first problem, or null.
 */
function notificationProblem({ users, posts, comments, notifications }: ExportFile["data"]): string | null {
  const userIds = new Set(users.map((u) => u._id));
  const postIds = new Set(posts.map((p) => p._id));
  const commentPost = new Map(comments.map((c) => [c._id, c.postId]));
  const count = new Map<string, number>();
  for (const [i, n] of notifications.entries()) {
    const at = `data.notifications.${i}`;
    if (!userIds.has(n.userId)) return `${at}.userId: no user has id ${n.userId}`;
    if (!userIds.has(n.actorId)) return `${at}.actorId: no user has id ${n.actorId}`;
    if ((n.kind === "follow") !== (n.postId === undefined))
      return `${at}.postId: a ${n.kind} ${n.kind === "follow" ? "names no" : "names its"} post`;
    if (n.postId !== undefined && !postIds.has(n.postId)) return `${at}.postId: no post has id ${n.postId}`;
    if (n.commentId !== undefined && commentPost.get(n.commentId) !== n.postId)
      return `${at}.commentId: no comment of post ${n.postId} has id ${n.commentId}`;
    if (n.kind === "comment" && n.commentId === undefined) return `${at}.commentId: a comment names its comment`;
    const held = (count.get(n.userId) ?? 0) + 1;
    if (held > NOTIFICATIONS_MAX) return `${at}: user ${n.userId} has more than ${NOTIFICATIONS_MAX} notifications`;
    count.set(n.userId, held);
  }
  return null;
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

/**
 * An export file's text as pieces to write one after another (a file, a Blob): never one string,
 * so no size of data meets LONGEST_TEXT. One record per line: two thirds the size of an indented
 * file, still read and diffed a record at a time, and the layout an import reads line by line
 * (readExportLines). JSON.parse of the pieces joined gives the file back.
 */
export function exportPieces(file: ExportFile): string[] {
  const header = `{"mockman":"export","version":${file.version},"exportedAt":${JSON.stringify(file.exportedAt)},"data":{`;
  return jsonLinePieces(header, Object.entries(file.data) as [string, unknown[]][], (record) => JSON.stringify(record));
}

/**
 * An export file too long for one string, parsed from its lines in the layout exportPieces
 * writes (a header line, then per collection `"name":[`, one record per line, `]`): the
 * object JSON.parse would give, for checkExportJson. FormatError when laid out otherwise.
 */
export async function readExportLines(lines: AsyncIterable<string>, megabytes: number): Promise<unknown> {
  const wrong = (what: string) =>
    new FormatError(
      `it is ${megabytes} MB, more than one JSON text can be here (512 MB): a file that large is read only in the layout exports are written in, one record per line, and ${what}`,
    );
  const data: Record<string, unknown[]> = {};
  let read: { header: string; names: string[] };
  try {
    read = await readJsonLines(lines, wrong, (name, line) => {
      try {
        (data[name] ??= []).push(JSON.parse(line));
      } catch (error) {
        throw wrong(`a line of ${name} is not JSON (${(error as Error).message})`);
      }
    });
  } catch (error) {
    // A whole file on one line (or near it) stops once that line passes the limit, not at the end of memory.
    if (error instanceof LineTooLong) throw wrong(`${error.message}, so it is not one record a line`);
    throw error;
  }
  const { header, names } = read;
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(`${header}}}`) as Record<string, unknown>;
  } catch (error) {
    throw wrong(`its first line is not an export's header (${(error as Error).message})`);
  }
  for (const name of names) data[name] ??= [];
  return { ...doc, data };
}
