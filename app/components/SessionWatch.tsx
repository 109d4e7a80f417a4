// Goes to / when the session ends under this tab: api.ts found it dead
// (endSession), whichever screen's loader, action or fetcher was running; or
// another tab cleared it (a logout, quietly, or its own dead session, with the toast); or another tab signed in
// as someone else (this tab reloads as them). Renders nothing.
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { SESSION_ENDED_EVENT, followSessionElsewhere } from "#app/lib/session-end";
import { getToken, sessionChangedElsewhere } from "#app/lib/session";

export function SessionWatch() {
  const navigate = useNavigate();
  useEffect(() => {
    const leave = () => navigate("/", { replace: true });
    // `storage` fires only for other tabs' writes; key null is localStorage.clear() (CONTRACT §4's logout).
    // A token that changed to another (a login there) reloads this tab as that user.
    const onStorage = (event: StorageEvent) => {
      if ((event.key === null || event.key === "token") && (!getToken() || sessionChangedElsewhere())) followSessionElsewhere();
    };
    window.addEventListener(SESSION_ENDED_EVENT, leave);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(SESSION_ENDED_EVENT, leave);
      window.removeEventListener("storage", onStorage);
    };
  }, [navigate]);
  return null;
}
