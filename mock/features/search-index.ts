// The search index: for each term (a folded word, `#tag` or `@mention`), the
// insertion positions (mock/data/tables.ts) of the posts or users that hold it,
// sorted. Positions order a list newest first exactly as the paged lists do, so
// search pages with the same kind of cursor and a post found on page 1 never
// shows again on page 2.
//
// Kept in step with every saved write (Search.saved, which hears the unit of
// work's commits with their change sets): a write re-indexes the records it put
// and drops the ones it removed; a like or a follow leaves the text alone and
// costs a string compare. A load (boot, reset, import, another tab's writes)
// drops the index, and the next search builds it once from the tables, unless
// the browser's worker warmed it first in the background (Search.warm).
//
// Our own index, not MiniSearch or FlexSearch: those rank by relevance and
// return every match at once, while our answers are pages newest first with a
// cursor that survives writes; README "Search" has the figures.
import type { Tables } from "../data/tables";
import type { ChangeSet, PostRecord, UserRecord } from "../core/types";
import type { CommitListener } from "../core/unit-of-work";
import { fold, mentionName, postTerms, wordsOf } from "./text-terms";

interface Entry {
  at: number;
  /** The text the terms came from (the record's own string: no copy is kept); a drop derives them again. */
  text: string;
}

export class TermIndex {
  private lists = new Map<string, number[]>();
  /** Every term, sorted, for prefix lookups. */
  private terms: string[] = [];
  private entries = new Map<string, Entry>();
  private ids = new Map<number, string>();
  /** The highest position indexed. */
  top = -1;
  /** While building: new terms are appended and sorted once at the end (a sorted insert each would be quadratic). */
  private building = false;

  constructor(
    readonly generation: number,
    /** A record's terms, from its text. */
    private readonly termsOf: (text: string) => string[],
  ) {}

  get size() {
    return this.entries.size;
  }

  /** Indexes a record at position `at` under the terms of `text`, replacing what it had. */
  put(id: string, at: number, text: string) {
    const old = this.entries.get(id);
    if (old && old.text === text && old.at === at) return;
    if (old) this.drop(id);
    this.entries.set(id, { at, text });
    this.ids.set(at, id);
    if (at > this.top) this.top = at;
    for (const term of this.termsOf(text)) {
      let list = this.lists.get(term);
      if (!list) {
        this.lists.set(term, (list = []));
        if (this.building) this.terms.push(term);
        else this.terms.splice(lowerBound(this.terms, term), 0, term);
      }
      if (!list.length || list[list.length - 1] < at) list.push(at);
      else list.splice(lowerBound(list, at), 0, at);
    }
  }

  /** Indexes many records at once (the first search): terms are sorted once, at the end. */
  bulk(fill: () => void) {
    this.building = true;
    try {
      fill();
    } finally {
      this.building = false;
      this.terms.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    }
  }

  drop(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.ids.delete(entry.at);
    for (const term of this.termsOf(entry.text)) {
      const list = this.lists.get(term)!;
      const i = lowerBound(list, entry.at);
      if (list[i] === entry.at) list.splice(i, 1);
      if (!list.length) {
        this.lists.delete(term);
        this.terms.splice(lowerBound(this.terms, term), 1);
      }
    }
  }

  /** The positions holding a term, ascending. */
  list(term: string): readonly number[] {
    return this.lists.get(term) ?? [];
  }

  /** The terms that start with `prefix`, in order. */
  withPrefix(prefix: string): string[] {
    const found: string[] = [];
    for (let i = lowerBound(this.terms, prefix); i < this.terms.length && this.terms[i].startsWith(prefix); i++) found.push(this.terms[i]);
    return found;
  }

  idAt(at: number): string | undefined {
    return this.ids.get(at);
  }
}

/** The first index whose value is not below `value`. */
function lowerBound<T>(sorted: readonly T[], value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Matches: the positions that hold, for every group, at least one of its terms
 * (a group is one word, or every term a typed prefix could mean), newest first,
 * `limit` of them below position `before`, and how many there are in all.
 */
export function matchPositions(index: TermIndex, groups: string[][], before: number, limit: number): { found: number[]; total: number } {
  const lists = groups.map((group) => group.map((term) => index.list(term)).filter((list) => list.length > 0));
  if (!lists.length || lists.some((group) => !group.length)) return { found: [], total: 0 };
  if (lists.length === 1 && lists[0].length === 1) {
    // One term: its list is the answer.
    const list = lists[0][0];
    const found: number[] = [];
    for (let i = lowerBound(list, before) - 1; i >= 0 && found.length < limit; i--) found.push(list[i]);
    return { found, total: list.length };
  }
  // Several: count, per position, the groups met so far (a group counts once however many of its terms it holds).
  const met = new Uint8Array(index.top + 1);
  const last = lists.length;
  let total = 0;
  lists.forEach((group, g) => {
    for (const list of group)
      for (const at of list)
        if (met[at] === g) {
          met[at] = g + 1;
          if (g + 1 === last) total++;
        }
  });
  const found: number[] = [];
  for (let at = Math.min(before, met.length) - 1; at >= 0 && found.length < limit; at--) if (met[at] === last) found.push(at);
  return { found, total };
}

/** At most this many terms from one query. */
export const QUERY_TERMS_MAX = 8;

/**
 * A query's groups: each word, `#tag` or `@name` must be found; the last one
 * also as a prefix ("sun" finds "sunset") unless the query ends with a space.
 * `people` reads it for the users index (no tags; `@ada` is the word "ada").
 */
export function queryGroups(index: TermIndex, q: string, people = false): string[][] {
  const terms: string[] = [];
  for (const [, sign, raw] of q.matchAll(/([#@]?)([\p{L}\p{N}_.-]+)/gu)) {
    if (sign === "#" && !people) {
      const tag = fold(raw).match(/[\p{L}\p{N}_]+/u)?.[0];
      if (tag) terms.push(`#${tag}`);
    } else if (sign === "@" && !people) {
      const name = mentionName(raw);
      if (name) terms.push(`@${fold(name)}`);
    } else terms.push(...wordsOf(raw));
  }
  const kept = [...new Set(terms)].slice(0, QUERY_TERMS_MAX);
  const prefixed = kept.length > 0 && !/\s$/.test(q);
  return kept.map((term, i) => (prefixed && i === kept.length - 1 ? index.withPrefix(term) : [term]));
}

// A user's text: names, then the username (its last word), indexed whole too.
const userText = (user: UserRecord) => `${user.firstName} ${user.lastName} ${user.username}`;
const userTerms = (text: string) => [...new Set([...wordsOf(text), fold(text.slice(text.lastIndexOf(" ") + 1))])];

export interface SearchIndex {
  posts: TermIndex;
  users: TermIndex;
}

function indexPost(index: TermIndex, db: Tables, post: PostRecord) {
  const at = db.posts.position(post._id);
  if (at !== undefined) index.put(post._id, at, post.content);
}

function indexUser(index: TermIndex, db: Tables, user: UserRecord) {
  const at = db.users.position(user._id);
  if (at !== undefined) index.put(user._id, at, userText(user));
}

const isCurrent = (index: SearchIndex, db: Tables) =>
  index.posts.generation === db.posts.generation && index.users.generation === db.users.generation;

/**
 * A build under way in the background (Search.warm): the records as they were when it
 * began, how far it got, and the writes saved since, applied once it is done.
 */
interface Warming {
  index: SearchIndex;
  posts: PostRecord[];
  users: UserRecord[];
  done: number;
  since: ChangeSet[];
}

function startBuild(db: Tables): Warming {
  const index = { posts: new TermIndex(db.posts.generation, postTerms), users: new TermIndex(db.users.generation, userTerms) };
  return { index, posts: [...db.posts.all()], users: [...db.users.all()], done: 0, since: [] };
}

/** Indexes up to `count` more records of a build; true once every one is in. */
function buildSome(db: Tables, build: Warming, count: number): boolean {
  const { posts, users } = build.index;
  const end = Math.min(build.posts.length, build.done + count);
  posts.bulk(() => {
    for (let i = build.done; i < end; i++) indexPost(posts, db, build.posts[i]);
  });
  build.done = end;
  if (end < build.posts.length) return false;
  users.bulk(() => {
    for (const user of build.users) indexUser(users, db, user);
  });
  return true;
}

/**
 * One mock's search (the mock's `search`, the routes' `ctx.search`): its index of the
 * mock's tables, and the build under way in the background, if any. It hears the unit
 * of work's commits (CommitListener, mock/core/unit-of-work.ts): saved changes keep
 * the index, a load drops it.
 */
export class Search implements CommitListener {
  private built: SearchIndex | null = null;
  private warming: Warming | null = null;

  constructor(private readonly db: Tables) {}

  /** The index, built on first use (a search) unless warm() built it first, then kept by saved(). */
  index(): SearchIndex {
    const { built, db } = this;
    if (built && isCurrent(built, db)) return built;
    // A background build under way is finished now; else one is made whole.
    const build = this.warming ?? startBuild(db);
    buildSome(db, build, Infinity);
    return this.install(build);
  }

  /** Whether the index is built and current (for the warm-up's caller and tests). */
  get ready(): boolean {
    return Boolean(this.built && isCurrent(this.built, this.db));
  }

  /**
   * Builds the index in slices of `slice` posts, each run by `runSlice` (the browser's
   * worker runs it in the request queue after a pause, so it never sees a request's
   * unsaved changes and no request waits behind the whole build: at 100k posts that
   * takes seconds). The first search after a boot or a load then finds it ready. Writes
   * saved meanwhile are applied when it is done; a load (loaded) abandons it.
   * Resolves when it is in place or abandoned.
   */
  async warm(runSlice: (work: () => void) => Promise<void>, slice = 2_000): Promise<void> {
    if (this.ready || this.warming) return;
    let build: Warming | null = null;
    let finished = false;
    while (!finished) {
      await runSlice(() => {
        // The first slice takes the records as they are, inside the queue like every slice.
        if (!build) {
          if (this.warming || this.ready) return void (finished = true);
          this.warming = build = startBuild(this.db);
        }
        // Abandoned by a load, or finished by a search that could not wait.
        if (this.warming !== build) return void (finished = true);
        if (buildSome(this.db, build, slice)) {
          this.install(build);
          finished = true;
        }
      });
    }
  }

  /** A saved write: the records it put are indexed again, the removed ones dropped. Nothing to do before the first search. */
  saved(changes: ChangeSet) {
    const { built: index, db } = this;
    if (!index) {
      this.warming?.since.push(changes);
      return;
    }
    for (const id of changes.posts?.remove ?? []) index.posts.drop(id);
    for (const post of changes.posts?.put ?? []) indexPost(index.posts, db, post);
    for (const id of changes.users?.remove ?? []) index.users.drop(id);
    for (const user of changes.users?.put ?? []) indexUser(index.users, db, user);
  }

  /** The tables were loaded whole (boot, reset, import, another tab): the next search (or warm-up) builds the index again. */
  loaded() {
    this.built = null;
    this.warming = null;
  }

  /** A finished build becomes the index, with the writes saved while it ran applied in order. */
  private install(build: Warming): SearchIndex {
    this.warming = null;
    this.built = build.index;
    for (const changes of build.since) this.saved(changes);
    return build.index;
  }
}
