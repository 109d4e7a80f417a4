// The session lives in localStorage as `token` and `userinfo` (CONTRACT §3).
import { redirect } from "@remix-run/react";
import { tokenClaims } from "#mock/core/token-claims";

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

/**
 * The token this tab acts with: the one it found when it started, or the one it signed in
 * with. Another tab's login changes localStorage under this tab, which still shows the old
 * user; it must never send the new user's token (api.ts checks, SessionWatch reloads).
 */
let tabToken: string | null | undefined;

export function tokenOfThisTab(): string | null {
  if (tabToken === undefined) tabToken = typeof localStorage === "undefined" ? null : getToken();
  return tabToken;
}

/** The user a token names (its payload's `_id`), or null when it names none that can be read. */
function tokenUser(token: string | null): string | null {
  const id = tokenClaims(token)?._id;
  return typeof id === "string" ? id : null;
}

/**
 * Whether the session in storage belongs to someone other than the user this tab acts as
 * (another tab logged in as them), or went (another tab logged out). A token that names no
 * one (damaged) is not someone else: it is sent, and the API's refusal ends the session.
 */
export function sessionChangedElsewhere(): boolean {
  const mine = tokenOfThisTab();
  const stored = getToken();
  if (stored === mine) return false;
  if (stored === null) return true;
  const storedUser = tokenUser(stored);
  return storedUser !== null && storedUser !== tokenUser(mine);
}

export function saveSession(token: string, user: SessionUser) {
  tabToken = token;
  heardGone = null;
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(USER, JSON.stringify(user));
}

/** CONTRACT §4: logout clears all of local storage, not only the session keys. */
export function clearSession() {
  tabToken = null;
  localStorage.clear();
}

/** Set just before a chosen logout clears the storage: other tabs see it first, and leave without "session ended". */
export const LOGOUT_KEY = "moments-logout";

export function logOut() {
  localStorage.setItem(LOGOUT_KEY, "1");
  clearSession();
}

/** Whether another tab's storage events took the token away, and with the logout mark; null until they are heard. */
let heardGone: { loggedOut: boolean } | null = null;
let marked = false;
const hearing = new Set<() => void>();
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === LOGOUT_KEY) marked ||= event.newValue !== null;
    if (event.key !== null && event.key !== "token") return;
    heardGone = getToken() ? null : { loggedOut: marked };
    marked = false;
    if (heardGone) for (const heard of hearing) heard();
  });
}

/**
 * Whether the token went by a logout chosen in another tab. A call can find it gone before that tab's
 * storage events arrive, so this waits for them (a second at most).
 */
export async function loggedOutElsewhere(): Promise<boolean> {
  if (!heardGone) {
    let heard!: () => void;
    await new Promise<void>((resolve) => {
      heard = resolve;
      hearing.add(heard);
      setTimeout(heard, 1000);
    });
    // Only this call's: another call waiting at the same time keeps its place.
    hearing.delete(heard);
  }
  return heardGone?.loggedOut ?? false;
}

/** Where this app runs; a made-up origin where there is no window (unit tests). */
const appOrigin = () => (typeof location === "undefined" ? "http://app.invalid" : location.origin);

const hasControlOrBackslash = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
};

/**
 * Only the app's own pages: an open redirect must not ride on `redirectTo`. Parsed, not
 * pattern-matched: the URL parser drops tabs and newlines and reads `\` as `/`, so
 * `/%09/evil.example` is `//evil.example`; and the router decodes a path once more, so
 * `/%2F..%2F%5Cevil.example` must stay home decoded too. The answer is the parsed path,
 * never the text as given.
 */
export function safeRedirect(to: string | null | undefined, fallback = "/home"): string {
  if (!to || !to.startsWith("/")) return fallback;
  const origin = appOrigin();
  const home = (value: string) => {
    try {
      return new URL(value, origin).origin === origin;
    } catch {
      return false;
    }
  };
  // Each decoding of the value must stay home and hold no control character or backslash;
  // a value still changing after four decodings is refused rather than followed further.
  let decoded = to;
  for (let round = 0; ; round++) {
    if (round === 4 || !home(decoded) || hasControlOrBackslash(decoded)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  const url = new URL(to, origin);
  const path = url.pathname + url.search + url.hash;
  return path === "/" ? fallback : path;
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
