// `/?api=URL`: only an http(s) server is taken, by its origin; /api calls of
// this page's own origin are the ones sent there.
import { describe, expect, it } from "vitest";
import {
  API_TARGET_KEY,
  apiTarget,
  declineApiTarget,
  isLoopbackTarget,
  isSameOriginApi,
  parseApiTarget,
  saveApiTarget,
  takeApiTargetFromUrl,
} from "#app/lib/api-target";

describe("parseApiTarget", () => {
  it("takes http and https URLs by their origin", () => {
    expect(parseApiTarget("http://127.0.0.1:3001")).toBe("http://127.0.0.1:3001");
    expect(parseApiTarget("https://api.example.test/some/path?x=1")).toBe("https://api.example.test");
  });
  it.each(["javascript:alert(1)", "ftp://127.0.0.1", "127.0.0.1:3001", "", "data:text/html,hi"])("refuses %j", (raw) => {
    expect(parseApiTarget(raw)).toBeNull();
  });
});

describe("isSameOriginApi", () => {
  const location = new URL("http://127.0.0.1:3000/home") as unknown as Location;
  it.each([
    ["/api/posts", true],
    ["/api", true],
    ["http://127.0.0.1:3000/api/users?limit=5", true],
    ["/apiary", false],
    ["/home", false],
    ["http://127.0.0.1:3001/api/posts", false],
  ])("%s → %s", (url, expected) => {
    expect(isSameOriginApi(url, location)).toBe(expected);
  });
});

/** A window with just what takeApiTargetFromUrl reads: its URL, history and localStorage. */
function fakeWindow(href: string, saved: Record<string, string> = {}) {
  const items = new Map(Object.entries(saved));
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage;
  const win = {
    location: { href },
    localStorage,
    history: { state: null, replaceState: (_: unknown, __: string, url: string) => (win.location.href = new URL(url, href).href) },
  };
  return { win: win as unknown as Window, items };
}

describe("takeApiTargetFromUrl: a link cannot point the app at another server unasked", () => {
  it("a loopback server is switched to at once, ending the session", () => {
    const { win, items } = fakeWindow("http://localhost:3000/?api=http://127.0.0.1:3001/x", { token: "t", userinfo: "{}" });
    expect(takeApiTargetFromUrl(win)).toEqual({ target: "http://127.0.0.1:3001", ask: null });
    expect(Object.fromEntries(items)).toEqual({ [API_TARGET_KEY]: "http://127.0.0.1:3001" });
    expect(win.location.href).toBe("http://localhost:3000/");
  });

  it("any other origin is only asked about: nothing is stored and the session stays", () => {
    const { win, items } = fakeWindow("http://localhost:3000/?api=https://other.example/steal", { token: "t" });
    expect(takeApiTargetFromUrl(win)).toEqual({ target: null, ask: "https://other.example" });
    expect(Object.fromEntries(items)).toEqual({ token: "t" });
    // Confirmed, it is remembered as confirmed.
    saveApiTarget("https://other.example", win);
    expect(apiTarget(win.localStorage)).toBe("https://other.example");
    expect(takeApiTargetFromUrl(win)).toEqual({ target: "https://other.example", ask: null });
  });

  it("a non-loopback target saved without a confirmation is not used, and asked about again", () => {
    const { win } = fakeWindow("http://localhost:3000/home", { [API_TARGET_KEY]: "https://other.example" });
    expect(apiTarget(win.localStorage)).toBeNull();
    expect(takeApiTargetFromUrl(win)).toEqual({ target: null, ask: "https://other.example" });
    declineApiTarget("https://other.example", win);
    expect(takeApiTargetFromUrl(win)).toEqual({ target: null, ask: null });
  });

  it("isLoopbackTarget knows this machine's names only", () => {
    for (const origin of ["http://localhost:3001", "http://127.0.0.1", "http://[::1]:8080"]) expect(isLoopbackTarget(origin)).toBe(true);
    for (const origin of ["http://127.0.0.1.nip.io", "https://localhost.example", "http://10.0.0.5:3001"])
      expect(isLoopbackTarget(origin)).toBe(false);
  });
});
