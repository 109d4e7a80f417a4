// The one place a dead session ends: the API said the session's user no longer
// exists (a reset or an import removed it) or its token went bad. Every screen
// gets the same outcome: local storage cleared, one clear toast, back to /.
import { toast } from "react-toastify";
import { SESSION_ERROR_HEADER } from "#mock/core/boundary";
import { forgetKeptAnswers } from "./browser-mock";
import { clearSession, getSessionUser, getToken, loggedOutElsewhere } from "./session";

export const SESSION_ENDED_TOAST = "Your session has ended: please log in again.";
/** Fired on window; the signed-in shell (SessionWatch) answers it by going to /. */
export const SESSION_ENDED_EVENT = "moments:session-ended";

/**
 * Whether an authenticated call's refusal means the session is gone: the API
 * marks those refusals with a code (no token left, e.g. another tab logged out;
 * a token that no longer verifies; its user removed by a reset or an import).
 */
export function isSessionDeath(response: { ok: boolean; headers: Headers }): boolean {
  return !response.ok && response.headers.has(SESSION_ERROR_HEADER);
}

export function endSession() {
  clearSession();
  void forgetKeptAnswers();
  saySessionEnded();
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/**
 * A token without a readable `userinfo` beside it (edited by hand, cut short by
 * a full disk) is no session: it ends like any other dead session, instead of
 * sending / and the signed-in pages to each other forever.
 */
export function endDamagedSession(): boolean {
  if (!getToken() || getSessionUser()) return false;
  endSession();
  return true;
}

/**
 * Another tab changed the session under this one: logged out (this tab leaves, as for a
 * dead session) or logged in as someone (this tab reloads as them, so what it shows and
 * what it sends are the same user's).
 */
export function followSessionElsewhere() {
  if (getToken()) return window.location.reload();
  // A logout chosen there is no news here (as on X); a session that died there is.
  void loggedOutElsewhere().then((quiet) => {
    if (!quiet) saySessionEnded();
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  });
}

/** One toast however many calls fail at once (a screen's loaders run in parallel). */
export function saySessionEnded() {
  toast.error(SESSION_ENDED_TOAST, { toastId: "session-ended" });
}
