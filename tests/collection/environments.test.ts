// Environment files as both the page and `mockman replay` read and write them (mock/tester/environments.ts).
import { describe, expect, it } from "vitest";
import { EnvironmentFileError, readEnvironmentFile, toPostmanFile, typedVariablesOfFile, variablesOfFile } from "#mock/tester/environments";

describe("environment files", () => {
  it("read a plain file of names and values, numbers and booleans as text", () => {
    expect(readEnvironmentFile('{"baseUrl": "http://x", "n": 5, "b": false, "empty": null}')).toEqual({
      variables: [
        { name: "baseUrl", value: "http://x", secret: false },
        { name: "n", value: "5", secret: false },
        { name: "b", value: "false", secret: false },
        { name: "empty", value: "", secret: false },
      ],
    });
  });

  it("read a Postman export as Postman does: its name, secrets, disabled values left out, any key, objects as JSON", () => {
    const file = readEnvironmentFile(
      JSON.stringify({
        name: " local ",
        values: [
          { key: "token", value: "abc", type: "secret" },
          { key: "off", value: "x", enabled: false },
          { key: "my var", value: { a: 1 } },
          { key: "same", value: "first" },
          { key: "same", value: "second" },
        ],
      }),
    );
    expect(file.name).toBe("local");
    expect(file.variables).toEqual([
      { name: "token", value: "abc", secret: true },
      { name: "my var", value: '{"a":1}', secret: false },
      { name: "same", value: "first", secret: false },
      { name: "same", value: "second", secret: false },
    ]);
    expect(variablesOfFile(file)).toEqual({ token: "abc", "my var": '{"a":1}', same: "second" });
  });

  it("leave out a `disabled: true` value always, an `enabled: false` one as the Postman app does but not as Newman does", () => {
    const text = JSON.stringify({
      values: [
        { key: "a", value: "A", enabled: false },
        { key: "b", value: "B", disabled: true },
        { key: "c", value: "C", enabled: true },
      ],
    });
    // Newman 6 fills from postman-collection's VariableScope, which reads `disabled` and no `enabled`.
    expect(variablesOfFile(readEnvironmentFile(text, "newman"))).toEqual({ a: "A", c: "C" });
    expect(variablesOfFile(readEnvironmentFile(text))).toEqual({ c: "C" });
  });

  it("refuse what is no environment, saying why", () => {
    for (const [text, why] of [
      ["{", /^not JSON: /],
      ["[1]", /^not a JSON object of names and values, e\.g\. \{"baseUrl": "http:\/\/127\.0\.0\.1:\d+"\}$/],
      ['{"a b": "x"}', /^"a b" is not a variable name \(letters, digits, _ \. -\)$/],
      ['{"a": [1]}', /^a must be a string, number or boolean$/],
      ['{"values": [null]}', /^values\[0\] is not an object with a key and a value$/],
      ['{"values": [{"value": "x"}]}', /^values\[0\] has no key$/],
    ] as const) {
      expect(() => readEnvironmentFile(text)).toThrow(EnvironmentFileError);
      expect(() => readEnvironmentFile(text)).toThrow(why);
    }
  });

  it("write Postman's environment and globals files, as the Postman app exports them, and read them back", () => {
    const variables = [
      { name: "token", value: "abc", secret: true },
      { name: "count", value: 2 },
    ];
    const plain = JSON.parse(toPostmanFile("local", "environment", variables));
    expect(plain).toEqual({
      name: "local",
      values: [
        { key: "token", value: "abc", type: "secret", enabled: true },
        // A number a script set stays one, typed `any`, as Newman exports it.
        { key: "count", value: 2, type: "any", enabled: true },
      ],
      _postman_variable_scope: "environment",
    });
    expect(variablesOfFile(readEnvironmentFile(JSON.stringify(plain)))).toEqual({ token: "abc", count: "2" });
  });

  it("read a Postman export as Newman's scripts read it: each value typed, and the file's JSON for the exports", () => {
    const json = {
      _postman_id: "from-meta",
      id: "e-1",
      name: "staging",
      values: [
        { key: "off", value: "x", type: "string", disabled: true },
        { key: "dup", value: "first", type: "default", enabled: true },
        { key: "n", value: "5", type: "number", enabled: true },
        { key: "dup", value: "second", type: "secret", enabled: true },
        { key: "obj", value: { a: 1 } },
        { key: "none" },
      ],
    };
    const file = readEnvironmentFile(JSON.stringify(json), "newman");
    // A number stays one (cast by its type), an object an object, no value "", the last of a name wins.
    expect(typedVariablesOfFile(file)).toEqual({ values: { dup: "second", n: 5, obj: { a: 1 }, none: "" }, types: { n: "number" } });
    // What postman-collection's VariableScope is made of, for --export-environment and --export-globals (cli/exports.ts).
    expect(file.json).toEqual(json);
    expect(readEnvironmentFile(JSON.stringify(json)).json).toBeUndefined();
    expect(readEnvironmentFile('{"a": "1"}', "newman").json).toBeUndefined();
  });
});
