// The session lives in localStorage as `token` and `userinfo` (CONTRACT §3).
import { redirect } from "@remix-run/react";

export interface SessionUser {
  _id: string;
  username: string;
  firstName: string;
  lastName?: string;
  userPhoto?: string;
  coverPhoto?: string;
  userPhotoAlt?: string;
  coverPhotoAlt?: string;
  bio?: string;
  link?: string;
  following?: { _id: string; username: string }[];
  followers?: { _id: string; username: string }[];
  bookmarks?: string[];
}

const TOKEN = "token";
const USER = "userinfo";

export function getToken(): string | null {
  return localStorage.getItem(TOKEN);
}

export function getSessionUser(): SessionUser | null {
  const raw = localStorage.getItem(USER);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser;
    return user && typeof user.username === "string" ? user : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser) {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(USER, JSON.stringify(user));
}

/** CONTRACT §4: logout clears all of local storage, not only the session keys. */
export function clearSession() {
  localStorage.clear();
}

/** Only same-site paths: an open redirect must not ride on `redirectTo`. */
export function safeRedirect(to: string | null | undefined, fallback = "/home"): string {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to === "/" ? fallback : to;
}

/** The signed-in session, or a redirect to / that remembers where the user was going. */
export function requireSession(request: Request): { token: string; user: SessionUser } {
  const token = getToken();
  const user = getSessionUser();
  if (!token || !user) throw redirectToLogin(request);
  return { token, user };
}

export function redirectToLogin(request: Request) {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
  return redirect(`/?${params}`);
}
