// Keeps the session's `userinfo` (CONTRACT §3) in step with the server's copy of the user.
import { saveSession, type SessionUser } from "./session";

/** Two 2 MB photos as data URLs can pass local storage's quota; the cover is never read from the session. */
export function rememberUser(token: string, user: SessionUser) {
  try {
    saveSession(token, user);
  } catch {
    saveSession(token, { ...user, coverPhoto: "" });
  }
}
