// The Code dialog's languages: httpsnippet's output for our requests, with
// `{{ }}` kept through every generator when asked.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { LANGUAGES, harOf, snippet } from "#app/mockman/lib/snippets";
import { curlCommand, parseCurlCommand } from "#app/mockman/lib/curl";

const BASE = "http://127.0.0.1:3000";
const post = {
  method: "POST",
  endpoint: "/api/posts?limit=5",
  headers: { Accept: "*/*", Authorization: "Bearer abc" },
  bodyText: '{"postText":"hi"}',
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
    expect(har.postData.text).toBe(post.bodyText);
  });

  it("prints each language with the method, URL, headers and body", () => {
    const curl = snippet(lang("curl"), post, BASE);
    // A flag a line, as Postman's Code view prints it; Copy as cURL's one line is the same command.
    expect(curl).toBe(
      [
        `curl -X POST '${BASE}/api/posts?limit=5'`,
        `  -H 'Accept: */*'`,
        `  -H 'Authorization: Bearer abc'`,
        `  -H 'content-type: application/json'`,
        `  --data-raw '{"postText":"hi"}'`,
      ].join(" \\\n"),
    );
    expect(curl.replace(/ \\\n {2}/g, " ")).toBe(curlCommand(post, BASE));
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

  it("cURL is Copy as cURL's command: a body reaches curl as typed, whatever the shell would read in it", () => {
    // httpsnippet's curl client wrote a JSON body holding a ' as `--data @- <<EOF`, an unquoted
    // heredoc in which the shell runs $(...) and backticks, reformatted it, and wrote `--data '@…'`,
    // which makes curl read a file.
    const bodies = [`{"content": "it's $(echo pwned) \`id\` $HOME \\ !"}`, "@alice hi", '{\n  "title": "buy milk"\n}'];
    for (const body of bodies) {
      const command = snippet(lang("curl"), { method: "POST", endpoint: "/api/posts", headers: {}, bodyText: body }, BASE);
      expect(command).toContain(" --data-raw '");
      const words = execFileSync("sh", ["-c", command.replace(/^curl /, "printf '%s\\0' ")])
        .toString("utf8")
        .split("\0");
      expect(words.slice(-2)).toEqual([body, ""]);
    }
  });

  it("the cURL of a line per flag pastes back (Paste cURL) as the request it was made from", () => {
    const command = snippet(lang("curl"), post, BASE);
    expect(command.split("\n")).toHaveLength(5);
    const { request } = parseCurlCommand(command);
    expect(request).toMatchObject({ method: "POST", endpoint: `${BASE}/api/posts?limit=5`, bodyText: post.bodyText });
    expect(request.headers).toMatchObject({ Accept: "*/*", Authorization: "Bearer abc" });
  });

  it("prints a GET without a body", () => {
    const code = snippet(lang("curl"), { method: "GET", endpoint: "/api/test-todos", headers: {} }, BASE);
    expect(code).not.toContain("--data");
    expect(code).toContain(`${BASE}/api/test-todos`);
  });
});
