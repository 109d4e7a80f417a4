// `/?api=URL`: only an http(s) server is taken, by its origin; /api calls of
// this page's own origin are the ones sent there.
import { describe, expect, it } from "vitest";
import { isSameOriginApi, parseApiTarget } from "#app/lib/api-target";

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
