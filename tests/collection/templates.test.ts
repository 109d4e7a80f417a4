// Templates: every way a request reads an earlier answer or a variable, and
// the errors that stop a run before a request goes out half-filled.
import { describe, expect, it } from "vitest";
import {
  TemplateError,
  type RecordedResponse,
  fillTemplates,
  jsonTextWithoutRecursion,
  templateRefs,
  toJsonText,
  type TemplateScope,
} from "#mock/tester/collection/templates";
import { dynamicGenerators } from "#mock/tester/engine/dynamic";

const dynamic = await dynamicGenerators();

const posts = [
  { _id: "p1", content: "first", username: "ada" },
  { _id: "p2", content: "Hello", username: "guest" },
  { _id: "p3", content: "last one", username: "guest" },
];
const scope = (): TemplateScope => ({
  responses: new Map<string, RecordedResponse>([
    ["list", { status: 200, headers: { "content-type": "application/json", "x-total": "3" }, body: { posts, total: 3 } }],
    ["login", { status: 200, headers: {}, body: { encodedToken: "tok.en", foundUser: { username: "guest" } } }],
  ]),
  variables: { baseUrl: "http://127.0.0.1:3001", user: "guest", "api.host": "example.test" },
  dynamic,
});

describe("templates", () => {
  it.each([
    ["{{list.body.posts.0._id}}", "p1"],
    ["{{list.body.posts.-1._id}}", "p3"],
    ["{{list.body.posts.last._id}}", "p3"],
    ["{{list.body.posts.first.content}}", "first"],
    ["{{list.body.posts.length}}", 3],
    ["{{list.status}}", 200],
    ["{{list.headers.X-Total}}", "3"],
    ["{{ list $.body.posts[?(@.content == 'Hello')]._id }}", "p2"],
    ["{{list $.body.posts[-1:].content}}", "last one"],
    ["{{list $.body.total}}", 3],
    ["{{login}}", { encodedToken: "tok.en", foundUser: { username: "guest" } }],
    ["{{user}}", "guest"],
    ["{{api.host}}", "example.test"],
  ])("%s reads %j, keeping its type when it is the whole string", (template, value) => {
    expect(fillTemplates(template, scope())).toEqual(value);
  });

  it("inside text, values are written in place (JSON for non-strings), in keys and nested values too", () => {
    const filled = fillTemplates(
      {
        "{{user}}": [
          "{{baseUrl}}/api/posts/{{list.body.posts.1._id}}?n={{list.body.total}}",
          { deep: "Bearer {{login.body.encodedToken}}" },
        ],
      },
      scope(),
    );
    expect(filled).toEqual({ guest: ["http://127.0.0.1:3001/api/posts/p2?n=3", { deep: "Bearer tok.en" }] });
  });

  it("Postman's dynamic variables give fresh values each use, typed as postman-collection's generators give them", () => {
    const a = fillTemplates("{{$uuid}}", scope());
    const b = fillTemplates("{{$uuid}}", scope());
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
    expect(fillTemplates("{{$timestamp}}", scope())).toBeGreaterThan(1_700_000_000);
    expect(fillTemplates("{{$isoTimestamp}}", scope())).toMatch(/^\d{4}-\d\d-\d\dT/);
    const n = fillTemplates<unknown>("{{$randomInt}}", scope()) as number;
    expect(Number.isInteger(n) && n >= 0 && n <= 1000).toBe(true);
  });

  it.each([
    ["{{list.body.posts.9._id}}", "{{list.body.posts.9._id}}: nothing at that path in list's answer"],
    ["{{list $.body.posts[?(@.content == 'nope')]._id}}", "nothing at that path in list's answer"],
    ["{{list $.body.posts[?(@.content ==}}", "not a JSONPath jsonpath-plus can read"],
    ["{{nobody}}", "{{nobody}}: no variable or earlier request is named nobody"],
    ["{{user.name}}", "{{user.name}}: user is a variable, which has no path"],
    ["{{$uuid.x}}", "$uuid takes no path"],
    ["{{$notPostmans}}", "{{$notPostmans}}: Postman has no dynamic variable named $notPostmans"],
  ])("%s is a TemplateError: %s", (template, message) => {
    expect(() => fillTemplates(template, scope())).toThrow(TemplateError);
    expect(() => fillTemplates(template, scope())).toThrow(message);
  });

  it("finds the references of a value, JSONPath ones included", () => {
    expect(templateRefs({ a: ["{{x.body.y}}", "{{ z $.body[0] }}"], "{{k}}": 1 }).map((r) => [r.name, r.path])).toEqual(
      expect.arrayContaining([
        ["x", ".body.y"],
        ["z", "$.body[0]"],
        ["k", ""],
      ]),
    );
  });

  it("bodies nested 100,000 levels deep are filled and written without overflowing the stack", () => {
    let deep: unknown = "{{user}}";
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const filled = fillTemplates(deep, scope());
    const text = toJsonText(filled);
    expect(text.startsWith('{"a":{"a":')).toBe(true);
    expect(text.endsWith('"guest"' + "}".repeat(100_000))).toBe(true);
    expect(templateRefs(deep)).toHaveLength(1);
  });

  it("the deep writer writes what JSON.stringify writes", () => {
    for (const value of [
      null,
      1,
      'x\n"',
      [1, "a", null, { b: [true, false] }],
      { a: undefined, b: 2, c: [undefined] },
      {},
      [],
      { 'k"': { "": [] } },
    ]) {
      expect(jsonTextWithoutRecursion(value)).toBe(JSON.stringify(value));
    }
  });
});
