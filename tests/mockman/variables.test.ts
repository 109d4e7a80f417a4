import { describe, expect, it, vi } from "vitest";
import { flattenScopes } from "#mock/tester/engine/variables";
import { fillText, resolveRequest, unresolvedMessage, unresolvedRefs } from "#app/mockman/lib/variables";

describe("{{variables}} on the page", () => {
  it("names each reference nothing fills, once, in the order written", () => {
    const texts = ["{{baseUrl}}/api/posts/{{id}}", "{{token}}", '{"a": "{{id}}", "b": "{{$uuid}}", "c": "{{$guid}}"}'];
    expect(unresolvedRefs(texts, {})).toEqual(["{{baseUrl}}", "{{id}}", "{{token}}"]);
    expect(unresolvedRefs(texts, { baseUrl: "", id: "1", token: "t" })).toEqual([]);
  });

  it("a built-in with a path, a variable with a path and an earlier answer are not filled", () => {
    expect(unresolvedRefs(["{{$uuid.x}}", "{{token.body.x}}", "{{login $.body.encodedToken}}"], { token: "t" })).toEqual([
      "{{$uuid.x}}",
      "{{token.body.x}}",
      "{{login $.body.encodedToken}}",
    ]);
  });

  it("reads the scopes with Postman's precedence: environment, then collection variables, then globals", () => {
    const variables = flattenScopes({
      environment: { token: "env" },
      collectionVariables: { token: "collection", baseUrl: "http://api.test" },
      globals: { token: "global", baseUrl: "http://global.test", user: "ada" },
    });
    expect(fillText("{{baseUrl}}/u/{{user}}?t={{token}}", variables)).toBe("http://api.test/u/ada?t=env");
  });

  it("fills nested references and leaves a name nothing holds as written, as a Run does", () => {
    expect(fillText("{{url}}/x/{{missing}}", { url: "{{host}}/api", host: "http://h" })).toBe("http://h/api/x/{{missing}}");
    expect(unresolvedRefs(["{{url}}"], { url: "{{host}}/api" })).toEqual(["{{host}}"]);
    expect(unresolvedRefs(["{{ baseUrl }}"], { baseUrl: "" })).toEqual(["{{ baseUrl }}"]);
  });

  it("dotted names are variables (Postman's {{api.host}})", () => {
    expect(unresolvedRefs(["{{api.host}}/x"], { "api.host": "http://h" })).toEqual([]);
    expect(fillText("{{api.host}}/x", { "api.host": "http://h" })).toBe("http://h/x");
  });

  it("fills by plain substitution, so an unquoted number works in a JSON body", () => {
    expect(fillText('{"limit": {{limit}}}', { limit: "5" })).toBe('{"limit": 5}');
    expect(fillText("{{limit}}", { limit: "5" })).toBe("5");
  });

  it("resolves endpoint, header names and values, and body, or refuses with the unresolved ones", () => {
    const typed = { endpoint: "{{baseUrl}}/api/posts", headers: { "{{h}}": "Bearer {{token}}" }, bodyText: '{"u": "{{user}}"}' };
    expect(resolveRequest(typed, { baseUrl: "" })).toEqual({ ok: false, unresolved: ["{{h}}", "{{token}}", "{{user}}"] });
    expect(resolveRequest(typed, { baseUrl: "", h: "authorization", token: "abc", user: "guest" })).toEqual({
      ok: true,
      request: { endpoint: "/api/posts", headers: { authorization: "Bearer abc" }, bodyText: '{"u": "guest"}' },
    });
  });

  it("the refusal names every reference and says where to define them", () => {
    expect(unresolvedMessage(["{{baseUrl}}"], null)).toBe(
      "Not sent: {{baseUrl}} is not defined (no environment is active). Add it under Environment; an empty baseUrl sends to this tab's mock API.",
    );
    expect(unresolvedMessage(["{{a}}", "{{b}}", "{{c}}"], "local")).toBe(
      'Not sent: {{a}}, {{b}} and {{c}} are not defined (the environment "local"). Add them under Environment.',
    );
    expect(unresolvedMessage(["{{login.body.encodedToken}}"], null)).toContain("filled only by mockman replay");
  });
});

describe("Postman's dynamic variables on the page: postman-collection's, never filled before its table loads", () => {
  it("before it loads, a preview shows them as written and nothing sends them; after, they are filled", async () => {
    // Fresh modules: the quick project's files share a worker's modules, where another file may have loaded the table.
    vi.resetModules();
    const { fillText, resolveRequest, unresolvedRefs } = await import("#app/mockman/lib/variables");
    const { dynamicVariables } = await import("#mock/tester/engine/dynamic");
    const typed = { endpoint: "/api/x?id={{$guid}}&t={{$timestamp}}", headers: {}, bodyText: "" };
    expect(fillText(typed.endpoint, {})).toBe(typed.endpoint);
    expect(unresolvedRefs([typed.endpoint, "{{$uuid.x}}"], {})).toEqual(["{{$uuid.x}}"]);
    expect(resolveRequest(typed, {})).toMatchObject({ ok: false, unresolved: [], problem: expect.stringContaining("not loaded") });

    await dynamicVariables();
    expect(fillText("{{$timestamp}}", {})).toMatch(/^\d{10}$/);
    expect(unresolvedRefs([typed.endpoint, "{{$notPostmans}}"], {})).toEqual(["{{$notPostmans}}"]);
    const resolved = resolveRequest(typed, {});
    expect(resolved.ok && resolved.request.endpoint).toMatch(/^\/api\/x\?id=[0-9a-f-]{36}&t=\d{10}$/);
  });
});
