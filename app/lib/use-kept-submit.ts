// The submit handler of a control whose write shows as done at once (like, bookmark,
// follow), and of an edit form (Save, Update): the write is kept (outbox.ts) in the
// click's own event, before Remix's fetcher shows its state, and its key goes with the
// form so the action can settle it.
import { parseWithZod } from "@conform-to/zod";
import type { FetcherWithComponents } from "@remix-run/react";
import type { FormEvent } from "react";
import { toast } from "react-toastify";
import type { z } from "zod";
import { commentSchema, editPostSchema, editProfileSchema } from "./schemas";
import { isKeptIntent, keep, type KeptId, type KeptIntent } from "./outbox";
import { getSessionUser, getToken, sessionChangedElsewhere } from "./session";
import { TOAST } from "./texts";
import { reserve, WRITE_KEY_PARAM } from "./write-line";

/** The form field that carries a kept write's key to the action. */
export const WRITE_KEY = "writeKey";

/** Keeps the write a form's submitter asks for (the form's `idField` names its target) and submits it with its key. */
export function useKeptSubmit(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, idField: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    const data = formDataOf(event);
    const intent = data.get("intent");
    // Not a kept write, or no session to keep it for: Remix submits it as it would anyway.
    if (!isKeptIntent(intent) || !getToken() || sessionChangedElsewhere()) return;
    event.preventDefault();
    submitKept(fetcher, event.currentTarget, data, keepForSession(intent, String(data.get(idField) ?? "")));
  };
}

/**
 * The submit handler of an edit form (a post's text, a comment's, the profile): its own check first (`check`,
 * Conform's), then an edit it lets through is kept with the body its action sends (`keptEditOf`), so a page gone
 * before the answer has it sent at the next boot (outbox.ts). An edit sets a state, so sending it twice is harmless.
 * Any other form submits as it would anyway.
 */
export function useKeptEdit(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, check: (event: FormEvent<HTMLFormElement>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    check(event);
    if (event.defaultPrevented) return;
    const data = formDataOf(event);
    const edit = keptEditOf(data);
    if (!edit || !getToken() || sessionChangedElsewhere()) return;
    event.preventDefault();
    submitKept(fetcher, event.currentTarget, data, keepEdit(edit));
  };
}

/**
 * Keeps an edit (`keptEditOf`); when this browser's storage cannot hold it (full: a new photo is a data URL of
 * up to 2 MB), a profile's edit is kept without its new photos, and the person is told what a reload would lose.
 * The edit is sent whole either way.
 */
export function keepEdit(edit: { intent: KeptIntent; id: KeptId; body: unknown }): string | null {
  const key = keepForSession(edit.intent, edit.id, edit.body);
  if (key) return key;
  const lighter = edit.intent === "edit-profile" ? withoutNewPhotos(edit.body) : null;
  const lighterKey = lighter ? keepForSession(edit.intent, edit.id, lighter) : null;
  toast.warn(lighterKey ? TOAST.photosNotKept : TOAST.editNotKept, { toastId: "edit-not-kept" });
  return lighterKey;
}

/** A profile edit's body without the photos it uploads (data URLs) and their descriptions; null when it uploads none. */
function withoutNewPhotos(body: unknown): unknown {
  const userData = { ...(body as { userData?: Record<string, unknown> } | null)?.userData };
  let dropped = false;
  for (const [field, alt] of [
    ["userPhoto", "userPhotoAlt"],
    ["coverPhoto", "coverPhotoAlt"],
  ] as const) {
    const value = userData[field];
    if (typeof value !== "string" || !value.startsWith("data:")) continue;
    delete userData[field];
    delete userData[alt];
    dropped = true;
  }
  return dropped ? { userData } : null;
}

/** What an edit's action sends (post-actions.ts, profile-actions.ts), read from its form; null for a form that is no kept edit or does not pass its check. */
export function keptEditOf(data: FormData): { intent: KeptIntent; id: KeptId; body: unknown } | null {
  switch (data.get("intent")) {
    case "edit-post": {
      const submission = parseWithZod(data, { schema: editPostSchema });
      if (submission.status !== "success") return null;
      return { intent: "edit-post", id: String(data.get("postId") ?? ""), body: editPostBody(submission.value.content) };
    }
    case "edit-comment": {
      const submission = parseWithZod(data, { schema: commentSchema });
      if (submission.status !== "success") return null;
      const id = [String(data.get("postId") ?? ""), String(data.get("commentId") ?? "")] as const;
      return { intent: "edit-comment", id, body: editCommentBody(submission.value.commentVal) };
    }
    case "edit-profile": {
      const submission = parseWithZod(data, { schema: editProfileSchema });
      const username = getSessionUser()?.username;
      if (submission.status !== "success" || !username) return null;
      return { intent: "edit-profile", id: username, body: editProfileBody(submission.value) };
    }
    default:
      return null;
  }
}

/** The body of a post's edit, as its action and its kept copy send it. */
export const editPostBody = (content: string) => ({ postData: { content } });

/** The body of a comment's edit, as its action and its kept copy send it. */
export const editCommentBody = (commentVal: string) => ({ commentData: { commentVal } });

/** The body of a profile's edit, as its action and its kept copy send it. */
export const editProfileBody = (userData: z.output<typeof editProfileSchema>) => ({ userData });

/** The form's fields with its submitter's name and value (the intent). */
function formDataOf(event: FormEvent<HTMLFormElement>): FormData {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  const data = new FormData(event.currentTarget);
  if (submitter?.name) data.set(submitter.name, submitter.value);
  return data;
}

/** Submits a kept write with its key, its place in the line of writes taken now, in click order. */
function submitKept(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, form: HTMLFormElement, data: FormData, key: string | null) {
  let action = form.getAttribute("action") ?? undefined;
  if (key) {
    data.set(WRITE_KEY, key);
    // The action finds its place by the key in its URL.
    reserve(key);
    const url = new URL(action ?? window.location.pathname + window.location.search, window.location.href);
    url.searchParams.set(WRITE_KEY_PARAM, key);
    action = url.pathname + url.search;
  }
  void fetcher.submit(data, { method: "post", action });
}

/** Keeps a write for the signed-in session (outbox.ts `keep`); null without one, or when nothing could be kept. */
export function keepForSession(intent: KeptIntent, id: KeptId, body?: unknown): string | null {
  const token = getToken();
  const user = getSessionUser();
  return token && user ? keep(intent, id, { token, username: user.username }, body) : null;
}

/** A kept write's key, as the action reads it from the form. */
export const writeKeyOf = (formData: FormData): string | null => {
  const key = formData.get(WRITE_KEY);
  return typeof key === "string" && key ? key : null;
};
