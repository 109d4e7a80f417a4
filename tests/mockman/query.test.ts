import { describe, expect, it } from "vitest";
import { encodeParam, endpointWith, paramsOf, rowsAfterTyping, splitEndpoint, type ParamRow } from "#app/mockman/lib/query";
import { routeOf, type RouteSuggestion } from "#app/mockman/lib/suggestions";

const row = (key: string, value: string, enabled = true): ParamRow => ({ id: key, enabled, key, value });

describe("query parameters <-> endpoint", () => {
  it("reads the query as typed, fragment and {{variables}} kept", () => {
    expect(splitEndpoint("{{baseUrl}}/a?x=1#top")).toEqual({ base: "{{baseUrl}}/a", query: "x=1", hash: "#top" });
    expect(paramsOf("/a?x=1&flag&y=a=b&&z=%20")).toEqual([
      { key: "x", value: "1" },
      { key: "flag", value: "" },
      { key: "y", value: "a=b" },
      { key: "z", value: "%20" },
    ]);
    expect(paramsOf("/a")).toEqual([]);
  });

  it("writes the enabled, named rows back, in order", () => {
    expect(endpointWith("/a?old=1#h", [row("x", "1"), row("off", "2", false), row("", "3"), row("flag", "")])).toBe("/a?x=1&flag#h");
    expect(endpointWith("/a?x=1", [])).toBe("/a");
  });

  it("typing keeps disabled and unnamed rows after the endpoint's own, and ids in place", () => {
    const rows = rowsAfterTyping("/a?x=2&y=3", [row("x", "1"), row("off", "9", false), row("", "")]);
    expect(rows.map(({ key, value, enabled }) => [key, value, enabled])).toEqual([
      ["x", "2", true],
      ["y", "3", true],
      ["off", "9", false],
      ["", "", true],
    ]);
    expect(rows[0].id).toBe("x");
  });

  it("encodes a value but not its {{variables}}", () => {
    expect(encodeParam("a b&{{c d}}")).toBe("a%20b%26{{c d}}");
  });

  it("finds the route an endpoint calls, path parameters included", () => {
    const route = (method: string, path: string, query: string[] = []): RouteSuggestion => ({
      value: `${method} ${path}`,
      method,
      path,
      summary: "",
      body: null,
      query,
    });
    const list = [
      route("GET", "/api/posts", ["limit", "cursor"]),
      route("GET", "/api/posts/user/{username}", ["limit"]),
      route("GET", "/api/posts/{postId}"),
    ];
    expect(routeOf(list, "get", "{{baseUrl}}/api/posts?limit=2")?.query).toEqual(["limit", "cursor"]);
    expect(routeOf(list, "GET", "http://127.0.0.1:3001/api/posts/user/guest")?.path).toBe("/api/posts/user/{username}");
    expect(routeOf(list, "GET", "/api/posts/p1")?.path).toBe("/api/posts/{postId}");
    expect(routeOf(list, "POST", "/api/posts")).toBeUndefined();
    expect(routeOf(list, "GET", "/elsewhere")).toBeUndefined();
  });
});
