import { describe, expect, it } from "vitest";
import {
  EnvironmentFileError,
  maskedVariablesOf,
  parseEnvironmentFile,
  toEnvFile,
  toPostmanEnvironment,
  variablesOf,
  type Environment,
} from "#app/mockman/lib/environments";

const env: Environment = {
  id: "e1",
  name: "my local",
  variables: [
    { name: "baseUrl", value: "", secret: false },
    { name: "token", value: "abc", secret: true },
    { name: "", value: "ignored", secret: false },
  ],
};

describe("environments", () => {
  it("fill from named rows; secrets are masked for display only", () => {
    expect(variablesOf(env)).toEqual({ baseUrl: "", token: "abc" });
    expect(maskedVariablesOf(env)).toEqual({ baseUrl: "", token: "••••••" });
    expect(variablesOf(null)).toEqual({});
  });

  it("export as `mockman replay --env` reads it, leaving out secrets unless asked", () => {
    expect(toEnvFile(env, false)).toEqual({ text: '{\n  "baseUrl": ""\n}\n', fileName: "my-local.env.json", withheld: ["token"] });
    expect(JSON.parse(toEnvFile(env, true).text)).toEqual({ baseUrl: "", token: "abc" });
  });

  it("export as a Postman environment keeps the secret's type, not its value unless asked", () => {
    const file = toPostmanEnvironment(env, false);
    expect(file.fileName).toBe("my-local.postman_environment.json");
    expect(JSON.parse(file.text)).toEqual({
      name: "my local",
      _postman_variable_scope: "environment",
      values: [
        { key: "baseUrl", value: "", type: "default", enabled: true },
        { key: "token", value: "", type: "secret", enabled: true },
      ],
    });
    expect(JSON.parse(toPostmanEnvironment(env, true).text).values[1].value).toBe("abc");
  });

  it("import reads both formats back", () => {
    const plain = parseEnvironmentFile(toEnvFile(env, true).text, "my-local.env.json");
    expect(plain).toMatchObject({
      name: "my-local",
      variables: [
        { name: "baseUrl", value: "", secret: false },
        { name: "token", value: "abc", secret: false },
      ],
    });
    const postman = parseEnvironmentFile(toPostmanEnvironment(env, true).text, "x.postman_environment.json");
    expect(postman).toMatchObject({ name: "my local", variables: [{ name: "baseUrl" }, { name: "token", value: "abc", secret: true }] });
  });

  it("import writes numbers and booleans as text, drops Postman's disabled values", () => {
    const parsed = parseEnvironmentFile(
      '{"values": [{"key": "n", "value": 5}, {"key": "off", "value": "x", "enabled": false}, {"key": "b", "value": true}]}',
      "f.json",
    );
    expect(parsed.variables).toEqual([
      { name: "n", value: "5", secret: false },
      { name: "b", value: "true", secret: false },
    ]);
  });

  it("refuses what is no environment, saying why", () => {
    for (const [text, why] of [
      ["{", /not JSON/],
      ["[]", /JSON object of names and values/],
      ['{"a b": "x"}', /"a b" is not a variable name/],
      ['{"a": {"b": 1}}', /a must be a string, number or boolean/],
      ['{"values": [1]}', /values\[0\] is not an object/],
    ] as const) {
      expect(() => parseEnvironmentFile(text, "f.json")).toThrow(EnvironmentFileError);
      expect(() => parseEnvironmentFile(text, "f.json")).toThrow(why);
    }
  });
});
