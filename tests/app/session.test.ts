// Session in localStorage (CONTRACT §3) and the remembered origin (CONTRACT §2).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  clearSession,
  getSessionUser,
  getToken,
  redirectToLogin,
  requireSession,
  safeRedirect,
  saveSession,
  sessionChangedElsewhere,
} from "#app/lib/session";
import { MemoryStorage } from "./memory-storage";

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

const user = { _id: "1", username: "guest", firstName: "Guest" };

describe("session", () => {
  it("keeps the token and the user as `token` and `userinfo`", () => {
    saveSession("t0k3n", user);
    expect(localStorage.getItem("token")).toBe("t0k3n");
    expect(JSON.parse(localStorage.getItem("userinfo")!)).toEqual(user);
    expect(getToken()).toBe("t0k3n");
    expect(getSessionUser()).toEqual(user);
  });

  it("logout clears all of local storage (CONTRACT §4)", () => {
    saveSession("t", user);
    localStorage.setItem("other", "x");
    clearSession();
    expect(localStorage.length).toBe(0);
  });

  it("a damaged userinfo is no session", () => {
    localStorage.setItem("token", "t");
    localStorage.setItem("userinfo", "{not json");
    expect(getSessionUser()).toBeNull();
  });

  it("sends a signed-out visitor to / remembering where they were going", () => {
    let thrown: unknown;
    try {
      requireSession(new Request("http://x.test/explore?tab=1"));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/?redirectTo=%2Fexplore%3Ftab%3D1");
    expect(redirectToLogin(new Request("http://x.test/home")).headers.get("Location")).toBe("/?redirectTo=%2Fhome");
  });

  it("returns the session when there is one", () => {
    saveSession("t", user);
    expect(requireSession(new Request("http://x.test/home"))).toEqual({ token: "t", user });
  });
});

describe("safeRedirect", () => {
  it("goes back to a same-site path, else to /home", () => {
    expect(safeRedirect("/explore")).toBe("/explore");
    expect(safeRedirect("/profile/ada?x=1")).toBe("/profile/ada?x=1");
    expect(safeRedirect(null)).toBe("/home");
    expect(safeRedirect("")).toBe("/home");
    expect(safeRedirect("/")).toBe("/home");
  });

  it("never leaves the site", () => {
    expect(safeRedirect("https://evil.test/")).toBe("/home");
    expect(safeRedirect("//evil.test/")).toBe("/home");
    expect(safeRedirect("/\\evil.test")).toBe("/home");
  });

  // Each was a live open redirect: the URL parser drops tabs and newlines, reads \ as /,
  // resolves .. before the host is known, and the router decodes the path once more.
  it.each([
    "/\t/evil.example/phish",
    "/%09/evil.example/phish",
    "/%2F..%2F%5Cevil.example",
    "/%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/\n/evil.example",
    "/%0D%0A/evil.example",
    "/../\\evil.example",
    "/.%2e/%5C%5Cevil.example",
    "/%5C/evil.example",
    "/javascript:alert(1)//%0a",
    "/%25252525252F%25252525252Fevil.example",
    "/%E0%A4%A",
  ])("refuses %j", (payload) => {
    const to = safeRedirect(payload);
    expect(to).toBe("/home");
  });

  it("keeps the app's own paths, with their query and hash, as parsed", () => {
    expect(safeRedirect("/search?q=%23tag#top")).toBe("/search?q=%23tag#top");
    expect(safeRedirect("/profile/ada/../bob")).toBe("/profile/bob");
  });
});

/** A token shaped as the mock's: its payload names the user's `_id`. */
const jwtOf = (id: string) => `h.${btoa(JSON.stringify({ _id: id, username: `u${id}` })).replace(/=+$/, "")}.sig`;

describe("a tab acts only as the user it shows", () => {
  it("after another tab's login, an authenticated call is not sent with the new token, and the tab reloads", async () => {
    const { api, SessionEndedError } = await import("#app/lib/api");
    saveSession(jwtOf("1"), user);
    // Another tab logs in as someone else: localStorage changes under this tab.
    localStorage.setItem("token", jwtOf("2"));
    const sent: unknown[] = [];
    let reloads = 0;
    const g = globalThis as Record<string, unknown>;
    const saved = { fetch: g.fetch, window: g.window };
    g.fetch = async (...args: unknown[]) => {
      sent.push(args);
      return new Response("{}", { status: 200 });
    };
    g.window = { location: { reload: () => reloads++ }, dispatchEvent: () => true };
    try {
      expect(sessionChangedElsewhere()).toBe(true);
      await expect(api("/posts", { method: "POST", body: { content: "hi" }, auth: true })).rejects.toBeInstanceOf(SessionEndedError);
      expect(sent).toEqual([]);
      expect(reloads).toBe(1);
      // A call that sends no token is not anyone's: it goes.
      await api("/posts");
      expect(sent).toHaveLength(1);
    } finally {
      g.fetch = saved.fetch;
      g.window = saved.window;
    }
  });

  it("a damaged token names no one else: it is sent, for the API to refuse", () => {
    saveSession(jwtOf("1"), user);
    localStorage.setItem("token", "not-a-real-token");
    expect(sessionChangedElsewhere()).toBe(false);
    localStorage.setItem("token", jwtOf("1"));
    expect(sessionChangedElsewhere()).toBe(false);
    localStorage.removeItem("token");
    expect(sessionChangedElsewhere()).toBe(true);
  });

  it("its own login and logout keep it in step", () => {
    saveSession("one", user);
    expect(sessionChangedElsewhere()).toBe(false);
    clearSession();
    expect(sessionChangedElsewhere()).toBe(false);
    saveSession("two", user);
    expect(sessionChangedElsewhere()).toBe(false);
  });
});
