// The Code dialog's languages: httpsnippet's output for our requests, with
// `{{ }}` kept through every generator when asked.
import { describe, expect, it } from "vitest";
import { LANGUAGES, harOf, snippet } from "#app/mockman/lib/snippets";

const BASE = "http://127.0.0.1:3000";
const post = {
  method: "POST",
  endpoint: "/api/posts?limit=5",
  headers: { Accept: "*/*", Authorization: "Bearer abc" },
  body: '{"postText":"hi"}',
};

const lang = (id: string) => LANGUAGES.find((l) => l.id === id)!;

describe("code snippets", () => {
  it("offers the six languages", () => {
    expect(LANGUAGES.map((l) => l.label)).toEqual([
      "cURL",
      "JavaScript fetch",
      "Node (fetch)",
      "Python requests",
      "HTTPie",
      "mockman request",
    ]);
  });

  it("sends a path to the base URL, with a JSON content type when a body goes", () => {
    const har = harOf(post, BASE);
    expect(har.url).toBe(`${BASE}/api/posts?limit=5`);
    expect(har.headers).toContainEqual({ name: "content-type", value: "application/json" });
    expect(har.postData.text).toBe(post.body);
  });

  it("prints each language with the method, URL, headers and body", () => {
    const curl = snippet(lang("curl"), post, BASE);
    expect(curl).toContain("curl --request POST");
    expect(curl).toContain(`${BASE}/api/posts?limit=5`);
    expect(curl).toContain("Authorization: Bearer abc");
    expect(curl).toContain('"postText":"hi"');
    expect(snippet(lang("fetch"), post, BASE)).toMatch(/fetch\(url, options\)|fetch\('http/);
    expect(snippet(lang("node"), post, BASE)).toContain("fetch(");
    const python = snippet(lang("python"), post, BASE);
    expect(python).toContain("import requests");
    expect(python).toContain("requests.post(");
    expect(snippet(lang("httpie"), post, BASE)).toContain("http POST");
    expect(snippet(lang("mockman"), post, BASE)).toContain("npx mockman request POST '/api/posts?limit=5'");
  });

  it("keeps {{variables}} as written in every language", () => {
    const typed = { method: "GET", endpoint: "{{baseUrl}}/api/posts?cursor={{cursor}}", headers: { Authorization: "{{token}}" } };
    for (const language of LANGUAGES) {
      const code = snippet(language, typed, BASE);
      expect(code, language.label).toMatch(/[\s'"]{{baseUrl}}\/api\/posts/);
      expect(code, language.label).toContain("{{cursor}}");
      expect(code, language.label).toContain("{{token}}");
      expect(code, language.label).not.toContain("mmvar");
    }
  });

  it("prints a GET without a body", () => {
    const code = snippet(lang("curl"), { method: "GET", endpoint: "/api/test-todos", headers: {} }, BASE);
    expect(code).not.toContain("--data");
    expect(code).toContain(`${BASE}/api/test-todos`);
  });
});
