// Shows what other tabs save, within a second (app/lib/live-changes.ts): cards
// change in place, deleted posts leave, new posts wait behind the feed's "Show N
// new posts" button, a follow or unfollow shows on every Follow button (Who to
// follow too), and the rest makes the screen read again. Only on the in-browser
// mock: a `mockman serve` announces nothing. Renders nothing.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { apiTarget } from "#app/lib/api-target";
import { useAppData } from "#app/lib/app-data";
import { listenForChanges } from "#app/lib/live-changes";
import { refreshUnread } from "#app/lib/notifications";
import { useLatest } from "#app/lib/use-latest";

const NOTIFICATIONS_PATH = "/notifications";

export function LiveChanges() {
  const revalidator = useRevalidator();
  const latest = useLatest(revalidator);
  const { _id, username } = useAppData().user;
  // A change announced while the screen still reads an earlier one's: read once that lands (one read for any
  // number of them; a revalidation begun anew for each would cancel the running one's reads each time).
  const again = useRef(false);
  useEffect(() => {
    if (revalidator.state !== "idle" || !again.current) return;
    again.current = false;
    revalidator.revalidate();
  }, [revalidator]);
  useEffect(() => {
    if (apiTarget()) return;
    const revalidate = () => {
      if (latest.current.state === "idle") latest.current.revalidate();
      else again.current = true;
    };
    return listenForChanges({
      me: { _id, username },
      revalidate,
      notificationsChanged: () => {
        void refreshUnread();
        if (window.location.pathname === NOTIFICATIONS_PATH) revalidate();
      },
    });
  }, [latest, _id, username]);
  return null;
}
