// Environment files as both the page and `mockman replay` read and write them (mock/tester/environments.ts).
import { describe, expect, it } from "vitest";
import {
  EnvironmentFileError,
  newmanExport,
  readEnvironmentFile,
  toPostmanFile,
  typedVariablesOfFile,
  variablesOfFile,
} from "#mock/tester/environments";

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

  it("write a scope as Newman exports it: the file's id, name, `_` fields and order, the run's values, a disabled row as it was", () => {
    const file = readEnvironmentFile(
      JSON.stringify({
        _postman_id: "from-meta",
        id: "e-1",
        name: "staging",
        values: [
          { key: "off", value: "x", type: "string", disabled: true },
          { key: "dup", value: "first", type: "default", enabled: true },
          { key: "n", value: "5", type: "number", enabled: true },
          { key: "dup", value: "second", type: "secret", enabled: true },
          { key: "gone", value: "g" },
        ],
        _postman_exported_using: "Postman/11",
      }),
      "newman",
    );
    const { values, types } = typedVariablesOfFile(file);
    expect(values).toEqual({ dup: "second", n: 5, gone: "g" });
    delete values.gone;
    Object.assign(values, { n: 6, added: { a: 1 }, dup: "set" });
    const json = JSON.parse(newmanExport("environment", file.scope, values, types, "mockman/1"));
    expect(Object.keys(json)).toEqual([
      "_",
      "id",
      "name",
      "values",
      "_postman_variable_scope",
      "_postman_exported_at",
      "_postman_exported_using",
    ]);
    expect(json).toMatchObject({
      _: { postman_id: "from-meta", postman_exported_using: "Postman/11" },
      id: "e-1",
      name: "staging",
      _postman_variable_scope: "environment",
      _postman_exported_using: "mockman/1",
    });
    expect(json.values).toEqual([
      { disabled: true, type: "string", value: "x", key: "off" },
      { type: "any", value: "first", key: "dup" },
      { type: "number", value: 6, key: "n" },
      { type: "any", value: "set", key: "dup" },
      { type: "any", value: { a: 1 }, key: "added" },
    ]);
    // No file (or a plain one): a fresh id, and the scope's name after the values, as Newman's defaults put it.
    const bare = JSON.parse(newmanExport("globals", undefined, { g: 1 }, {}, "mockman/1"));
    expect(Object.keys(bare)).toEqual([
      "id",
      "values",
      "name",
      "_postman_variable_scope",
      "_postman_exported_at",
      "_postman_exported_using",
    ]);
    expect(bare).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "globals",
      values: [{ type: "any", value: 1, key: "g" }],
    });
    // An id the file gives only as `_postman_id` is its id.
    const metaOnly = readEnvironmentFile(JSON.stringify({ _postman_id: "m-1", values: [] }), "newman");
    expect(JSON.parse(newmanExport("environment", metaOnly.scope, {}, {}, "mockman/1")).id).toBe("m-1");
  });
});
