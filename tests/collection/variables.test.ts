// {{name}} in a Postman request is filled when the request goes out, from the
// scopes in Newman's order; what nothing holds stays as written and is named.
import { describe, expect, it } from "vitest";
import { substitute, unfilledHostname, variableValue } from "#mock/tester/engine/variables";
import type { Scopes } from "#mock/tester/sandbox/sandbox";

const scopes = (over: Partial<Scopes> = {}): Scopes => ({
  local: {},
  data: {},
  environment: {},
  collectionVariables: {},
  globals: {},
  ...over,
});

describe("variables at send time", () => {
  it("local, then data, then environment, then collection, then globals", () => {
    const all = scopes({
      local: { a: "local" },
      data: { a: "data", b: "data" },
      environment: { a: "env", b: "env", c: "env" },
      collectionVariables: { c: "coll", d: "coll" },
      globals: { d: "global", e: "global" },
    });
    expect(substitute("{{a}} {{b}} {{c}} {{d}} {{e}}", all)).toBe("local data env coll global");
  });

  it("a name nothing holds is left as written and reported; nested values are filled", () => {
    const unresolved = new Set<string>();
    const out = substitute(
      "{{host}}/{{missing}}/{{gen_option1_id}}",
      scopes({ environment: { host: "{{proto}}://x", proto: "http" } }),
      undefined,
      unresolved,
    );
    expect(out).toBe("http://x/{{missing}}/{{gen_option1_id}}");
    expect([...unresolved]).toEqual(["missing", "gen_option1_id"]);
  });

  it("a variable set by a script under a computed name is found when the request goes out", () => {
    const later = scopes();
    for (let i = 0; i < 3; i++) later.environment["gen_option" + i + "_id"] = `id-${i}`;
    expect(substitute("/options/{{gen_option2_id}}", later)).toBe("/options/id-2");
  });

  it("a variable wins over a dynamic one of the same name; null and undefined are the text null (as Newman sends them), objects and arrays by their toString (as Newman writes them)", () => {
    const dynamic = (name: string) => (name === "$guid" ? "generated" : undefined);
    expect(substitute("{{$guid}}", scopes(), dynamic)).toBe("generated");
    expect(substitute("{{$guid}}", scopes({ environment: { $guid: "mine" } }), dynamic)).toBe("mine");
    expect(variableValue(scopes({ local: { n: null } }), "n")).toBe("null");
    expect(variableValue(scopes({ local: { u: undefined } }), "u")).toBe("null");
    expect(variableValue(scopes({ local: { o: { a: 1 } } }), "o")).toBe("[object Object]");
    expect(variableValue(scopes({ local: { a: [1, [2, null], "x"] } }), "a")).toBe("1,2,,x");
    expect(variableValue(scopes({ local: { bare: Object.create(null) as object } }), "bare")).toBe("[object Object]");
  });

  it("a null in the iteration data leaves {{name}} as written, and still hides the environment's value (postman-collection's Substitutor)", () => {
    const unresolved = new Set<string>();
    const all = scopes({ data: { email: null, zero: 0, off: false }, environment: { email: "from-env" } });
    expect(substitute('{"email": "{{email}}", "z": {{zero}}, "o": {{off}}}', all, undefined, unresolved)).toBe(
      '{"email": "{{email}}", "z": 0, "o": false}',
    );
    expect([...unresolved]).toEqual(["email"]);
  });

  it("a self-reference stops after Postman's 19 rounds instead of looping", () => {
    expect(substitute("{{loop}}", scopes({ local: { loop: "{{loop}}" } }))).toBe("{{loop}}");
  });
});

describe("a host still holding a {{reference}} (pm.sendRequest's lookup fails on it)", () => {
  it("names it as Newman's getaddrinfo error does: decoded, lower case, without credentials or port", () => {
    // Each measured with Newman 6.2.2 (err.hostname of pm.sendRequest's callback).
    expect(unfilledHostname("http://{{baseurl}}/login")).toBe("{{baseurl}}");
    expect(unfilledHostname("{{host}}/x")).toBe("{{host}}");
    expect(unfilledHostname("http://{{Host}}:8080/x")).toBe("{{host}}");
    expect(unfilledHostname("{{a}}:8080/x")).toBe("{{a}}");
    expect(unfilledHostname("http://%7B%7Bhost%7D%7D/x")).toBe("{{host}}");
    expect(unfilledHostname("http://%7b%7BHost%7D%7d.Ab/x")).toBe("{{host}}.ab");
    expect(unfilledHostname("http://{{a%20b}}/x")).toBe("{{a b}}");
  });

  it("is undefined when the reference is elsewhere: the credentials, the path, the query", () => {
    for (const url of [
      "http://u:{{p}}@x.invalid/y",
      "http://%7B%7Buser%7D%7D:pw@x/api/named",
      "http://x/{{id}}",
      "http://x/a?q=%7B%7Bq%7D%7D",
      "http://x/y",
    ])
      expect(unfilledHostname(url), url).toBeUndefined();
  });
});
