// Every write a post can get, told apart by `intent` (Epic Stack), parsed with
// a zod enum. Each screen that shows posts exports `clientAction = postActions`.
// An action asks for the one post it changed (`Prefer: return=minimal`) and
// puts it in the post store, so only that card re-renders; the screens skip
// reloading their lists after these intents (revalidate.ts).
import { parseWithZod } from "@conform-to/zod";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { toast } from "react-toastify";
import { z } from "zod";
import { actionFailure, api, apiVersioned } from "./api";
import { readPost } from "./data";
import { clearDraft, markSent } from "./draft";
import { markBookmark } from "./bookmark-store";
import { getPost, postCreated, postDeleted, putPost } from "./post-store";
import { requiresAlt } from "./alt-setting";
import { commentSchema, editPostSchema, postSchemaFor } from "./schemas";
import { requireSession } from "./session";
import { TOAST } from "./texts";
import { keptCall, settle } from "./outbox";
import { editCommentBody, editPostBody, writeKeyOf } from "./use-kept-submit";
import { inLine } from "./write-line";
import type { Comment, Post } from "./types";

export const POST_INTENTS = [
  "like",
  "unlike",
  "bookmark",
  "unbookmark",
  "delete-post",
  "comment",
  "create-post",
  "edit-post",
  "edit-comment",
  "delete-comment",
] as const;
export const postIntentSchema = z.enum(POST_INTENTS);
export type PostIntent = z.infer<typeof postIntentSchema>;

/** A write that answers with the one post it changed, and the data version it was saved at. */
async function changePost(path: string, body: unknown = {}) {
  const { data, version } = await apiVersioned<{ post: Post }>(path, { method: "POST", auth: true, body, minimal: true });
  return { post: data.post, version };
}

/** Puts the post a write answered with, at the version it was saved at. */
const putChanged = ({ post, version }: { post: Post; version: number }) => putPost(post, version);

/** The route's action: in the app's one line of writes, so a quick like then unlike reach the API in that order. */
export const postActions = inLine(runPostAction);

/** A post's write, now (for an action already in the line, as the profile's is). */
export async function runPostAction({ request }: ClientActionFunctionArgs) {
  const { user } = requireSession(request);
  const formData = await request.formData();
  const parsed = postIntentSchema.safeParse(formData.get("intent"));
  if (!parsed.success) throw new Error(`Unknown post action: ${String(formData.get("intent") ?? "(none)")}`);
  const intent = parsed.data;
  const rawId = String(formData.get("postId") ?? "");
  const postId = encodeURIComponent(rawId);
  const rawCommentId = String(formData.get("commentId") ?? "");
  const commentId = encodeURIComponent(rawCommentId);
  try {
    switch (intent) {
      case "like":
      case "unlike":
        // Unliking is the dislike call (CONTRACT §7): outbox.ts keptCall names both.
        putChanged(await changePost(keptCall(intent, rawId).path));
        return { intent, ok: true as const };
      case "bookmark":
      case "unbookmark": {
        const { version } = await apiVersioned(keptCall(intent, rawId).path, { method: "POST", auth: true, body: {} });
        markBookmark(rawId, intent === "bookmark", version);
        toast.success(intent === "bookmark" ? TOAST.bookmarkAdded : TOAST.bookmarkRemoved);
        return { intent, ok: true as const };
      }
      case "delete-post":
        await api(keptCall(intent, rawId).path, { method: "DELETE", auth: true, minimal: true });
        postDeleted(rawId);
        return { intent, ok: true as const };
      case "comment": {
        const submission = parseWithZod(formData, { schema: commentSchema });
        if (submission.status !== "success") return { intent, ok: false as const, result: submission.reply() };
        const comment = {
          firstName: user.firstName,
          username: user.username,
          commentVal: submission.value.commentVal,
          avatar: user.userPhoto ?? "",
        };
        // Marked sent until the answer, as a post is (draft.ts): a page gone meanwhile brings the text back only if it was not stored.
        const place = { username: user.username, postId: rawId };
        const sent = markSent(place, comment.commentVal);
        try {
          putChanged(await changePost(`/comments/add/${postId}`, { commentData: { comment, id: rawId } }));
          clearDraft(place);
        } finally {
          sent.end();
        }
        toast.success(TOAST.commentAdded);
        return { intent, ok: true as const, result: submission.reply({ resetForm: true }) };
      }
      case "edit-post": {
        const submission = parseWithZod(formData, { schema: editPostSchema });
        if (submission.status !== "success") return { intent, ok: false as const, result: submission.reply() };
        // Kept from Save until the answer (use-kept-submit.ts useKeptEdit), with this very body.
        putChanged(await changePost(keptCall(intent, rawId).path, editPostBody(submission.value.content)));
        toast.success(TOAST.postUpdated);
        return { intent, ok: true as const, result: submission.reply() };
      }
      case "edit-comment": {
        const submission = parseWithZod(formData, { schema: commentSchema });
        if (submission.status !== "success") return { intent, ok: false as const, result: submission.reply() };
        // Kept from Save until the answer (use-kept-submit.ts useKeptEdit), with this very body.
        const { comments } = await api<{ comments: Comment[] }>(keptCall(intent, [rawId, rawCommentId]).path, {
          method: "POST",
          auth: true,
          body: editCommentBody(submission.value.commentVal),
        });
        // The answer is the post's comments; the post itself is read again only if no screen holds it.
        const known = getPost(rawId);
        putPost(known ? { ...known, comments } : await readPost(rawId));
        toast.success(TOAST.commentUpdated);
        return { intent, ok: true as const, result: submission.reply() };
      }
      case "delete-comment": {
        putChanged(await changePost(`/comments/delete/${postId}/${commentId}`));
        toast.success(TOAST.commentDeleted);
        return { intent, ok: true as const };
      }
      case "create-post": {
        const submission = parseWithZod(formData, { schema: postSchemaFor(requiresAlt()) });
        if (submission.status !== "success") return { intent, ok: false as const, result: submission.reply() };
        const { content, postPic, postPicAlt, postPicSize } = submission.value;
        const postData = {
          firstName: user.firstName,
          userPhoto: user.userPhoto ?? "",
          content,
          postPic,
          ...(postPic && postPicAlt.trim() ? { postPicAlt } : {}),
          ...(postPic && postPicSize ? { postPicSize } : {}),
        };
        // Marked sent until the answer, so a page gone meanwhile does not offer a stored post again (draft.ts).
        const sent = markSent({ username: user.username }, content);
        let post: Post;
        try {
          ({ post } = await changePost("/posts", { postData }));
          clearDraft({ username: user.username });
        } finally {
          sent.end();
        }
        postCreated(post);
        toast.success(TOAST.postCreated);
        return { intent, ok: true as const, result: submission.reply({ resetForm: true }) };
      }
    }
  } catch (error) {
    return actionFailure(intent, error);
  } finally {
    // Answered, whatever the answer: a kept like, bookmark, deletion or edit is no longer to be replayed.
    settle(writeKeyOf(formData));
  }
}

export type PostActionData = Awaited<ReturnType<typeof runPostAction>>;
