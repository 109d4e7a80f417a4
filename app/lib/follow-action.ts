// Follow and unfollow, from any screen (the profile header, 'Who to follow' on
// /home): the /follow route's action. It toasts 'followed' / 'unfollowed'.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { toast } from "react-toastify";
import { MSG } from "#mock/core/errors";
import { actionFailure, apiVersioned } from "./api";
import { markFollowing } from "./follow-store";
import { followIntentSchema } from "./follow";
import { rememberUser } from "./remember-user";
import { requireSession, type SessionUser } from "./session";
import { TOAST } from "./texts";
import { keptCall, settle } from "./outbox";
import { writeKeyOf } from "./use-kept-submit";
import { inLine } from "./write-line";

// In the app's one line of writes (write-line.ts): a quick follow then unfollow reaches the API in
// that order (tests/app/write-order.test.ts forces the other order of their form reads).
export const followAction = inLine(followNow);

async function followNow({ request }: ClientActionFunctionArgs) {
  const formData = await request.formData();
  const parsed = followIntentSchema.safeParse(formData.get("intent"));
  if (!parsed.success) throw new Response(`Unknown follow intent: ${String(formData.get("intent"))}`, { status: 400 });
  const intent = parsed.data;
  const { token, user } = requireSession(request);
  const userId = String(formData.get("userId") ?? "");
  try {
    // CONTRACT §6: anyone but yourself. The API refuses too; this saves the round trip.
    if (userId === user._id || formData.get("username") === user.username) throw new Error(MSG.FOLLOW_SELF);
    const {
      data: { user: me },
      version,
    } = await apiVersioned<{ user: SessionUser }>(keptCall(intent, userId).path, {
      method: "POST",
      auth: true,
      body: {},
    });
    // What every Follow button shows, at the answer's data version (follow-store.ts).
    markFollowing(userId, intent === "follow", version);
    // CONTRACT §4: the session's user carries the new following list.
    rememberUser(token, me);
    toast.success(intent === "follow" ? TOAST.followed : TOAST.unfollowed);
    return { intent, ok: true as const };
  } catch (error) {
    return actionFailure(intent, error);
  } finally {
    // Answered, whatever the answer: a kept follow is no longer to be replayed (outbox.ts).
    settle(writeKeyOf(formData));
  }
}
