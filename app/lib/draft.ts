// Drafts, kept per user in this browser (localStorage) so text typed and not yet sent survives a move to
// another screen and a reload: the composer's (the user's next post) and each comment box's (one per post).
// A draft goes once its post or comment is created. Storage that refuses (private mode, quota) only means
// no draft is kept.
//
// Between Post (or Reply) and its answer the draft is marked sent (its text and when). A page that goes
// away in that moment (a reload, a closed tab) may have had its write stored or not; the box that opens
// next asks the API which (the user's newest posts, or the post's newest comments) and brings the text
// back only when it is not there, so a stored post or comment is never offered again to be sent twice.
import { api } from "./api";
import { PAGE_SIZE } from "./data";
import type { Comment, Post } from "./types";

/** Whose draft, and of what: a user's next post, or (with `postId`) their next comment on that post. */
export interface DraftPlace {
  username: string;
  postId?: string;
}

const key = ({ username, postId }: DraftPlace) =>
  postId === undefined ? `moments-draft:${username}` : `moments-comment-draft:${username}:${postId}`;
const sentKey = ({ username, postId }: DraftPlace) =>
  postId === undefined ? `moments-draft-sent:${username}` : `moments-comment-draft-sent:${username}:${postId}`;

export function readDraft(place: DraftPlace): string {
  try {
    return localStorage.getItem(key(place)) ?? "";
  } catch {
    return "";
  }
}

export function saveDraft(place: DraftPlace, text: string) {
  try {
    if (text.trim()) localStorage.setItem(key(place), text);
    else localStorage.removeItem(key(place));
  } catch {
    // Not kept: the text is still in the box.
  }
}

export const clearDraft = (place: DraftPlace) => saveDraft(place, "");

interface Sent {
  text: string;
  at: number;
}

/** Marks the text as sent, from Post (or Reply) until its answer; `end` removes the mark once the answer came, whatever it said. */
export function markSent(place: DraftPlace, text: string): { end(): void } {
  try {
    localStorage.setItem(sentKey(place), JSON.stringify({ text, at: Date.now() } satisfies Sent));
  } catch {
    // Not marked: the draft stays as it is.
  }
  return { end: () => forgetSent(place) };
}

function forgetSent(place: DraftPlace) {
  try {
    localStorage.removeItem(sentKey(place));
  } catch {
    // Nothing was marked.
  }
}

function readSent(place: DraftPlace): Sent | null {
  try {
    const sent = JSON.parse(localStorage.getItem(sentKey(place)) ?? "null") as Sent | null;
    return sent && typeof sent.text === "string" && typeof sent.at === "number" ? sent : null;
  } catch {
    return null;
  }
}

/** Whether the sent text was stored: among the user's newest posts, or the post's newest comments (the first page), made since it was sent. */
async function stored({ username, postId }: DraftPlace, sent: Sent): Promise<boolean> {
  // A minute's slack for a clock that moved.
  const since = (createdAt: string) => Date.parse(createdAt) >= sent.at - 60_000;
  if (postId === undefined) {
    const { posts } = await api<{ posts: Post[] }>(`/posts/user/${encodeURIComponent(username)}?limit=5`);
    return posts.some((p) => p.content === sent.text && since(p.createdAt));
  }
  const { comments } = await api<{ comments: Comment[] }>(`/comments/${encodeURIComponent(postId)}?limit=${PAGE_SIZE}`);
  return comments.some((c) => c.username === username && c.commentVal === sent.text && since(c.createdAt));
}

/**
 * The draft to show when the box opens: "" when a page that went away between Post (or Reply) and its
 * answer had its post or comment stored.
 */
export async function draftToShow(place: DraftPlace): Promise<string> {
  const draft = readDraft(place);
  const sent = readSent(place);
  if (!sent) return draft;
  forgetSent(place);
  if (!draft || draft.trim() !== sent.text.trim()) return draft;
  try {
    if (!(await stored(place, sent))) return draft;
    clearDraft(place);
    return "";
  } catch {
    // Not known: the text comes back, as before the mark.
    return draft;
  }
}
