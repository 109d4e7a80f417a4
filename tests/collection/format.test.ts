// Collections are checked one request at a time, the common shape without zod: what comes out, and what a
// broken file is told, must be what the whole-file schema gives.
import { describe, expect, it } from "vitest";
import { collectionFileSchema, FormatError, loadCollectionText } from "#mock/tester/collection/format";
import { describeZodError } from "#mock/data/export-file";

const requests: unknown[] = [
  { name: "a", method: "GET", endpoint: "/api/test-todos" },
  { endpoint: "/api/test-todos", method: "POST", name: "b", body: { title: "x" }, expect: { status: 201, maxMs: 500 } },
  { name: "c", method: "GET", endpoint: "/api/x/{{b.body.todo._id}}", headers: { Accept: "*/*", "x-t": "{{b.status}}" }, body: null },
  { name: "d", method: "PUT", endpoint: "/e", extra: 1, body: "raw text" },
  { name: "e", method: "GET", endpoint: "/e", expect: { status: [200, 201], body: { ok: true }, headers: { "content-type": "json" } } },
  { name: "f", method: "GET", endpoint: "/f", expect: {} },
  { name: "g", method: "DELETE", endpoint: "/g", headers: {} },
];

describe("checking a collection request by request", () => {
  it("gives what the whole-file schema gives, key order included", () => {
    const text = JSON.stringify({ mockman: 1, variables: { v: "1" }, requests });
    const whole = collectionFileSchema.parse(JSON.parse(text));
    for (const request of whole.requests) if (request.body === null) delete request.body;
    const file = loadCollectionText(text).file;
    expect(file).toEqual(whole);
    expect(JSON.stringify(file)).toBe(JSON.stringify(whole));
  });

  it.each([
    [{ name: "bad name", method: "GET", endpoint: "/x" }],
    [{ name: "a", method: "get", endpoint: "" }],
    [{ name: "a", method: "GET", endpoint: "/x", headers: { "Bad Name": "v", ok: 1 } }],
    [{ name: "a", method: "GET", endpoint: "/x", expect: { status: 99, other: 1 } }],
    [{ name: "a", method: "GET", endpoint: "/x", expect: { maxMs: -1 } }],
    [{ name: "a", method: "GET", endpoint: "/x", headers: [] }],
    ["not a request"],
  ])("tells a broken request %j what the whole-file schema tells it", (broken) => {
    const json = { mockman: 2, requests: [{ name: "ok", method: "GET", endpoint: "/" }, broken] };
    const result = collectionFileSchema.safeParse(json);
    expect(result.success).toBe(false);
    const message = `not a mockman collection: ${describeZodError(result.error!)}`;
    expect(() => loadCollectionText(JSON.stringify(json)).file).toThrow(new FormatError(message));
  });
});
