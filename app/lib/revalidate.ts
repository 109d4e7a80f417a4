// Which writes make a screen read its loader again. A post intent already put
// its answer in the post store (post-actions.ts), so reloading a list after it
// would only redo work; follows and profile edits change what loaders show.
import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { postIntentSchema } from "./post-actions";

export function isPostIntent(formData: FormData | undefined): boolean {
  return postIntentSchema.safeParse(formData?.get("intent")).success;
}

export function revalidateUnlessPostAction({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isPostIntent(formData) ? false : defaultShouldRevalidate;
}
