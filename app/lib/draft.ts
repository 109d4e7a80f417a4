// The composer's draft, kept per user in this browser (localStorage) so text
// typed and not yet posted survives a move to another screen and a reload; it
// goes once the post is created. Storage that refuses (private mode, quota)
// only means no draft is kept.
//
// Between Post and its answer the draft is marked sent (its text and when). A page that goes away in
// that moment (a reload, a closed tab) may have had its post stored or not; the composer that opens
// next asks the API which (`postedBefore`) and brings the text back only when the post is not there,
// so a stored post is never offered again to be posted twice.
import { api } from "./api";
import type { Post } from "./types";

const key = (username: string) => `moments-draft:${username}`;
const sentKey = (username: string) => `moments-draft-sent:${username}`;

export function readDraft(username: string): string {
  try {
    return localStorage.getItem(key(username)) ?? "";
  } catch {
    return "";
  }
}

export function saveDraft(username: string, text: string) {
  try {
    if (text.trim()) localStorage.setItem(key(username), text);
    else localStorage.removeItem(key(username));
  } catch {
    // Not kept: the text is still in the box.
  }
}

export const clearDraft = (username: string) => saveDraft(username, "");

interface Sent {
  text: string;
  at: number;
}

/** Marks the text as sent, from Post until its answer; `end` removes the mark once the answer came, whatever it said. */
export function markSent(username: string, text: string): { end(): void } {
  try {
    localStorage.setItem(sentKey(username), JSON.stringify({ text, at: Date.now() } satisfies Sent));
  } catch {
    // Not marked: the draft stays as it is.
  }
  return { end: () => forgetSent(username) };
}

function forgetSent(username: string) {
  try {
    localStorage.removeItem(sentKey(username));
  } catch {
    // Nothing was marked.
  }
}

function readSent(username: string): Sent | null {
  try {
    const sent = JSON.parse(localStorage.getItem(sentKey(username)) ?? "null") as Sent | null;
    return sent && typeof sent.text === "string" && typeof sent.at === "number" ? sent : null;
  } catch {
    return null;
  }
}

/**
 * The draft to show when the composer opens: "" when a page that went away between Post and its answer
 * had its post stored (the user's newest posts hold it, made since it was sent).
 */
export async function draftToShow(username: string): Promise<string> {
  const draft = readDraft(username);
  const sent = readSent(username);
  if (!sent) return draft;
  forgetSent(username);
  if (!draft || draft.trim() !== sent.text.trim()) return draft;
  try {
    const { posts } = await api<{ posts: Post[] }>(`/posts/user/${encodeURIComponent(username)}?limit=5`);
    // A minute's slack for a clock that moved.
    const stored = posts.some((p) => p.content === sent.text && Date.parse(p.createdAt) >= sent.at - 60_000);
    if (!stored) return draft;
    clearDraft(username);
    return "";
  } catch {
    // Not known: the text comes back, as before the mark.
    return draft;
  }
}
