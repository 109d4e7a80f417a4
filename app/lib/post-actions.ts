// Every write a post can get, told apart by `intent` (Epic Stack). Each screen
// that shows posts exports `clientAction = postActions`; the loaders then
// revalidate, so the cards show the server's answer.
import { parseWithZod } from "@conform-to/zod";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { toast } from "react-toastify";
import { SessionEndedError, api, messageOf } from "./api";
import { commentSchema, postSchema } from "./schemas";
import { requireSession } from "./session";
import { TOAST } from "./texts";

export type PostIntent = "like" | "unlike" | "bookmark" | "unbookmark" | "delete-post" | "comment" | "create-post";

const post = (path: string) => api(path, { method: "POST", auth: true, body: {} });

export async function postActions({ request }: ClientActionFunctionArgs) {
  const { user } = requireSession(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as PostIntent;
  const postId = encodeURIComponent(String(formData.get("postId") ?? ""));
  try {
    switch (intent) {
      case "like":
        await post(`/posts/like/${postId}`);
        return { intent, ok: true as const };
      case "unlike":
        // §7: unliking is the dislike call.
        await post(`/posts/dislike/${postId}`);
        return { intent, ok: true as const };
      case "bookmark":
        await post(`/users/bookmark/${postId}`);
        toast.success(TOAST.bookmarkAdded);
        return { intent, ok: true as const };
      case "unbookmark":
        await post(`/users/remove-bookmark/${postId}`);
        toast.success(TOAST.bookmarkRemoved);
        return { intent, ok: true as const };
      case "delete-post":
        await api(`/posts/${postId}`, { method: "DELETE", auth: true });
        return { intent, ok: true as const };
      case "comment": {
        const submission = parseWithZod(formData, { schema: commentSchema });
        if (submission.status !== "success") return { intent, ok: false as const, result: submission.reply() };
        const comment = { firstName: user.firstName, username: user.username, commentVal: submission.value.commentVal, avatar: user.userPhoto ?? "" };
        await api(`/comments/add/${postId}`, { method: "POST", auth: true, body: { commentData: { comment, id: formData.get("postId") } } });
        toast.success(TOAST.commentAdded);
        return { intent, ok: true as const, result: submission.reply({ resetForm: true }) };
      }
      case "create-post": {
        const submission = parseWithZod(formData, { schema: postSchema });
        if (submission.status !== "success") return { intent, ok: false as const, result: submission.reply() };
        const { content, postPic } = submission.value;
        await api("/posts", { method: "POST", auth: true, body: { postData: { firstName: user.firstName, userPhoto: user.userPhoto ?? "", content, postPic } } });
        toast.success(TOAST.postCreated);
        return { intent, ok: true as const, result: submission.reply({ resetForm: true }) };
      }
      default:
        throw new Error(`Unknown post action: ${intent || "(none)"}`);
    }
  } catch (error) {
    const message = messageOf(error);
    // A dead session was reported once already, by api.ts.
    if (!(error instanceof SessionEndedError)) toast.error(message);
    return { intent, ok: false as const, error: message };
  }
}

export type PostActionData = Awaited<ReturnType<typeof postActions>>;
