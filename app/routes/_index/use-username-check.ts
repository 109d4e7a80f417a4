// Signup's username check while you type (issue 34): after a 400 ms pause, one read of
// GET /api/users/:username says whether the name is taken (200) or free (404). Only a
// name the form would send is asked about; the answer to an older name is dropped.
import { useEffect, useState } from "react";
import { isReservedUsername, USERNAME_PATTERN } from "#mock/core/rules";
import { getUser } from "#app/lib/data";
import { USERNAME_MAX } from "#app/lib/schemas";

export type UsernameCheck = { name: string; state: "checking" | "free" | "taken" } | null;

export const CHECK_DELAY_MS = 400;

/** Whether a name is worth asking about: what the form's own rules would let through. */
export const checkable = (name: string) =>
  name.length > 0 && [...name].length <= USERNAME_MAX && USERNAME_PATTERN.test(name) && !isReservedUsername(name);

export function useUsernameCheck(name: string): UsernameCheck {
  // The last answer, for the name it was about; what is shown is derived from it.
  const [answer, setAnswer] = useState<{ name: string; state: "free" | "taken" | "unknown" } | null>(null);
  const asking = checkable(name);
  useEffect(() => {
    if (!asking) return;
    let live = true;
    const timer = setTimeout(() => {
      getUser(name)
        .then((user) => live && setAnswer({ name, state: user ? "taken" : "free" }))
        // A failed read says nothing: the signup itself still tells.
        .catch(() => live && setAnswer({ name, state: "unknown" }));
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [name, asking]);
  if (!asking) return null;
  if (answer?.name !== name) return { name, state: "checking" };
  return answer.state === "unknown" ? null : { name, state: answer.state };
}
