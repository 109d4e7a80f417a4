// The profile route's writes: edit profile, and every post action its cards send.
// Follows go to their own route (/follow, follow-action.ts).
import { parseWithZod } from "@conform-to/zod";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { toast } from "react-toastify";
import { actionFailure, api, messageOf } from "./api";
import { runPostAction } from "./post-actions";
import { patchAuthor } from "./post-store";
import { editProfileSchema } from "./schemas";
import { rememberUser } from "./remember-user";
import { requireSession, type SessionUser } from "./session";
import { TOAST } from "./texts";
import { inLine } from "./write-line";
import { keptCall, settle } from "./outbox";
import { editProfileBody, writeKeyOf } from "./use-kept-submit";

// In the app's one line of writes (write-line.ts), taken before the form is read.
export const profileActions = inLine(async (args: ClientActionFunctionArgs) => {
  // The body can be read once; post intents hand the untouched request on.
  const formData = await args.request.clone().formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "edit-profile") return editProfile(args.request, formData);
  return runPostAction(args);
});

async function editProfile(request: Request, formData: FormData) {
  const intent = "edit-profile" as const;
  const { token } = requireSession(request);
  const submission = parseWithZod(formData, { schema: editProfileSchema });
  if (submission.status !== "success") return { intent, ok: false as const, result: submission.reply() };
  try {
    // Kept from Update until the answer (use-kept-submit.ts useKeptEdit), with this very body.
    const { user } = await api<{ user: SessionUser }>(keptCall(intent, "").path, {
      method: "POST",
      auth: true,
      body: editProfileBody(submission.value),
    });
    // The sidebar chip reads the session: it shows the new name and avatar once the shell revalidates.
    rememberUser(token, user);
    // Every card of theirs on screen shows the new name and avatar, without reloading a list.
    patchAuthor(user);
    toast.success(TOAST.profileUpdated);
    return { intent, ok: true as const, result: submission.reply() };
  } catch (error) {
    return { ...actionFailure(intent, error), result: submission.reply({ formErrors: [messageOf(error)] }) };
  } finally {
    // Answered, whatever the answer: the kept edit is no longer to be replayed.
    settle(writeKeyOf(formData));
  }
}

export type ProfileActionData = Awaited<ReturnType<typeof profileActions>>;
