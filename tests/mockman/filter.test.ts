import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { NODE_COUNT_CAP, countNodes, filterTree, historyMatcher, searchStatus } from "#app/mockman/lib/filter";
import { HistoryStore, type HistoryEntry } from "#app/mockman/lib/history";

const body = {
  posts: [
    { _id: "a1", content: "Hello World", username: "guest", likes: { likeCount: 790 } },
    { _id: "b2", content: "Second", username: "adasterling", likes: { likeCount: 999 } },
    { _id: "c3", content: "third", username: "Guest-fan", tags: ["x", "WORLD"] },
  ],
  total: 3,
};

describe("response tree search", () => {
  it("keeps matching values with their ancestors, case-insensitive, arrays keyed by their index", () => {
    expect(filterTree(body, "world")).toEqual({
      data: { posts: { 0: { content: "Hello World" }, 2: { tags: { 1: "WORLD" } } } },
      matches: 2,
      nodes: 7,
    });
  });

  it("a matching key keeps its whole value", () => {
    expect(filterTree(body, "LIKES")).toMatchObject({
      data: { posts: { 0: { likes: { likeCount: 790 } }, 1: { likes: { likeCount: 999 } } } },
      matches: 2,
    });
    expect(filterTree(body, "total")).toMatchObject({ data: { total: 3 }, matches: 1 });
  });

  it("numbers, booleans and null match as text; array indexes never match as keys", () => {
    expect(filterTree({ a: [null, true, 790] }, "79")).toMatchObject({ data: { a: { 2: 790 } }, matches: 1 });
    expect(filterTree({ a: [null, true] }, "null")).toMatchObject({ data: { a: { 0: null } }, matches: 1 });
    expect(filterTree(["x", "y"], "1")).toEqual({ data: undefined, matches: 0, nodes: 0 });
  });

  it("no match gives undefined; an empty query gives the data back", () => {
    expect(filterTree(body, "nothing-like-this")).toEqual({ data: undefined, matches: 0, nodes: 0 });
    expect(filterTree(body, "  ")).toMatchObject({ data: body, matches: 0 });
  });

  it("measures the filtered tree, so one matching key over a huge value is known to be big", () => {
    const huge = { items: Array.from({ length: 50_000 }, (_, i) => ({ id: i })), total: 50_000 };
    const found = filterTree(huge, "items");
    expect(found.matches).toBe(1);
    expect(found.nodes).toBe(NODE_COUNT_CAP + 1);
    expect(filterTree(huge, "total").nodes).toBe(2);
    expect(countNodes({ a: [1, 2], b: { c: null } })).toBe(6);
    expect(countNodes(huge, 10)).toBe(10);
  });
});

const entry = (method: string, endpoint: string, status?: number, failure?: string): HistoryEntry => ({
  sentAt: 1,
  method,
  endpoint,
  headers: [],
  bodyText: "{}",
  status,
  failure,
});

describe("history search", () => {
  const list = [
    entry("GET", "/api/test-todos", 200),
    entry("POST", "/api/auth/login", 200),
    entry("POST", "/api/posts/like/8d0c", 404),
    entry("DELETE", "/api/posts/8d0c", 201),
    entry("GET", "http://127.0.0.1:9/x", undefined, "TypeError: Failed to fetch"),
  ];
  const find = (query: string) => list.filter(historyMatcher(query)).map((e) => `${e.method} ${e.endpoint}`);

  it("by method, path or status; every word must match", () => {
    expect(find("")).toHaveLength(5);
    expect(find("delete")).toEqual(["DELETE /api/posts/8d0c"]);
    expect(find("LOGIN")).toEqual(["POST /api/auth/login"]);
    expect(find("404")).toEqual(["POST /api/posts/like/8d0c"]);
    expect(find("2xx post")).toEqual(["POST /api/auth/login", "DELETE /api/posts/8d0c"]);
    expect(find("post 4xx")).toEqual(["POST /api/posts/like/8d0c"]);
    expect(find("failed")).toEqual(["GET http://127.0.0.1:9/x"]);
    expect(find("put")).toEqual([]);
  });

  it("the store searches all entries, not only the page shown, newest first", async () => {
    const store = new HistoryStore("filter-test");
    await store.addMany(Array.from({ length: 120 }, (_, i) => entry(i % 3 ? "GET" : "POST", `/api/n/${i}`, 200)));
    const { entries, matched } = await store.search(historyMatcher("post"), 5);
    expect(matched).toBe(40);
    expect(entries.map((e) => e.endpoint)).toEqual(["/api/n/117", "/api/n/114", "/api/n/111", "/api/n/108", "/api/n/105"]);
    store.close();
  });
});

describe("the response search's status", () => {
  it("says nothing while empty, that a worker is looking, then how many matched", () => {
    expect(searchStatus("", false, 0)).toBe("");
    expect(searchStatus("guest", true, 0)).toBe('Searching for "guest"…');
    expect(searchStatus("guest", false, 0)).toBe('No matches for "guest".');
    expect(searchStatus("guest", false, 1)).toBe('1 match for "guest".');
    expect(searchStatus("guest", false, 3)).toBe('3 matches for "guest".');
  });
});
