// Where the app's /api calls go: the mock inside this tab (the default), or a
// running `mockman serve` chosen with `/?api=http://127.0.0.1:3001`. The choice
// is remembered in localStorage until `?api=off` or the shell's link clears it.
export const API_TARGET_KEY = "moments-api";

/** The origin of an http(s) URL, or null when the text is not one. */
export function parseApiTarget(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

export function apiTarget(storage: Storage = localStorage): string | null {
  try {
    const saved = storage.getItem(API_TARGET_KEY);
    return saved ? parseApiTarget(saved) : null;
  } catch {
    return null;
  }
}

/**
 * Reads `?api=` from the page's URL (then drops it from the address bar):
 * a server's URL switches to it, `off` or nothing switches back to the tab's mock.
 * A token belongs to the API that issued it, so a switch ends the session.
 */
export function takeApiTargetFromUrl(win: Window = window): string | null {
  const url = new URL(win.location.href);
  if (!url.searchParams.has("api")) return apiTarget(win.localStorage);
  const raw = url.searchParams.get("api") ?? "";
  const next = raw === "" || raw === "off" ? null : parseApiTarget(raw);
  url.searchParams.delete("api");
  win.history.replaceState(win.history.state, "", url.pathname + url.search + url.hash);
  if (raw !== "" && raw !== "off" && !next) {
    console.error(`?api=${raw} is not an http(s) URL; the app keeps using ${apiTarget(win.localStorage) ?? "the in-browser mock"}.`);
    return apiTarget(win.localStorage);
  }
  if (next !== apiTarget(win.localStorage)) {
    win.localStorage.removeItem("token");
    win.localStorage.removeItem("userinfo");
  }
  if (next) win.localStorage.setItem(API_TARGET_KEY, next);
  else win.localStorage.removeItem(API_TARGET_KEY);
  return next;
}

/** Back to the in-browser mock: forget the server and the session it issued, then start over. */
export function switchToInBrowserMock(win: Window = window) {
  win.localStorage.removeItem(API_TARGET_KEY);
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
