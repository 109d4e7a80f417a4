// What must hold after every request, whatever was sent. Each check counts
// itself, so a run can say how many invariant checks it made.
import { z } from "zod";
import { pageTable } from "#mock/data/paging.ts";
import type { Table } from "#mock/data/tables.ts";
import type { CommentRecord, PhotoRecord, PostRecord, UserRecord, UserRef } from "#mock/core/types.ts";
import { PHOTO_INLINE_MAX, fingerprint } from "#mock/data/photos.ts";
import { commentAnswerSchema, postAnswerSchema, todoRecordSchema, userAnswerSchema } from "#mock/data/records.ts";
import { postView } from "#mock/data/views.ts";
import type { World } from "./world";

export class InvariantError extends Error {
  constructor(
    readonly invariant: string,
    detail: string,
  ) {
    super(`invariant "${invariant}" broken: ${detail}`);
    this.name = "InvariantError";
  }
}

export type Counts = Record<string, number>;

export function checker(counts: Counts) {
  return (invariant: string, ok: boolean, detail: () => string) => {
    counts[invariant] = (counts[invariant] ?? 0) + 1;
    if (!ok) throw new InvariantError(invariant, detail());
  };
}
export type Check = ReturnType<typeof checker>;

/**
 * The answer shapes of mock/data/records.ts, strict at every level: an answer may
 * carry no field the contract does not name (a password hash, a stray copy).
 */
function deepStrict<T extends z.ZodTypeAny>(schema: T): T {
  if (schema instanceof z.ZodObject)
    return z
      .object(Object.fromEntries(Object.entries(schema.shape as z.ZodRawShape).map(([k, v]) => [k, deepStrict(v)])))
      .strict() as unknown as T;
  if (schema instanceof z.ZodArray) return z.array(deepStrict(schema.element)) as unknown as T;
  if (schema instanceof z.ZodOptional) return deepStrict(schema.unwrap()).optional() as unknown as T;
  return schema;
}
const publicUser = deepStrict(userAnswerSchema);
const comment = deepStrict(commentAnswerSchema);
const post = deepStrict(postAnswerSchema);
const todo = deepStrict(todoRecordSchema);

/** The shape each top-level key of a success body must have, wherever it appears. */
const SUCCESS_KEYS: Record<string, z.ZodTypeAny> = {
  posts: z.array(post),
  post,
  bookmarks: z.array(post),
  comments: z.array(comment),
  users: z.array(publicUser),
  user: publicUser,
  followUser: publicUser,
  foundUser: publicUser,
  createdUser: publicUser,
  encodedToken: z.string().min(20),
  todos: z.array(todo),
  todo,
  // Paged lists and small answers (Prefer: return=minimal).
  next: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .nullable(),
  total: z.number().int().nonnegative(),
  deleted: z.string(),
  // GET /api/notifications and POST /api/notifications/read.
  notifications: z.array(
    z
      .object({
        _id: z.string(),
        kind: z.enum(["like", "comment", "follow", "mention"]),
        read: z.boolean(),
        createdAt: z.string(),
        actor: z
          .object({ _id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string(), userPhoto: z.string() })
          .strict(),
        post: z.object({ _id: z.string(), content: z.string() }).strict().nullable(),
        comment: z.object({ _id: z.string(), commentVal: z.string() }).strict().nullable(),
      })
      .strict(),
  ),
  unread: z.number().int().nonnegative(),
  // GET /api/openapi.json: the API's description (checked in depth by tests/api/openapi.test.ts).
  openapi: z.literal("3.1.0"),
  info: z.object({ title: z.string(), version: z.string() }).passthrough(),
  servers: z.array(z.object({ url: z.string() }).passthrough()),
  paths: z.record(z.unknown()),
  components: z.record(z.unknown()),
  webhooks: z.record(z.unknown()),
};

export interface Exchange {
  method: string;
  path: string;
  status: number;
  text: string;
  /** The export's data before the request, as JSON text. */
  before: string;
  after: string;
  contentType: string | null;
  allow: string | null;
  /** One of several sent at once: the state before and after it are not known. */
  concurrent?: boolean;
}

export function checkResponse(check: Check, world: World, x: Exchange) {
  check("no 5xx", x.status < 500, () => `status ${x.status}: ${x.text.slice(0, 300)}`);
  const bodyless = x.method === "HEAD" || x.status === 204;
  let body: unknown = undefined;
  if (bodyless) check("bodyless responses are empty", x.text === "", () => `${x.method} ${x.status} has a body`);
  else {
    let parsed = true;
    try {
      body = JSON.parse(x.text);
    } catch {
      parsed = false;
    }
    check("body is JSON", parsed, () => `not JSON: ${x.text.slice(0, 200)}`);
    check("a body is labelled application/json", /^application\/json\b/.test(x.contentType ?? ""), () => `content-type ${x.contentType}`);
  }
  if (x.status === 405) check("a 405 lists the allowed methods", /^[A-Z]+(, [A-Z]+)*$/.test(x.allow ?? ""), () => `allow ${x.allow}`);
  if (!bodyless && x.status >= 400) {
    const ok = z
      .object({ errors: z.array(z.string().min(1)).min(1) })
      .strict()
      .safeParse(body).success;
    check("errors are {errors:[string]}", ok, () => x.text.slice(0, 300));
  }
  // The API's OpenAPI description is a document of its own, checked by tests/api/openapi.test.ts.
  const described = x.path.split("?")[0].replace(/\/+$/, "").toLowerCase() === "/api/openapi.json";
  if (!bodyless && x.status < 300 && !described) {
    check("success body is an object", typeof body === "object" && body !== null && !Array.isArray(body), () => x.text.slice(0, 200));
    for (const [k, v] of Object.entries(body as object)) {
      const schema = SUCCESS_KEYS[k];
      check("success body has known keys", !!schema, () => `unexpected key ${k}`);
      const result = schema.safeParse(v);
      check(`"${k}" has its shape`, result.success, () => JSON.stringify(result.error?.issues.slice(0, 3)));
    }
    for (const p of postsIn(body)) checkPost(check, p, p.comments, "response");
    if (!x.concurrent) {
      const { users, photos } = JSON.parse(x.after) as { users: UserRecord[]; photos: PhotoRecord[] };
      checkQuotes(check, body as Record<string, unknown>, users, photos);
    }
    // Every `posts` list is all posts, except a subset (a user's, a tag's, a search's): either way, the stored ones as they are now.
    const listed = (body as { posts?: PostRecord[] }).posts;
    if (Array.isArray(listed) && !x.concurrent) {
      const data = JSON.parse(x.after) as { posts: PostRecord[]; comments: CommentRecord[]; users: UserRecord[]; photos: PhotoRecord[] };
      const comments = byPost(data.comments);
      const stored = data.posts.map((p) => joined(p, comments.get(p._id) ?? [], data.users, data.photos));
      // A page is a run of the list newest first; the whole list is oldest first.
      const paged = "next" in (body as object);
      const order = paged ? [...stored].reverse() : stored;
      const from = paged && listed.length ? order.findIndex((p) => p._id === listed[0]._id) : 0;
      const subset =
        x.path.includes("/posts/user/") ||
        x.path.startsWith("/api/posts/following") ||
        x.path.includes("/posts/tag/") ||
        x.path.startsWith("/api/search");
      const expected = subset
        ? order.filter((p) => listed.some((l) => l._id === p._id))
        : paged
          ? order.slice(Math.max(0, from), Math.max(0, from) + listed.length)
          : stored;
      const got = JSON.stringify(listed);
      const want = JSON.stringify(expected);
      check("listed posts are the stored posts", got === want, () => firstDifference(got, want));
    }
  }
  for (const secret of [...world.passwords, "pbkdf2$", '"passwordHash"']) {
    check("no password or hash in a response", !x.text.includes(secret), () => `response holds ${JSON.stringify(secret)}`);
  }
  if (x.concurrent) return;
  const changed = x.before !== x.after;
  if (x.status >= 400) check("a refusal changes nothing", !changed, () => `status ${x.status} changed the data`);
  if (["GET", "HEAD", "OPTIONS"].includes(x.method)) check("a read changes nothing", !changed, () => `${x.method} changed the data`);
}

/** A post as answers carry it: every quoted user with names and photo. */
interface PostAnswer extends Omit<PostRecord, "likes"> {
  firstName: string;
  lastName: string;
  userPhoto: string;
  likes: { likeCount: number; likedBy: UserRef[]; dislikedBy: UserRef[] };
  comments: Array<
    Omit<CommentRecord, "votes" | "postId"> & {
      firstName: string;
      lastName: string;
      profilePic: string;
      votes: { upvotedBy: UserRef[]; downvotedBy: UserRef[] };
    }
  >;
}

function postsIn(body: unknown): PostAnswer[] {
  if (!body || typeof body !== "object") return [];
  const b = body as { posts?: unknown; post?: unknown; bookmarks?: unknown };
  return [b.posts, b.bookmarks, b.post && [b.post]].flatMap((v) => (Array.isArray(v) ? (v as PostAnswer[]) : []));
}

/** Stored comments by the post they name, each post's in stored order: a scan, apart from the tables' index. */
function byPost(comments: readonly CommentRecord[]): Map<string, CommentRecord[]> {
  const map = new Map<string, CommentRecord[]>();
  for (const c of comments) {
    const list = map.get(c.postId) ?? [];
    list.push(c);
    map.set(c.postId, list);
  }
  return map;
}

/**
 * A stored photo field as answers give it, written here apart from mock/data/photos.ts: a
 * `photo:<id>` link is its photo record's data, quoted by reference when it is large.
 */
function answeredPhoto(photos: PhotoRecord[], owner: "users" | "posts", id: string, field: string, value: string): string {
  if (!value.startsWith("photo:")) return value;
  const data = photos.find((p) => `photo:${p._id}` === value)?.data ?? "";
  return data.length > PHOTO_INLINE_MAX ? `/api/photos/${owner}/${id}/${field}?v=${fingerprint(data)}` : data;
}

/**
 * A stored post (users by id) with its comments and users joined in, written here
 * apart from mock/data/views.ts so the two can be held against each other.
 */
function joined(p: PostRecord, postComments: CommentRecord[], users: UserRecord[], photos: PhotoRecord[]): PostAnswer {
  const byId = new Map(users.map((u) => [u._id, u]));
  const byName = new Map(users.map((u) => [u.username, u]));
  const photo = (u: UserRecord) => answeredPhoto(photos, "users", u._id, "userPhoto", u.userPhoto);
  const refs = (ids: string[]) =>
    ids.flatMap((id) => {
      const u = byId.get(id);
      return u ? [{ _id: u._id, username: u.username, firstName: u.firstName, lastName: u.lastName, userPhoto: photo(u) }] : [];
    });
  const by = (username: string) => {
    const u = byName.get(username);
    return u ? { firstName: u.firstName, lastName: u.lastName, userPhoto: photo(u) } : { firstName: "", lastName: "", userPhoto: "" };
  };
  const a = by(p.username);
  const comments = postComments.map((c) => {
    const u = by(c.username);
    return {
      _id: c._id,
      commentVal: c.commentVal,
      username: c.username,
      firstName: u.firstName,
      lastName: u.lastName,
      profilePic: u.userPhoto,
      votes: { upvotedBy: refs(c.votes.upvotedBy), downvotedBy: refs(c.votes.downvotedBy) },
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    };
  });
  // In the record's own field order, as answers keep it (fields such as postPicSize and postPicAlt stay
  // where the record has them); the author's names and photo after username, the comments before createdAt.
  const answer: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(p)) {
    if (key === "username")
      Object.assign(answer, { username: p.username, firstName: a.firstName, lastName: a.lastName, userPhoto: a.userPhoto });
    else if (key === "likes")
      answer.likes = { likeCount: p.likes.likeCount, likedBy: refs(p.likes.likedBy), dislikedBy: refs(p.likes.dislikedBy) };
    else if (key === "postPic") answer.postPic = answeredPhoto(photos, "posts", p._id, "postPic", p.postPic);
    else if (key === "createdAt") Object.assign(answer, { comments, createdAt: value });
    else answer[key] = value;
  }
  if (!("comments" in answer)) answer.comments = comments;
  return answer as unknown as PostAnswer;
}

/** Stored lists hold ids; answers hold users. Either way, who is in the list. */
const names = (list: Array<string | UserRef | UserRecord>) => list.map((u) => (typeof u === "string" ? u : u._id));
const dupes = (list: string[]) => list.filter((v, i) => list.indexOf(v) !== i);

function checkPost(
  check: Check,
  p: PostRecord | PostAnswer,
  comments: ReadonlyArray<
    Pick<CommentRecord, "_id"> & { votes: { upvotedBy: Array<string | UserRef>; downvotedBy: Array<string | UserRef> } }
  >,
  where: string,
) {
  check(
    "likeCount >= 0",
    Number.isInteger(p.likes.likeCount) && p.likes.likeCount >= 0,
    () => `${where} post ${p._id} likeCount ${p.likes.likeCount}`,
  );
  const liked = names(p.likes.likedBy);
  const disliked = names(p.likes.dislikedBy);
  check("likedBy has no duplicates", dupes(liked).length === 0, () => `${where} post ${p._id} likedBy ${liked}`);
  check("dislikedBy has no duplicates", dupes(disliked).length === 0, () => `${where} post ${p._id} dislikedBy ${disliked}`);
  check(
    "likedBy and dislikedBy are disjoint",
    !liked.some((u) => disliked.includes(u)),
    () => `${where} post ${p._id}: ${liked} / ${disliked}`,
  );
  for (const c of comments) {
    const up = names(c.votes.upvotedBy);
    const down = names(c.votes.downvotedBy);
    check(
      "comment votes unique and disjoint",
      !dupes(up).length && !dupes(down).length && !up.some((u) => down.includes(u)),
      () => `${where} comment ${c._id}: ${up} / ${down}`,
    );
  }
}

/** Wherever an answer quotes a user (author, commenter, likes, votes, follows), it shows them as they are now. */
function checkQuotes(check: Check, body: Record<string, unknown>, users: UserRecord[], photos: PhotoRecord[]) {
  const byName = new Map(users.map((u) => [u.username, u]));
  const fresh = (ref: UserRef, where: string) => {
    const u = byName.get(ref.username);
    const ok =
      !!u &&
      u._id === ref._id &&
      u.firstName === ref.firstName &&
      u.lastName === ref.lastName &&
      answeredPhoto(photos, "users", u._id, "userPhoto", u.userPhoto) === ref.userPhoto;
    check(
      "quoted users match the user as they are now",
      ok,
      () => `${where}: ${JSON.stringify(ref)} vs ${JSON.stringify(u && { ...u, passwordHash: undefined })}`,
    );
  };
  for (const p of postsIn(body)) {
    const author = byName.get(p.username);
    if (author)
      fresh(
        { _id: author._id, username: p.username, firstName: p.firstName, lastName: p.lastName, userPhoto: p.userPhoto },
        `author of post ${p._id}`,
      );
    for (const ref of [...p.likes.likedBy, ...p.likes.dislikedBy]) fresh(ref, `likes of post ${p._id}`);
  }
  const comments = [
    ...postsIn(body).flatMap((p) => p.comments),
    ...(Array.isArray(body.comments) ? (body.comments as PostAnswer["comments"]) : []),
  ];
  for (const c of comments) {
    const by = byName.get(c.username);
    if (by)
      fresh(
        { _id: by._id, username: c.username, firstName: c.firstName, lastName: c.lastName, userPhoto: c.profilePic },
        `comment ${c._id}`,
      );
    for (const ref of [...c.votes.upvotedBy, ...c.votes.downvotedBy]) fresh(ref, `votes on comment ${c._id}`);
  }
  const quotedUsers = [body.users, [body.user, body.followUser, body.foundUser, body.createdUser]].flatMap((v) =>
    Array.isArray(v) ? v : [],
  );
  for (const u of quotedUsers as Array<{ username: string; followers: UserRef[]; following: UserRef[] } | undefined>) {
    if (u && Array.isArray(u.followers)) for (const ref of [...u.followers, ...u.following]) fresh(ref, `follows of ${u.username}`);
  }
}

/**
 * Nothing is stored twice: records quote users by id (authors by username) and
 * copy no names or photos, and every quoted id names a user.
 */
function checkStoredQuotes(check: Check, posts: PostRecord[], comments: CommentRecord[], users: UserRecord[]) {
  const ids = new Set(users.map((u) => u._id));
  const byId = (list: unknown[], where: string) =>
    check(
      "records quote users by id only",
      list.every((id) => typeof id === "string" && ids.has(id)),
      () => `${where}: ${JSON.stringify(list).slice(0, 200)}`,
    );
  const noCopies = (record: object, keys: string[], where: string) =>
    check(
      "records quote users by id only",
      !keys.some((k) => k in record),
      () => `${where} holds a copy of ${keys.filter((k) => k in record)}`,
    );
  for (const p of posts) {
    noCopies(p, ["firstName", "lastName", "userPhoto"], `post ${p._id}`);
    byId([...p.likes.likedBy, ...p.likes.dislikedBy], `likes of post ${p._id}`);
  }
  for (const c of comments) {
    noCopies(c, ["firstName", "lastName", "profilePic"], `comment ${c._id}`);
    byId([...c.votes.upvotedBy, ...c.votes.downvotedBy], `votes on comment ${c._id}`);
  }
  for (const u of users) byId([...u.followers, ...u.following], `follows of ${u.username}`);
}

/** The in-memory state, checked whole after every request. */
export function checkState(check: Check, world: World, identities: Map<string, string>) {
  const users = world.mock.tables.users.all() as UserRecord[];
  const posts = world.mock.tables.posts.all() as PostRecord[];
  const comments = world.mock.tables.comments.all() as CommentRecord[];
  const scanned = byPost(comments);
  for (const p of posts) checkPost(check, p, scanned.get(p._id) ?? [], "stored");
  checkStoredQuotes(check, posts, comments, users);
  checkPhotos(check, world, users, posts);
  // Comments live apart from their posts: each names a post that is there, and the
  // tables' index of a post's comments is what a scan of the comments finds, in order.
  for (const c of comments)
    check("a comment names an existing post", !!world.mock.tables.posts.get(c.postId), () => `comment ${c._id} on ${c.postId}`);
  for (const p of posts) {
    const indexed = world.mock.tables.comments
      .of(p._id)
      .map((c) => c._id)
      .join(",");
    const want = (scanned.get(p._id) ?? []).map((c) => c._id).join(",");
    check("a post's comment index matches the comments", indexed === want, () => `post ${p._id}: ${indexed} vs ${want}`);
  }
  // Whole lists are served from cached JSON: it must be what a fresh join gives now.
  for (const p of posts) {
    const cached = world.mock.tables.posts.jsonOf(p);
    check(
      "cached post JSON equals a fresh join",
      cached === JSON.stringify(postView(world.mock.tables, p)),
      () => `post ${p._id}: ${cached.slice(0, 200)}`,
    );
  }
  checkPaging(check, world);
  const byId = new Map(users.map((u) => [u._id, u]));
  check("usernames are unique", new Set(users.map((u) => u.username)).size === users.length, () => names(users).join(","));
  for (const u of users) {
    const known = identities.get(u._id);
    // No route changes a username or a password: the pair stays as signup made it.
    const identity = `${u.username} ${u.passwordHash}`;
    check(
      "a user's id, username and password never change",
      known === undefined || known === identity,
      () => `${u._id} was ${known?.split(" ")[0]}, is ${u.username}`,
    );
    identities.set(u._id, identity);
    check("bookmarks hold unique post ids", dupes(u.bookmarks).length === 0, () => `${u.username}: ${u.bookmarks}`);
    check(
      "bookmarks name existing posts",
      u.bookmarks.every((id) => world.mock.tables.posts.get(id)),
      () => `${u.username}: ${u.bookmarks}`,
    );
    check("follow lists hold no duplicates", !dupes(u.following).length && !dupes(u.followers).length, () => u.username);
    for (const f of u.following) {
      const other = byId.get(f);
      check(
        "follows are symmetric",
        !!other && other.followers.includes(u._id),
        () => `${u.username} follows ${f}, who does not list them`,
      );
    }
    for (const f of u.followers) {
      const other = byId.get(f);
      check(
        "follows are symmetric",
        !!other && other.following.includes(u._id),
        () => `${f} is a follower of ${u.username} but does not follow them`,
      );
    }
  }
}

/**
 * Large photos are records of their own: no owner field holds one inline, each link
 * names a photo record, and each photo record has exactly one owner (none is left
 * behind by a new photo or a deleted post, none is shared).
 */
function checkPhotos(check: Check, world: World, users: UserRecord[], posts: PostRecord[]) {
  const photos = world.mock.tables.photos;
  const owners = new Map<string, string[]>();
  const fields = [
    ...users.flatMap((u) => [
      [`user ${u.username} userPhoto`, u.userPhoto],
      [`user ${u.username} coverPhoto`, u.coverPhoto],
    ]),
    ...posts.map((p) => [`post ${p._id} postPic`, p.postPic]),
  ];
  for (const [where, value] of fields) {
    check("no large photo inline in its owner", !(value.startsWith("data:") && value.length > PHOTO_INLINE_MAX), () => where);
    if (!value.startsWith("photo:")) continue;
    const id = value.slice("photo:".length);
    check("a photo link names a photo record", !!photos.get(id), () => `${where}: ${value}`);
    owners.set(id, [...(owners.get(id) ?? []), where]);
  }
  for (const p of photos.all())
    check("each photo record has one owner", owners.get(p._id)?.length === 1, () => `photo ${p._id}: ${owners.get(p._id) ?? "none"}`);
}

/** Paging the posts and the users to the end gives every record once, newest first. */
function checkPaging(check: Check, world: World) {
  checkPagedTable(check, world.mock.tables.posts, "posts");
  checkPagedTable(check, world.mock.tables.users, "users");
}

function checkPagedTable<T extends { _id: string }>(check: Check, table: Table<T>, name: string) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages <= table.size; pages++) {
    const page = pageTable(table, name, { limit: 7, cursor });
    seen.push(...page.items.map((r) => r._id));
    check(`paging ${name} counts every record`, page.total === table.size, () => `total ${page.total}, size ${table.size}`);
    if (page.next === null) break;
    cursor = page.next;
  }
  const want = table
    .all()
    .map((r) => r._id)
    .reverse()
    .join(",");
  check(`paging ${name} to the end gives the list newest first`, seen.join(",") === want, () => firstDifference(seen.join(","), want));
}

/** What the store holds must be what the mock holds, after every commit. */
export function checkStore(check: Check, stored: unknown, memory: string) {
  const saved = JSON.stringify(stored);
  check("the store equals the in-memory state", saved === memory, () => firstDifference(saved, memory));
}

export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `differs at ${i}: store …${a.slice(Math.max(0, i - 80), i + 80)}… memory …${b.slice(Math.max(0, i - 80), i + 80)}…`;
}
