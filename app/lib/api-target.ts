// Where the app's /api calls go: the mock inside this tab (the default), or a
// running `mockman serve` chosen with `/?api=http://127.0.0.1:3001`. The choice
// is remembered in localStorage until `?api=off` or the shell's link clears it.
//
// A link can carry `?api=`, so a page elsewhere could point this app at a server
// of its choosing and collect the next login. A loopback server (this machine's
// own `mockman serve`) is switched to at once; any other origin is only named
// (`ask`): the app asks first, full screen, and nothing is stored or sent there
// before the person confirms (entry.client.tsx, ApiTargetQuestion).
import { isLoopbackHost } from "#mock/core/boundary";

export const API_TARGET_KEY = "moments-api";
/** Holds the non-loopback origin the person confirmed; a target saved without it is asked about again. */
export const API_CONFIRMED_KEY = "moments-api-confirmed";

/** The origin of an http(s) URL, or null when the text is not one. */
export function parseApiTarget(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether an API origin is on this machine (localhost, 127.0.0.1, [::1]): no question asked. */
export const isLoopbackTarget = (origin: string) => isLoopbackHost(new URL(origin).hostname);

/** The saved target, when it may be used without asking: a loopback one, or one confirmed. */
export function apiTarget(storage: Storage = localStorage): string | null {
  try {
    const saved = storage.getItem(API_TARGET_KEY);
    const target = saved ? parseApiTarget(saved) : null;
    if (!target) return null;
    return isLoopbackTarget(target) || storage.getItem(API_CONFIRMED_KEY) === target ? target : null;
  } catch {
    return null;
  }
}

/** Where the calls go now (`target`, null for the tab's mock), and an origin to ask about before switching to it. */
export interface ApiChoice {
  target: string | null;
  ask: string | null;
}

/**
 * Reads `?api=` from the page's URL (then drops it from the address bar):
 * a loopback server's URL switches to it, `off` or nothing switches back to the
 * tab's mock, any other origin is returned as `ask` and changes nothing yet.
 * A token belongs to the API that issued it, so a switch ends the session.
 */
export function takeApiTargetFromUrl(win: Window = window): ApiChoice {
  const current = apiTarget(win.localStorage);
  const url = new URL(win.location.href);
  if (!url.searchParams.has("api")) {
    // A non-loopback target saved without a confirmation (an older version saved any): ask again.
    const saved = parseApiTarget(win.localStorage.getItem(API_TARGET_KEY) ?? "");
    return { target: current, ask: saved && saved !== current ? saved : null };
  }
  const raw = url.searchParams.get("api") ?? "";
  const next = raw === "" || raw === "off" ? null : parseApiTarget(raw);
  url.searchParams.delete("api");
  win.history.replaceState(win.history.state, "", url.pathname + url.search + url.hash);
  if (raw !== "" && raw !== "off" && !next) {
    console.error(`?api=${raw} is not an http(s) URL; the app keeps using ${current ?? "the in-browser mock"}.`);
    return { target: current, ask: null };
  }
  if (next && next !== current && !isLoopbackTarget(next)) return { target: current, ask: next };
  saveApiTarget(next, win);
  return { target: next, ask: null };
}

/** Switches to `target` (null: the tab's mock), remembered; a change ends the session. Non-loopback targets only once confirmed. */
export function saveApiTarget(target: string | null, win: Window = window) {
  const storage = win.localStorage;
  if (target !== apiTarget(storage)) {
    storage.removeItem("token");
    storage.removeItem("userinfo");
  }
  storage.removeItem(API_CONFIRMED_KEY);
  if (!target) storage.removeItem(API_TARGET_KEY);
  else {
    storage.setItem(API_TARGET_KEY, target);
    if (!isLoopbackTarget(target)) storage.setItem(API_CONFIRMED_KEY, target);
  }
}

/** The person said no: a target an older version saved without asking is forgotten, so it is not asked about again. */
export function declineApiTarget(origin: string, win: Window = window) {
  if (parseApiTarget(win.localStorage.getItem(API_TARGET_KEY) ?? "") === origin) win.localStorage.removeItem(API_TARGET_KEY);
}

/** Back to the in-browser mock: forget the server and the session it issued, then start over. */
export function switchToInBrowserMock(win: Window = window) {
  win.localStorage.removeItem(API_TARGET_KEY);
  win.localStorage.removeItem(API_CONFIRMED_KEY);
  win.localStorage.removeItem("token");
  win.localStorage.removeItem("userinfo");
  win.location.assign("/");
}

/** True for a request to this page's own /api. */
export function isSameOriginApi(input: RequestInfo | URL, location: Location): boolean {
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, location.href);
  return url.origin === location.origin && (url.pathname === "/api" || url.pathname.startsWith("/api/"));
}

/** Sends this page's /api calls to the server at `target` instead of the tab's mock. */
export function routeApiTo(target: string, win: Window = window) {
  const networkFetch = win.fetch.bind(win);
  win.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!isSameOriginApi(input, win.location)) return networkFetch(input, init);
    const request = new Request(input, init);
    const url = new URL(request.url);
    // The body goes as bytes: Chromium streams a Request's own body, which it
    // sends only over HTTP/2, and `serve` speaks HTTP/1.1.
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    return networkFetch(target + url.pathname + url.search, {
      method: request.method,
      headers: request.headers,
      body,
      signal: request.signal,
    });
  };
}
