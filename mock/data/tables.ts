// The collections the handlers read and write. Each wraps one Mirage
// DbCollection: the records live in Mirage's array, in insertion order, and an
// id index beside it makes a lookup O(1) instead of Mirage's linear scan. Every
// write is noted, so the store can be sent exactly what one request changed.
// The tables keep their answer caches themselves: a changed record drops its own
// cached JSON, a comment's change drops its post's, and a user whose name or
// photo changed drops everything that quotes users (posts, comments). Handlers
// only say what they changed (insert, touch, remove).
import type { CollectionName, Collections, CommentRecord, NotificationRecord, PostRecord, UserRecord, Snapshot } from "../core/types";
import { COLLECTIONS } from "../core/types";

/**
 * The one place the mock reaches past Mirage's public API. `db.<name>` and a
 * DbCollection's reads (`all`, `find`, `where`) hand out copies, which at 100k
 * posts costs a full copy per request; the tables read and write the array a
 * collection keeps its records in (`db._collections[i]._records`) instead, and
 * index it by id. tests/api/tables.test.ts fails if a Mirage upgrade moves it.
 */
export function liveRecords<T>(db: object, name: string): T[] {
  const collections = (db as { _collections?: Array<{ name?: string; _records?: unknown }> })._collections;
  const records = Array.isArray(collections) ? collections.find((c) => c.name === name)?._records : undefined;
  if (!Array.isArray(records))
    throw new Error(`Mirage's db keeps no _records array for ${name}: this Mirage version does not fit mock/data/tables.ts`);
  return records as T[];
}

/** Where the tables note each change (the unit of work's tracker, mock/core/unit-of-work.ts). */
export interface ChangeLog {
  note(collection: CollectionName, id: string, record: object | null): void;
}

/** Insertion positions per cached JSON block (see Table.blocks). */
const BLOCK = 512;

export class Table<T extends { _id: string }> {
  private index = new Map<string, T>();
  private seq = new Map<string, number>();
  private nextSeq = 0;
  private unique = new Map<string, T>();
  /** Insertion positions of records removed since the last settle(), so a rollback can put them back in place. */
  private removed = new Map<string, number>();
  /** Each record's JSON, kept until the record changes: listing every post joins these instead of re-serializing. */
  private json = new Map<string, string>();
  /**
   * The joined JSON of each block of BLOCK insertion positions, and of the whole
   * list: one like at 100k posts rejoins ~200 block strings, not 100k pieces, and
   * a read with no change in between costs nothing. A block is keyed by position,
   * so a removal drops one block too.
   */
  private blocks = new Map<number, string>();
  private whole: string | undefined;
  /** The `before` and `after` that `whole` was built with. */
  private wholeFrame = "";
  /**
   * Bumped when a load reorders or replaces the records (reset, import): insertion
   * positions from before no longer mean the same place, so a paging cursor that
   * carries one must fall back to its record's id.
   */
  generation = 0;
  /** The store's paging generation (Store.generation), set by the mock: paging cursors carry it. */
  storeGeneration = 0;
  /**
   * Names this table of this running mock (mock/data/paging.ts): a cursor another copy
   * made (another tab, a run before a restart) carries another epoch, and finds its place
   * by its item's id instead of by position.
   */
  readonly epoch = Math.random().toString(36).slice(2, 10);
  /**
   * Where the ids of records changed, added or removed since the last load go, when the loader
   * asked for them (a snapshot's restore, mock/core/snapshots.ts, which then hands the same
   * records over again and copies only these afresh).
   */
  private changed: Set<string> | undefined;
  /** What a record looks like in answers (posts: with their quoted users joined in); the record itself when unset. */
  view: ((record: T) => unknown) | undefined;
  /** A record's answer JSON when it is built another way than stringifying `view` (posts: from their comments' cached JSON). */
  toJson: ((record: T) => string) | undefined;

  constructor(
    readonly name: CollectionName,
    /** Mirage's live array of this collection's records (see liveRecords). */
    private readonly records: T[],
    private readonly tracker: ChangeLog,
    /** A second unique key (users: username), indexed too. */
    private readonly uniqueKey?: keyof T & string,
  ) {}

  get size() {
    return this.index.size;
  }

  get(id: string): T | undefined {
    return this.index.get(id);
  }

  getUnique(value: string): T | undefined {
    return this.unique.get(value);
  }

  /** The live records in insertion order. Read only: write through insert/touch/remove. */
  all(): readonly T[] {
    return this.records;
  }

  /** One record's JSON, from the cache. */
  jsonOf(record: T): string {
    let text = this.json.get(record._id);
    if (text === undefined)
      this.json.set(record._id, (text = this.toJson ? this.toJson(record) : JSON.stringify(this.view ? this.view(record) : record)));
    return text;
  }

  /**
   * Drops every cached JSON: something the answers join in changed (a user's
   * name or photo, which any post may quote in a like, vote or comment).
   */
  forgetAll() {
    this.json.clear();
    this.blocks.clear();
    this.whole = undefined;
  }

  /** `[...]` of every record, from the block and per-record JSON caches. */
  allJson(): string {
    return this.allJsonIn("", "");
  }

  /**
   * `<before>[...every record]<after>` (e.g. a whole `{"posts":[...]}` answer),
   * built with one join so a 40 MB answer is copied once, and kept until a record
   * changes.
   */
  allJsonIn(before: string, after: string): string {
    if (this.whole !== undefined && this.wholeFrame === before + "\u0000" + after) return this.whole;
    const records = this.records;
    const parts: string[] = [];
    let i = 0;
    while (i < records.length) {
      const block = Math.floor(this.seq.get(records[i]._id)! / BLOCK);
      const end = this.firstAtOrAfter((block + 1) * BLOCK);
      let text = this.blocks.get(block);
      if (text === undefined) {
        const pieces: string[] = [];
        for (let j = i; j < end; j++) pieces.push(this.jsonOf(records[j]));
        this.blocks.set(block, (text = pieces.join(",")));
      }
      parts.push(text);
      i = end;
    }
    if (parts.length === 0) parts.push("");
    parts[0] = `${before}[${parts[0]}`;
    parts[parts.length - 1] = `${parts[parts.length - 1]}]${after}`;
    this.wholeFrame = before + "\u0000" + after;
    return (this.whole = parts.join(","));
  }

  /** Drops the cached JSON that holds a record: something its answer joins in changed. */
  stale(id: string) {
    this.forget(id);
  }

  /** Drops the cached JSON that holds a record (it changed, came or went). */
  protected forget(id: string) {
    this.json.delete(id);
    const at = this.seq.get(id);
    if (at !== undefined) this.blocks.delete(Math.floor(at / BLOCK));
    this.whole = undefined;
  }

  /** The index in the records array of the first record at insertion position `position` or later. */
  private firstAtOrAfter(position: number): number {
    const records = this.records;
    let lo = 0;
    let hi = records.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.seq.get(records[mid]._id)! < position) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Insertion position of an id, for stores that keep order. */
  order(id: string): number {
    return this.seq.get(id) ?? Number.MAX_SAFE_INTEGER;
  }

  /** The insertion position of a live record, or undefined. Positions only grow and are never reused. */
  position(id: string): number | undefined {
    return this.seq.get(id);
  }

  /** Records inserted before position `before` (exclusive), newest first. Finds the start by binary search. */
  *newestBefore(before: number): Generator<T> {
    const records = this.records;
    for (let i = this.firstAtOrAfter(before) - 1; i >= 0; i--) yield records[i];
  }

  insert(record: T): T {
    if (this.index.has(record._id)) throw new Error(`${this.name}: duplicate id ${record._id}`);
    // Mirage's own lookups compare `id`; keep it, but out of JSON and out of sight.
    Object.defineProperty(record, "id", { value: record._id, enumerable: false, configurable: true });
    this.records.push(record);
    this.index.set(record._id, record);
    this.seq.set(record._id, this.nextSeq++);
    this.forget(record._id);
    if (this.uniqueKey) this.unique.set(String(record[this.uniqueKey]), record);
    this.changed?.add(record._id);
    this.tracker.note(this.name, record._id, record);
    return record;
  }

  /** Marks a record the handler changed in place, so it is saved. */
  touch(record: T): T {
    this.forget(record._id);
    this.changed?.add(record._id);
    this.tracker.note(this.name, record._id, record);
    return record;
  }

  remove(id: string): boolean {
    const record = this.index.get(id);
    if (!record) return false;
    const records = this.records;
    this.forget(id);
    records.splice(this.firstAtOrAfter(this.seq.get(id)!), 1);
    this.index.delete(id);
    if (!this.removed.has(id)) this.removed.set(id, this.seq.get(id)!);
    this.seq.delete(id);
    if (this.uniqueKey) this.unique.delete(String(record[this.uniqueKey]));
    this.changed?.add(id);
    this.tracker.note(this.name, id, null);
    return true;
  }

  /**
   * Removes these records with one pass over the list instead of one splice each: a
   * post's 10k comments go in O(list), not O(10k × list).
   */
  removeMany(ids: readonly string[]) {
    if (ids.length < 2) {
      for (const id of ids) this.remove(id);
      return;
    }
    const gone = new Set<string>();
    for (const id of ids) {
      const record = this.index.get(id);
      if (!record || gone.has(id)) continue;
      gone.add(id);
      this.forget(id);
      this.index.delete(id);
      if (!this.removed.has(id)) this.removed.set(id, this.seq.get(id)!);
      this.seq.delete(id);
      if (this.uniqueKey) this.unique.delete(String(record[this.uniqueKey]));
      this.changed?.add(id);
      this.tracker.note(this.name, id, null);
    }
    // In place: Mirage's db keeps this very array.
    const records = this.records;
    let kept = 0;
    for (const record of records) if (!gone.has(record._id)) records[kept++] = record;
    records.length = kept;
  }

  /**
   * Puts one record back as the store holds it (undefined: the store has none), without
   * noting a change: the rollback of a write the store refused. A record the request
   * removed goes back to its old position.
   */
  restore(id: string, record: T | undefined) {
    this.changed?.add(id);
    const records = this.records;
    const current = this.index.get(id);
    if (current) {
      this.forget(id);
      const at = this.firstAtOrAfter(this.seq.get(id)!);
      if (this.uniqueKey && this.unique.get(String(current[this.uniqueKey])) === current)
        this.unique.delete(String(current[this.uniqueKey]));
      if (!record) {
        records.splice(at, 1);
        this.index.delete(id);
        this.seq.delete(id);
      } else {
        Object.defineProperty(record, "id", { value: record._id, enumerable: false, configurable: true });
        records[at] = record;
        this.index.set(id, record);
        if (this.uniqueKey) this.unique.set(String(record[this.uniqueKey]), record);
      }
    } else if (record) {
      const seq = this.removed.get(id) ?? this.nextSeq++;
      Object.defineProperty(record, "id", { value: record._id, enumerable: false, configurable: true });
      records.splice(this.firstAtOrAfter(seq), 0, record);
      this.index.set(id, record);
      this.seq.set(id, seq);
      this.forget(id);
      if (this.uniqueKey) this.unique.set(String(record[this.uniqueKey]), record);
    }
    this.removed.delete(id);
  }

  /** The request's changes are settled (saved or rolled back): forget the removed records' positions. */
  settle() {
    this.removed.clear();
  }

  /** Whether `records` are these minus some plus new ones at the end: what load keeps positions for. */
  keepsPositions(records: readonly T[]): boolean {
    let last = -1;
    let seenNew = false;
    for (const record of records) {
      const s = this.seq.get(record._id);
      if (s === undefined) seenNew = true;
      else if (seenNew || s <= last) return false;
      else last = s;
    }
    return true;
  }

  /**
   * Replaces every record without noting changes (boot, reset, import, another tab's writes).
   * When the new list is the old one minus some records plus new ones at the end (what
   * another tab or process does), records keep their positions, so a reader paging
   * through the list goes on where it was; anything else starts a new generation.
   * `changed` hears the ids of the records changed from now until the next load; `kept`: what
   * keepsPositions(records) gave, when the caller asked it already (a restore does).
   */
  load(records: T[], changed?: Set<string>, kept = this.keepsPositions(records)) {
    const old = this.seq;
    this.records.length = 0;
    this.index.clear();
    this.seq = new Map();
    this.unique.clear();
    this.removed.clear();
    this.forgetAll();
    this.changed = changed;
    if (!kept) this.generation++;
    for (const record of records) {
      // Records loaded before (a snapshot's, restored again) have it already.
      if ((record as { id?: unknown }).id !== record._id)
        Object.defineProperty(record, "id", { value: record._id, enumerable: false, configurable: true });
      this.records.push(record);
      this.index.set(record._id, record);
      this.seq.set(record._id, (kept ? old.get(record._id) : undefined) ?? this.nextSeq++);
      if (this.uniqueKey) this.unique.set(String(record[this.uniqueKey]), record);
    }
  }
}

/**
 * A table that keeps lists of its records beside them (by author, by user, by post):
 * `list` and `unlist` put one record in or out of them, `clearLists` empties them;
 * every way a record comes or goes here keeps them true.
 */
abstract class ListedTable<T extends { _id: string }> extends Table<T> {
  protected abstract list(record: T): void;
  protected abstract unlist(record: T): void;
  protected abstract clearLists(): void;

  /** While load() lists every record, in insertion order: each goes at the end of its lists. */
  private loading = false;

  /** Puts `item` into `list` (kept by insertion position) at its place: the end, for a new record. */
  protected place<L>(list: L[], item: L, id: (entry: L) => string) {
    if (this.loading) {
      list.push(item);
      return;
    }
    const at = this.order(id(item));
    // The end for a new record; a binary search for one put back or liked late (a user's likes hold old posts).
    let lo = 0;
    let hi = list.length;
    if (hi === 0 || this.order(id(list[hi - 1])) < at) lo = hi;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.order(id(list[mid])) < at) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, item);
  }

  override insert(record: T): T {
    super.insert(record);
    this.list(record);
    return record;
  }

  override remove(id: string): boolean {
    const record = this.get(id);
    if (!record || !super.remove(id)) return false;
    this.unlist(record);
    return true;
  }

  override removeMany(ids: readonly string[]) {
    const records = ids.map((id) => this.get(id));
    super.removeMany(ids);
    for (const record of records) if (record && !this.get(record._id)) this.unlist(record);
  }

  override restore(id: string, record: T | undefined) {
    const current = this.get(id);
    if (current) this.unlist(current);
    super.restore(id, record);
    const now = this.get(id);
    if (now) this.list(now);
  }

  override load(records: T[], changed?: Set<string>, kept?: boolean) {
    super.load(records, changed, kept);
    this.clearLists();
    this.loading = true;
    try {
      for (const record of this.all()) this.list(record);
    } finally {
      this.loading = false;
    }
  }
}

/**
 * The posts, indexed by author (username, which never changes): each author's post ids
 * in insertion order, so the Following feed (mock/routes/posts.ts) merges the lists of
 * the people a user follows instead of scanning every post. Beside it, the same for each
 * author's posts with a photo (a profile's Media) and each user's liked posts (Likes):
 * a like, dislike or photo edit changes those in place, so `touch` lists the post again.
 */
export class PostTable extends ListedTable<PostRecord> {
  private byAuthor = new Map<string, string[]>();
  private mediaOf = new Map<string, string[]>();
  private likedBy = new Map<string, string[]>();
  /** What each post was listed under last (it changes in place): its author with a photo, and its likers. */
  private listed = new Map<string, { media: string | undefined; likers: readonly string[] }>();

  /** An author's post ids, oldest first. Read only. */
  idsOf(username: string): readonly string[] {
    return this.byAuthor.get(username) ?? NO_IDS;
  }

  /** An author's posts with a photo, oldest first. Read only. */
  mediaIdsOf(username: string): readonly string[] {
    return this.mediaOf.get(username) ?? NO_IDS;
  }

  /** The posts a user (by id) likes, oldest post first. Read only. */
  likedIdsOf(userId: string): readonly string[] {
    return this.likedBy.get(userId) ?? NO_IDS;
  }

  override touch(record: PostRecord): PostRecord {
    super.touch(record);
    if (this.get(record._id) === record) this.relist(record);
    return record;
  }

  protected clearLists() {
    this.byAuthor.clear();
    this.mediaOf.clear();
    this.likedBy.clear();
    this.listed.clear();
  }

  /** Into its author's lists and its likers', by insertion position (a restored post goes back to its place). */
  protected list(record: PostRecord) {
    this.into(this.byAuthor, record.username, record._id);
    const media = record.postPic ? record.username : undefined;
    if (media !== undefined) this.into(this.mediaOf, media, record._id);
    const likers = [...record.likes.likedBy];
    for (const liker of likers) this.into(this.likedBy, liker, record._id);
    this.listed.set(record._id, { media, likers });
  }

  protected unlist(record: PostRecord) {
    this.outOf(this.byAuthor, record.username, record._id);
    const was = this.listed.get(record._id);
    if (!was) return;
    if (was.media !== undefined) this.outOf(this.mediaOf, was.media, record._id);
    for (const liker of was.likers) this.outOf(this.likedBy, liker, record._id);
    this.listed.delete(record._id);
  }

  /** A post changed in place: only the lists whose membership changed move (a like moves one id). */
  private relist(record: PostRecord) {
    const was = this.listed.get(record._id);
    if (!was) return;
    const media = record.postPic ? record.username : undefined;
    if (media !== was.media) {
      if (was.media !== undefined) this.outOf(this.mediaOf, was.media, record._id);
      if (media !== undefined) this.into(this.mediaOf, media, record._id);
    }
    const now = new Set(record.likes.likedBy);
    const before = new Set(was.likers);
    for (const liker of before) if (!now.has(liker)) this.outOf(this.likedBy, liker, record._id);
    for (const liker of now) if (!before.has(liker)) this.into(this.likedBy, liker, record._id);
    this.listed.set(record._id, { media, likers: [...now] });
  }

  private into(map: Map<string, string[]>, key: string, id: string) {
    let ids = map.get(key);
    if (!ids) map.set(key, (ids = []));
    this.place(ids, id, (x) => x);
  }

  private outOf(map: Map<string, string[]>, key: string, id: string) {
    const ids = map.get(key);
    if (!ids) return;
    // Newest last: a post deleted soon after it was written is found at once.
    const i = ids.lastIndexOf(id);
    if (i >= 0) ids.splice(i, 1);
    if (!ids.length) map.delete(key);
  }
}

const NO_IDS: readonly string[] = Object.freeze([]);

const NONE: readonly CommentRecord[] = Object.freeze([]);

/**
 * The comments, each its own record (so adding one writes that comment, not its
 * post with every comment it has), indexed by post: a post's comments in
 * insertion order, so listing them costs the post's comments, adding one O(1).
 */
export class CommentTable extends ListedTable<CommentRecord> {
  private byPost = new Map<string, CommentRecord[]>();
  /** The posts, whose answers carry their comments: a comment's change drops its post's cached JSON. */
  posts: Table<PostRecord> | undefined;

  protected override forget(id: string) {
    super.forget(id);
    const record = this.get(id);
    if (record) this.posts?.stale(record.postId);
  }

  /** A post's comments, oldest first. Read only. */
  of(postId: string): readonly CommentRecord[] {
    return this.byPost.get(postId) ?? NONE;
  }

  /** Removes every comment of a post (the post is deleted), in the same change set. */
  removeOf(postId: string) {
    const list = this.byPost.get(postId);
    if (!list) return;
    this.byPost.delete(postId);
    super.removeMany(list.map((c) => c._id));
  }

  protected clearLists() {
    this.byPost.clear();
  }

  /** Into its post's comments, by insertion position (a new one at the end; a restored one back in its place). */
  protected list(record: CommentRecord) {
    let list = this.byPost.get(record.postId);
    if (!list) this.byPost.set(record.postId, (list = []));
    this.place(list, record, (c) => c._id);
  }

  protected unlist(record: CommentRecord) {
    const list = this.byPost.get(record.postId);
    if (!list) return;
    // Newest last: a comment deleted soon after it was written is found at once.
    const i = list.lastIndexOf(record);
    if (i >= 0) list.splice(i, 1);
    if (!list.length) this.byPost.delete(record.postId);
  }
}

/**
 * The users, whom posts and comments quote (names and photo joined into their
 * answers): a change of what is quoted — a new name or photo, a user gone or
 * put back, a new user for a username records already name — calls onQuoteChange.
 */
export class UserTable extends Table<UserRecord> {
  /** What answers quote of each user, to tell a quoted change from any other. */
  private quotes = new Map<string, string>();
  onQuoteChange: ((user: UserRecord, how: "changed" | "new") => void) | undefined;

  private check(id: string, user: UserRecord | undefined, how: "changed" | "new" = "changed") {
    const before = this.quotes.get(id);
    const now = user && quoteOf(user);
    if (now === undefined) this.quotes.delete(id);
    else this.quotes.set(id, now);
    if (before !== now && user) this.onQuoteChange?.(user, how);
  }

  override insert(record: UserRecord): UserRecord {
    super.insert(record);
    this.check(record._id, record, "new");
    return record;
  }

  override touch(record: UserRecord): UserRecord {
    super.touch(record);
    this.check(record._id, record);
    return record;
  }

  override remove(id: string): boolean {
    const user = this.get(id);
    if (!super.remove(id)) return false;
    this.quotes.delete(id);
    this.onQuoteChange?.(user!, "changed");
    return true;
  }

  override removeMany(ids: readonly string[]) {
    for (const id of ids) this.remove(id);
  }

  override restore(id: string, record: UserRecord | undefined) {
    super.restore(id, record);
    const now = this.get(id);
    const before = this.quotes.get(id);
    if (before !== (now && quoteOf(now))) {
      if (now) this.quotes.set(id, quoteOf(now));
      else this.quotes.delete(id);
      this.onQuoteChange?.(now ?? record!, "changed");
    }
  }

  override load(records: UserRecord[], changed?: Set<string>) {
    super.load(records, changed);
    this.quotes.clear();
    for (const user of this.all()) this.quotes.set(user._id, quoteOf(user));
  }
}

const quoteOf = (user: UserRecord) => `${user.username}\u0000${user.firstName}\u0000${user.lastName}\u0000${user.userPhoto}`;

/**
 * The notifications (mock/features/notifications.ts), indexed by the user they tell (each
 * user's list oldest first, so a page costs that user's list, not every
 * notification) and by the post they are about (so a deleted post takes its
 * notifications along without a scan).
 */
export class NotificationTable extends ListedTable<NotificationRecord> {
  private byUser = new Map<string, NotificationRecord[]>();
  private byPost = new Map<string, NotificationRecord[]>();

  /** A user's notifications, oldest first. Read only. */
  of(userId: string): readonly NotificationRecord[] {
    return this.byUser.get(userId) ?? NONE_N;
  }

  /** The notifications about a post (its likes, comments, mentions). Read only. */
  about(postId: string): readonly NotificationRecord[] {
    return this.byPost.get(postId) ?? NONE_N;
  }

  protected clearLists() {
    this.byUser.clear();
    this.byPost.clear();
  }

  /** Into its lists, by insertion position (a restored record goes back to its place). */
  protected list(record: NotificationRecord) {
    const into = (map: Map<string, NotificationRecord[]>, key: string) => {
      let list = map.get(key);
      if (!list) map.set(key, (list = []));
      this.place(list, record, (n) => n._id);
    };
    into(this.byUser, record.userId);
    if (record.postId !== undefined) into(this.byPost, record.postId);
  }

  protected unlist(record: NotificationRecord) {
    const from = (map: Map<string, NotificationRecord[]>, key: string) => {
      const list = map.get(key);
      if (!list) return;
      const i = list.lastIndexOf(record);
      if (i >= 0) list.splice(i, 1);
      if (!list.length) map.delete(key);
    };
    from(this.byUser, record.userId);
    if (record.postId !== undefined) from(this.byPost, record.postId);
  }
}

const NONE_N: readonly NotificationRecord[] = Object.freeze([]);

export type Tables = { [K in Exclude<CollectionName, "comments" | "users" | "notifications" | "posts">]: Table<Collections[K]> } & {
  users: UserTable;
  posts: PostTable;
  comments: CommentTable;
  notifications: NotificationTable;
};

/** How posts and comments look in answers (mock/data/views.ts), given to the tables that cache them. */
export interface AnswerViews {
  postView(tables: Tables, post: PostRecord): unknown;
  postJson(tables: Tables, post: PostRecord): string;
  commentView(tables: Tables, comment: CommentRecord): unknown;
}

export function createTables(db: { createCollection(name: string): void }, log: ChangeLog, views: AnswerViews): Tables {
  for (const name of COLLECTIONS) db.createCollection(name);
  const tables: Tables = {
    users: new UserTable("users", liveRecords(db, "users"), log, "username"),
    posts: new PostTable("posts", liveRecords(db, "posts"), log),
    comments: new CommentTable("comments", liveRecords(db, "comments"), log),
    todos: new Table("todos", liveRecords(db, "todos"), log),
    photos: new Table("photos", liveRecords(db, "photos"), log),
    notifications: new NotificationTable("notifications", liveRecords(db, "notifications"), log),
  };
  tables.posts.view = (post) => views.postView(tables, post);
  tables.posts.toJson = (post) => views.postJson(tables, post);
  tables.comments.view = (comment) => views.commentView(tables, comment);
  tables.comments.posts = tables.posts;
  tables.users.onQuoteChange = (user, how) => {
    // A new user matters only to posts and comments already naming their username (data imported that way).
    if (
      how === "new" &&
      !tables.posts.all().some((p) => p.username === user.username) &&
      !tables.comments.all().some((c) => c.username === user.username)
    )
      return;
    tables.posts.forgetAll();
    tables.comments.forgetAll();
  };
  return tables;
}

export function snapshotOf(tables: Tables): Snapshot {
  return {
    users: [...tables.users.all()],
    posts: [...tables.posts.all()],
    comments: [...tables.comments.all()],
    todos: [...tables.todos.all()],
    photos: [...tables.photos.all()],
    notifications: [...tables.notifications.all()],
  };
}
