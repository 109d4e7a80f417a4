// Session in localStorage (CONTRACT §3) and the remembered origin (CONTRACT §2).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearSession, getSessionUser, getToken, redirectToLogin, requireSession, safeRedirect, saveSession } from "#app/lib/session";

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  clear() {
    this.items.clear();
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
}

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
});
