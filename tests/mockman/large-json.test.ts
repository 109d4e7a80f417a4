// The pieces of a large answer the JSON worker sends the tree: a node's shape,
// a range of its children, and the top level's short values.
import { describe as suite, expect, it } from "vitest";
import { VALUE_TEXT_MAX, describe, entriesOf, headOf } from "#app/mockman/lib/large-json-protocol";

suite("large JSON answers, as the worker describes them", () => {
  it("says what a node is: a collection and its size, or a value's JSON text", () => {
    expect(describe([1, 2, 3])).toEqual({ kind: "array", length: 3 });
    expect(describe({ a: 1, b: 2 })).toEqual({ kind: "object", length: 2 });
    expect(describe("hi")).toEqual({ kind: "value", type: "string", text: '"hi"', cut: false });
    expect(describe(null)).toEqual({ kind: "value", type: "null", text: "null", cut: false });
    expect(describe(false)).toMatchObject({ type: "boolean", text: "false" });
  });

  it("cuts a huge value's text, so it never lands whole in the page", () => {
    const info = describe("x".repeat(VALUE_TEXT_MAX * 3));
    expect(info).toMatchObject({ kind: "value", cut: true });
    expect(info.kind === "value" && info.text.length).toBe(VALUE_TEXT_MAX);
  });

  it("lists a range of children by index or key, each with its shape", () => {
    const list = Array.from({ length: 120 }, (_, i) => ({ id: i }));
    const entries = entriesOf(list, 100, 150);
    expect(entries).toHaveLength(20);
    expect(entries[0]).toEqual({ key: "100", kind: "object", length: 1 });
    expect(entriesOf({ a: 1, b: [], c: "z" }, 1, 3)).toEqual([
      { key: "b", kind: "array", length: 0 },
      { key: "c", kind: "value", type: "string", text: '"z"', cut: false },
    ]);
    expect(entriesOf(5, 0, 50)).toEqual([]);
  });

  it("keeps the top level's short values only: the next cursor, a token, an error message", () => {
    expect(headOf({ items: [1, 2], next: "abc", total: 2, error: null, nested: { a: 1 } })).toEqual({ next: "abc", total: 2, error: null });
    expect(headOf([1, 2, 3])).toEqual([]);
    expect(headOf(42)).toBe(42);
  });
});
