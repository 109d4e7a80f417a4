// Goes to / when api.ts reports the session dead (endSession), whichever
// screen's loader, action or fetcher was running. Renders nothing.
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { SESSION_ENDED_EVENT } from "#app/lib/session-end";

export function SessionWatch() {
  const navigate = useNavigate();
  useEffect(() => {
    const leave = () => navigate("/", { replace: true });
    window.addEventListener(SESSION_ENDED_EVENT, leave);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, leave);
  }, [navigate]);
  return null;
}
