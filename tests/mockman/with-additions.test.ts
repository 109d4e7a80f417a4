// The auth a saved request's Send signs it with, written into the Code dialog's and the copied commands'
// request (lib/send-item.ts withAdditions): a header replaces the form's of that name, as the auth replaces it;
// a query parameter replaces the endpoint's of that key as written (the API Key handler removes only an equal
// key), the rest of the query, empty pairs included, and the #fragment stay where they were.
import { describe, expect, it } from "vitest";
import { withAdditions } from "#app/mockman/lib/send-item";
import type { CurlRequest } from "#app/mockman/lib/curl";

const request = (endpoint: string, headers: Record<string, string> = {}): CurlRequest => ({ method: "GET", endpoint, headers });

describe("withAdditions", () => {
  it("adds a header, replacing the form's of that name whatever its case", () => {
    const out = withAdditions(request("/x", { accept: "*/*", authorization: "Bearer old" }), {
      headers: [["Authorization", "Bearer {{token}}"]],
      query: [],
    });
    expect(out.headers).toEqual({ accept: "*/*", Authorization: "Bearer {{token}}" });
    expect(out.endpoint).toBe("/x");
  });

  it("adds a query parameter after the endpoint's own, before its #fragment, keeping empty pairs", () => {
    const additions = { headers: [], query: [["api_key", "{{key}}"]] as Array<[string, string]> };
    expect(withAdditions(request("{{baseUrl}}/x"), additions).endpoint).toBe("{{baseUrl}}/x?api_key={{key}}");
    expect(withAdditions(request("/x?a=1&&b=2#top#more"), additions).endpoint).toBe("/x?a=1&&b=2&api_key={{key}}#top#more");
    expect(withAdditions(request("/x?#f"), additions).endpoint).toBe("/x?api_key={{key}}#f");
  });

  it("replaces a parameter of the same key as written, and only that one, as the API Key handler does", () => {
    const additions = { headers: [], query: [["api%20key", "v%26w"]] as Array<[string, string]> };
    expect(withAdditions(request("/x?api key=old&b=2"), additions).endpoint).toBe("/x?b=2&api%20key=v%26w");
    // Written encoded, the endpoint's key is another to the handler: both go.
    expect(withAdditions(request("/x?api%20key=old"), additions).endpoint).toBe("/x?api%20key=old&api%20key=v%26w");
  });
});
