// A shown write is a kept write. A like, bookmark, follow or post deletion shows as
// done the moment it is clicked, before the mock (in this tab's worker) has stored it;
// a reload, a closed tab or a crash ends that worker and the write with it. So the
// click first writes the write here, synchronously, in localStorage (which outlives
// the page): one entry per tab and target ("like:<postId>"), the last click's. The
// action removes it once the API has answered, whatever the answer (the person saw it).
// An edit (a post's text, a comment's, the profile) is kept the same way from Save or Update,
// with the body it sends: the text typed is not lost with a page gone before the answer.
//
// An entry still here when its tab is gone (its Web Lock released) is replayed once,
// in click order, by the next tab that boots (`replayKept`), before that tab reads
// anything: the write is a state ("liked", "the text is this"), so sending it again is harmless (the mock
// refuses a like of a liked post, and that refusal means it is done), and the screens
// then read what it made, so a reload never shows the write undone.
//
// The newest intent wins: a kept write is replayed only while nothing newer was asked of its
// target (the same like, follow, bookmark, post, comment or profile, by the same user) in any
// tab of this browser. A keep takes the older entries of its target out of every tab's slots
// (`keep`), so a tab that reloads after another tab wrote the same thing later (and was answered,
// its own entry settled) does not send its older write over the newer one; and a replay sends
// only the newest entry of a target (`replayKept`), dropping the older ones unsent. The records'
// updatedAt is no measure of this: a post's changes with anyone's like or comment, a user's with
// anyone's follow, so it would drop an edit nobody overwrote.
import { useCallback, useSyncExternalStore } from "react";
import { TAB_ID } from "#mock/browser/tab-id";
import { getSessionUser } from "./session";

const PREFIX = "moments-outbox:";
/** A write older than this is not sent any more: a day later it is no longer what the person meant. */
const KEEP_MS = 24 * 60 * 60 * 1000;

const KEPT_INTENTS = [
  "like",
  "unlike",
  "bookmark",
  "unbookmark",
  "follow",
  "unfollow",
  "delete-post",
  "edit-post",
  "edit-comment",
  "edit-profile",
] as const;
export type KeptIntent = (typeof KEPT_INTENTS)[number];

/** What a kept write is about: a post's or a user's id, or (a comment's edit) its post's id and its own. */
export type KeptId = string | readonly [postId: string, commentId: string];

export interface KeptWrite {
  /** Unique per click: the action removes its entry only while it is still its own. */
  key: string;
  /** What the write sets: `like:<postId>`, `bookmark:<postId>`, `follow:<userId>`, `delete-post:<postId>`, `edit-post:<postId>`, `edit-comment:<postId>/<commentId>` (each part URI-encoded), `edit-profile:<username>`. */
  target: string;
  intent: KeptIntent;
  method: "POST" | "DELETE";
  /** Under /api. */
  path: string;
  /** What an edit sends (the others send `{}`). */
  body?: unknown;
  /** The session it was made in, and whose it is. */
  token: string;
  username: string;
  tab: string;
  at: number;
}

/** The API call each kept intent makes (post-actions.ts and follow-action.ts send the same). */
export function keptCall(intent: KeptIntent, id: KeptId): Pick<KeptWrite, "method" | "path"> {
  // One id, or a post's and its comment's: each part encoded, the parts one path segment each.
  const safe = idKey(id);
  switch (intent) {
    case "like":
      return { method: "POST", path: `/posts/like/${safe}` };
    case "unlike":
      // Unliking is the dislike call (CONTRACT §7).
      return { method: "POST", path: `/posts/dislike/${safe}` };
    case "bookmark":
      return { method: "POST", path: `/users/bookmark/${safe}` };
    case "unbookmark":
      return { method: "POST", path: `/users/remove-bookmark/${safe}` };
    case "follow":
    case "unfollow":
      return { method: "POST", path: `/users/${intent}/${safe}` };
    case "delete-post":
      return { method: "DELETE", path: `/posts/${safe}` };
    case "edit-post":
      return { method: "POST", path: `/posts/edit/${safe}` };
    case "edit-comment":
      return { method: "POST", path: `/comments/edit/${safe}` };
    case "edit-profile":
      // The caller's own profile: the id (their username) only names the target.
      return { method: "POST", path: "/users/edit" };
  }
}

/** A post's and its comment's ids as one (`<postId>/<commentId>`, each encoded); one id encoded. */
const idKey = (id: KeptId) => (typeof id === "string" ? encodeURIComponent(id) : id.map(encodeURIComponent).join("/"));

/** The target a kept intent sets: a like and an unlike of one post are one target; a comment's edit is its post's and its own. */
export function targetOf(intent: KeptIntent, id: KeptId): string {
  const family = intent === "unlike" ? "like" : intent === "unbookmark" ? "bookmark" : intent === "unfollow" ? "follow" : intent;
  return `${family}:${typeof id === "string" ? id : idKey(id)}`;
}

/** The ids a kept write's target names (a comment's edit: its post's and its own). */
export function idsOf(entry: Pick<KeptWrite, "intent" | "target">): string[] {
  const id = entry.target.slice(entry.target.indexOf(":") + 1);
  return entry.intent === "edit-comment" ? id.split("/").map(decodeURIComponent) : [id];
}

export const isKeptIntent = (intent: unknown): intent is KeptIntent =>
  typeof intent === "string" && (KEPT_INTENTS as readonly string[]).includes(intent);

const storage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

const slot = (tab: string, target: string) => `${PREFIX}${tab}:${target}`;

function parse(text: string | null): KeptWrite | null {
  if (!text) return null;
  try {
    const entry = JSON.parse(text) as KeptWrite;
    return typeof entry?.key === "string" && typeof entry.target === "string" && isKeptIntent(entry.intent) ? entry : null;
  } catch {
    return null;
  }
}

/** Whether any write is kept (read cheaply at boot: nothing to replay, nothing loaded). */
export function hasKeptWrites(): boolean {
  const store = storage();
  if (!store) return false;
  for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith(PREFIX)) return true;
  return false;
}

/** Every kept write, of every tab, oldest click first. */
export function keptWrites(): KeptWrite[] {
  const store = storage();
  if (!store) return [];
  const entries: KeptWrite[] = [];
  for (let i = 0; i < store.length; i++) {
    const name = store.key(i);
    if (!name?.startsWith(PREFIX)) continue;
    const entry = parse(store.getItem(name));
    if (entry) entries.push(entry);
  }
  return entries.sort((a, b) => a.at - b.at);
}

// What the cards show: the newest write this tab kept per target, while it waits for its answer.
// Another tab's are not shown: its answer reaches this tab as live news (live-changes.ts), and
// a gone tab's are replayed before this tab reads anything (entry.client.tsx holds the calls).
let shown = new Map<string, KeptWrite>();
const watchers = new Set<() => void>();

function refresh() {
  const next = new Map<string, KeptWrite>();
  const me = getSessionUser()?.username;
  for (const entry of keptWrites()) if (entry.tab === TAB_ID && entry.username === me) next.set(entry.target, entry);
  const same = next.size === shown.size && [...next].every(([target, entry]) => shown.get(target)?.key === entry.key);
  if (same) return;
  shown = next;
  for (const watcher of watchers) watcher();
}

if (typeof window !== "undefined") {
  // Another tab's keep may take this tab's superseded entry out: what the cards show follows.
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key.startsWith(PREFIX)) refresh();
  });
  // While this page lives its entries are its own to settle: the next boot replays only a gone tab's.
  navigator.locks?.request(tabLock(TAB_ID), () => new Promise<never>(() => undefined)).catch(() => undefined);
}

function tabLock(tab: string) {
  return `moments-tab:${tab}`;
}

/**
 * Keeps a write before its state shows (call it in the click's own event handler).
 * Returns its key, for `settle`; null when nothing could be kept (no storage, or it is full):
 * the write is then only as safe as the tab.
 */
export function keep(intent: KeptIntent, id: KeptId, session: { token: string; username: string }, body?: unknown): string | null {
  const store = storage();
  if (!store) return null;
  const target = targetOf(intent, id);
  const entry: KeptWrite = {
    key: typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`,
    target,
    intent,
    ...keptCall(intent, id),
    ...(body === undefined ? {} : { body }),
    token: session.token,
    username: session.username,
    tab: TAB_ID,
    at: Date.now(),
  };
  let kept = true;
  try {
    store.setItem(slot(TAB_ID, target), JSON.stringify(entry));
  } catch {
    // Full (QuotaExceededError): this write is only as safe as the tab.
    kept = false;
  }
  // This is now the newest intent for its target, kept or not: an older one any tab kept (this tab's
  // own, when this one could not take its slot) is not to be sent over it.
  for (const older of keptWrites()) if (supersedes(entry, older)) store.removeItem(slot(older.tab, older.target));
  refresh();
  return kept ? entry.key : null;
}

/** Whether `newer` is a later intent for the same thing as `older`: its target, its user, asked no earlier. */
const supersedes = (newer: KeptWrite, older: KeptWrite) =>
  newer.key !== older.key && newer.target === older.target && newer.username === older.username && newer.at >= older.at;

/** The write with this key was answered: its entry goes, unless a later click of the same target replaced it. */
export function settle(key: string | null | undefined) {
  if (!key) return;
  const store = storage();
  if (!store) return;
  for (const entry of keptWrites()) {
    if (entry.key !== key) continue;
    store.removeItem(slot(entry.tab, entry.target));
  }
  refresh();
}

/** The kept write a target shows until it is settled, if any. */
export function useKept(target: string): KeptWrite | undefined {
  const subscribe = useCallback((onChange: () => void) => {
    watchers.add(onChange);
    return () => watchers.delete(onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => shown.get(target),
    () => undefined,
  );
}

export type Replayed = { entry: KeptWrite; status: number; body: unknown; version: number };

/**
 * Sends, once, the writes kept by tabs that are gone (a reload, a closed tab, a crash), in
 * click order, one tab booting at a time. `send` makes the call (the write line's, so this tab's
 * own clicks come after); `applied` hears each answer. A write is dropped once answered,
 * success or refusal; one that found no answer (offline) is tried again at the next boot.
 */
export async function replayKept(
  send: (entry: KeptWrite) => Promise<Replayed | null>,
  applied: (replayed: Replayed) => void = () => undefined,
): Promise<number> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks?.request || !storage() || keptWrites().length === 0) return 0;
  return await locks.request("moments-outbox-replay", async () => {
    const held = new Set(((await locks.query()).held ?? []).map((lock) => lock.name));
    const all = keptWrites();
    const orphans = all.filter((entry) => entry.tab !== TAB_ID && !held.has(tabLock(entry.tab)));
    const store = storage()!;
    let sent = 0;
    for (const entry of orphans) {
      const name = slot(entry.tab, entry.target);
      // Settled meanwhile, or too old to mean anything now.
      if (parse(store.getItem(name))?.key !== entry.key) continue;
      // A newer intent for the same thing, kept by any tab, wins: this one is not sent over it.
      if (Date.now() - entry.at > KEEP_MS || all.some((other) => supersedes(other, entry) && other.at > entry.at)) {
        store.removeItem(name);
        continue;
      }
      const answer = await send(entry).catch(() => null);
      if (!answer) continue;
      if (parse(store.getItem(name))?.key === entry.key) store.removeItem(name);
      sent++;
      applied(answer);
    }
    refresh();
    return sent;
  });
}
