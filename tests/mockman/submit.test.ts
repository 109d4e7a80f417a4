// What Submit sends: variables filled on the wire, the request kept as typed
// for the history, and a clear reason (nothing sent) when it cannot go.
import { describe, expect, it } from "vitest";
import { prepareSubmit } from "#app/mockman/lib/submit";
import type { HeaderRow } from "#app/mockman/lib/headers";

const headers: HeaderRow[] = [
  { id: "h1", isUsed: true, header: "Authorization", value: "{{token}}" },
  { id: "h2", isUsed: false, header: "X-Off", value: "1" },
];
const form = { method: "POST", endpoint: " {{baseUrl}}/api/posts ", headers, bodyText: '{"text": "{{word}}"}' };
const variables = { baseUrl: "http://localhost:4000", token: "secret", word: "hi" };

describe("Submit", () => {
  it("sends the request filled, and keeps it as typed for the history", () => {
    const prepared = prepareSubmit(form, variables, "local");
    expect(prepared).toEqual({
      ok: true,
      typed: {
        method: "POST",
        endpoint: "{{baseUrl}}/api/posts",
        headers: [
          { isUsed: true, header: "Authorization", value: "{{token}}" },
          { isUsed: false, header: "X-Off", value: "1" },
        ],
        bodyText: '{"text": "{{word}}"}',
      },
      headers: { Authorization: "secret" },
      // The text as typed, filled, as Postman sends a raw body: not parsed and written again.
      body: '{"text": "hi"}',
      url: "http://localhost:4000/api/posts",
    });
  });

  it("refuses an empty endpoint, an unfilled variable and a body that is not JSON", () => {
    expect(prepareSubmit({ ...form, endpoint: "  " }, variables, null)).toEqual({
      ok: false,
      problem: "Not sent: enter an endpoint first, for example /api/test-todos.",
    });
    const unfilled = prepareSubmit(form, { baseUrl: "http://h" }, "local");
    expect(unfilled.ok).toBe(false);
    expect(!unfilled.ok && unfilled.problem).toContain("{{token}}");
    const broken = prepareSubmit({ ...form, bodyText: "{" }, variables, null);
    expect(broken.ok).toBe(false);
  });

  it("a GET sends no body, so its body text is neither checked nor filled", () => {
    const prepared = prepareSubmit({ ...form, method: "GET", bodyText: "{ not json {{nothing}}" }, variables, null);
    expect(prepared.ok && prepared.body).toBeUndefined();
    expect(prepared.ok && prepared.typed.bodyText).toBe("{ not json {{nothing}}");
  });
});
