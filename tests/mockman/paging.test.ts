// Paging in the tester: the answer's `next`, the route's paging parameters
// offered once, a parameter set in place, and the hint for a whole list.
import { describe, expect, it } from "vitest";
import { nextCursorIn, nextCursorOf, pagingHintFor, suggestedPagingParams, withParam } from "#app/mockman/lib/paging";
import type { ParamRow } from "#app/mockman/lib/query";
import type { Outcome } from "#app/mockman/lib/send";
import type { RouteSuggestion } from "#app/mockman/lib/suggestions";

const route = (query: string[]): RouteSuggestion => ({
  value: "GET /api/posts",
  method: "GET",
  path: "/api/posts",
  summary: "",
  body: null,
  query,
});
const row = (key: string, value: string, enabled = true): ParamRow => ({ id: `q-${key}`, enabled, key, value });
const list = (n: number): Outcome => ({
  kind: "response",
  response: {
    status: 200,
    statusText: "OK",
    headers: {},
    body: Array.from({ length: n }, (_, i) => ({ i })),
    isJson: true,
    ms: 1,
    size: 10,
  },
});

describe("paging in the tester", () => {
  it("reads `next` only when it is a non-empty string", () => {
    expect(nextCursorIn({ posts: [], next: "abc", total: 3 })).toBe("abc");
    for (const body of [{ next: "" }, { next: null }, { next: 3 }, [], "next", null]) expect(nextCursorIn(body)).toBeNull();
    expect(nextCursorOf(null)).toBeNull();
    expect(nextCursorOf({ kind: "failure", error: "x", ms: 1 })).toBeNull();
  });

  it("offers the route's paging parameters the form does not have yet", () => {
    expect(suggestedPagingParams(route(["limit", "cursor", "q"]), [])).toEqual(["limit", "cursor"]);
    expect(suggestedPagingParams(route(["limit", "cursor"]), [row("limit", "5", false)])).toEqual(["cursor"]);
    expect(suggestedPagingParams(undefined, [])).toEqual([]);
  });

  it("sets a parameter in place (enabling it), or adds it at the end", () => {
    const rows = [row("limit", "5", false), row("q", "x")];
    expect(withParam(rows, "limit", "20").map((r) => [r.key, r.value, r.enabled])).toEqual([
      ["limit", "20", true],
      ["q", "x", true],
    ]);
    const added = withParam(rows, "cursor", "c1");
    expect(added.slice(0, 2)).toEqual(rows);
    expect(added[2]).toMatchObject({ key: "cursor", value: "c1", enabled: true });
  });

  it("hints at ?limit= only for a paged route called without it that answered more than a page", () => {
    expect(pagingHintFor(route(["limit"]), [], list(21))).toBe(
      "This list came back whole (21 items); this route pages with ?limit=N&cursor=….",
    );
    expect(pagingHintFor(route(["limit"]), [], list(20))).toBeNull();
    expect(pagingHintFor(route(["limit"]), [row("limit", "50")], list(50))).toBeNull();
    expect(pagingHintFor(route(["limit"]), [row("limit", "50", false)], list(50))).not.toBeNull();
    expect(pagingHintFor(route([]), [], list(50))).toBeNull();
    expect(pagingHintFor(undefined, [], list(50))).toBeNull();
  });
});
