// Shows what other tabs save, within a second (app/lib/live-changes.ts): cards
// change in place, deleted posts leave, new posts wait behind the feed's "Show N
// new posts" button, and the rest makes the screen read again. Only on the
// in-browser mock: a `mockman serve` announces nothing. Renders nothing.
import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { apiTarget } from "#app/lib/api-target";
import { listenForChanges } from "#app/lib/live-changes";
import { useLatest } from "#app/lib/use-latest";

export function LiveChanges() {
  const revalidator = useRevalidator();
  const latest = useLatest(revalidator);
  useEffect(() => {
    if (apiTarget()) return;
    return listenForChanges({
      revalidate: () => {
        if (latest.current.state === "idle") latest.current.revalidate();
      },
    });
  }, [latest]);
  return null;
}
