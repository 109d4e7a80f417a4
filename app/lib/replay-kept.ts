// At boot: the writes a gone tab showed as done (or sent, as an edit) but may not have stored (outbox.ts)
// are sent once, in click order, in this tab's line of writes (so a click made here
// meanwhile comes after them), and their answers reach what the screens show.
import { versionOf } from "./api";
import { markBookmark } from "./bookmark-store";
import { markFollowing } from "./follow-store";
import { idsOf, replayKept, type KeptWrite, type Replayed } from "./outbox";
import { getPost, patchAuthor, postDeleted, putPost } from "./post-store";
import { rememberUser } from "./remember-user";
import { getToken, type SessionUser } from "./session";
import type { Comment, Post } from "./types";
import { inLine } from "./write-line";

/** One kept write, as it was made: its own session's token, never the current one's. */
const send = inLine(async (entry: KeptWrite): Promise<Replayed | null> => {
  let response: Response;
  try {
    response = await fetch(`/api${entry.path}`, {
      method: entry.method,
      headers: { accept: "application/json", authorization: entry.token, "content-type": "application/json", prefer: "return=minimal" },
      body: entry.method === "POST" ? JSON.stringify(entry.body ?? {}) : undefined,
    });
  } catch {
    // No answer (offline, the backend is down): kept for the next boot.
    return null;
  }
  // A store that could not save it, or a server failure: kept for the next boot too.
  if (response.status >= 500) return null;
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { entry, status: response.status, body, version: versionOf(response) };
});

/** What a replayed write's success changes on screen; a refusal (already liked, gone) changes nothing. */
function applied({ entry, status, body, version }: Replayed) {
  if (status >= 300) return;
  const [id] = idsOf(entry);
  switch (entry.intent) {
    case "like":
    case "unlike":
    case "edit-post": {
      const post = (body as { post?: Post } | null)?.post;
      if (post) putPost(post, version);
      return;
    }
    case "edit-comment": {
      // The answer is the post's comments (the post's action does the same): a post no screen holds is read as it is shown.
      const comments = (body as { comments?: Comment[] } | null)?.comments;
      const known = getPost(id);
      if (comments && known) putPost({ ...known, comments }, version);
      return;
    }
    case "bookmark":
    case "unbookmark":
      markBookmark(id, entry.intent === "bookmark", version);
      return;
    case "delete-post":
      postDeleted(id);
      return;
    case "follow":
    case "unfollow": {
      // The session's user carries the new following list (CONTRACT §4), if it is still that session.
      const me = (body as { user?: SessionUser } | null)?.user;
      if (me && getToken() === entry.token) {
        rememberUser(entry.token, me);
        markFollowing(id, entry.intent === "follow", version);
      }
      return;
    }
    case "edit-profile": {
      // Every card of theirs shows the new name and avatar; the sidebar's chip too, if it is still that session.
      const me = (body as { user?: SessionUser } | null)?.user;
      if (!me) return;
      if (getToken() === entry.token) rememberUser(entry.token, me);
      patchAuthor(me);
      return;
    }
  }
}

/** Replays what gone tabs kept; resolves with how many writes were answered. */
export const replayKeptWrites = () => replayKept(send, applied);
