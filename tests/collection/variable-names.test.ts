// A variable may be named as a property of Object.prototype is (`__proto__`, `constructor`, `hasOwnProperty`,
// `toString`): each scope a run builds holds it as an own property like any other name (`record[name] = value`
// made `__proto__` the record's prototype, and the variable was lost), and a name no scope holds is read from no
// prototype: {{constructor}} with no such variable stays as written. tests/cli/replay-variable-names.test.ts runs the
// same names through the bin beside Newman.
import { describe, expect, it } from "vitest";
import { executeRun, prepareRun, RunSetupError } from "#mock/tester/engine/run";
import { flattenScopes, fullScopes, substitute, variableValue } from "#mock/tester/engine/variables";
import { loadCollectionText } from "#mock/tester/collection/format";
import { readEnvironmentFile, typedVariablesOfFile } from "#mock/tester/environments";
import { collectionVariablesOf, typedCollectionVariablesOf, type PostmanCollection } from "#mock/tester/postman/convert";
import { scopeExport } from "../../cli/exports";
import { recorder } from "./recorder";
import type { CliIo } from "../../cli/io";
import { loadVariables, parseEnvFile } from "../../cli/variables";
import { ScriptSandbox } from "#mock/tester/sandbox/sandbox";

const NAMES = ["__proto__", "constructor", "hasOwnProperty", "toString"];
const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

/** Each own property with its value, in order, and the record's prototype still Object.prototype. */
function owned(record: Record<string, unknown>): Array<[string, unknown]> {
  expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  return Object.keys(record).map((name) => [name, Object.getOwnPropertyDescriptor(record, name)?.value]);
}

describe("variables named as Object.prototype's properties", () => {
  it("a collection's variables hold each as its own, typed ones too", () => {
    const variable = NAMES.map((key, i) => ({ key, value: `v${i}`, ...(i === 1 && { type: "string" }) }));
    const typed = typedCollectionVariablesOf({ variable });
    expect(owned(typed.values)).toEqual(NAMES.map((name, i) => [name, `v${i}`]));
    expect(owned(typed.types)).toEqual([["constructor", "string"]]);
    expect(owned(collectionVariablesOf({ variable }))).toEqual(NAMES.map((name, i) => [name, `v${i}`]));
  });

  it("an environment or globals file, Postman's export or a plain object, and each --env-var", async () => {
    const exported = JSON.stringify({
      name: "e",
      values: NAMES.map((key, i) => ({ key, value: `e${i}`, enabled: true, ...(i === 0 && { type: "string" }) })),
    });
    const typed = typedVariablesOfFile(readEnvironmentFile(exported, "newman"));
    expect(owned(typed.values)).toEqual(NAMES.map((name, i) => [name, `e${i}`]));
    expect(owned(typed.types)).toEqual([["__proto__", "string"]]);
    // JSON.parse makes "__proto__" an own key of the plain file; the scope read from it keeps it so.
    expect(owned(parseEnvFile('{"__proto__": "p", "toString": "t"}', "e.json").values)).toEqual([
      ["__proto__", "p"],
      ["toString", "t"],
    ]);
    const given = await loadVariables({} as CliIo, { envVar: ["__proto__=x", "constructor=y"] });
    expect(owned(given.values)).toEqual([
      ["__proto__", "x"],
      ["constructor", "y"],
    ]);
  });

  it("{{name}} is filled from a scope's own variable only: one no scope holds stays as written", () => {
    const unresolved = new Set<string>();
    const text = "{{__proto__}}|{{constructor}}|{{toString}}|{{hasOwnProperty}}";
    expect(substitute(text, fullScopes({}), undefined, unresolved)).toBe(text);
    expect([...unresolved]).toEqual(["__proto__", "constructor", "toString", "hasOwnProperty"]);
    const environment = typedCollectionVariablesOf({ variable: [{ key: "__proto__", value: "p" }] }).values;
    expect(substitute(text, fullScopes({ environment, globals: { constructor: "c" } }))).toBe("p|c|{{toString}}|{{hasOwnProperty}}");
    expect(variableValue(fullScopes({}), "valueOf")).toBeUndefined();
    expect(owned(flattenScopes({ environment, globals: { toString: "t" } }))).toEqual([
      ["__proto__", "p"],
      ["toString", "t"],
    ]);
  });

  it("a mockman collection's run keeps __proto__ from -e and -g, and refuses {{constructor}} that nothing defines", () => {
    const file = loadCollectionText(
      '{"mockman": 1, "variables": {"constructor": "c"}, "requests": [{"name": "a", "method": "GET", "endpoint": "/x?p={{__proto__}}&c={{constructor}}&t={{toString}}"}]}',
    ).file;
    const own = (json: string) => parseEnvFile(json, "e.json").values;
    const inputs = { environment: own('{"__proto__": "e"}'), globals: own('{"__proto__": "g", "toString": "t"}'), data: [], folders: [] };
    // The environment wins over the collection's variables, which win over the globals, as before.
    expect(owned(prepareRun({ kind: "mockman", file }, inputs).scopes.environment)).toEqual([
      ["__proto__", "e"],
      ["toString", "t"],
      ["constructor", "c"],
      ["baseUrl", ""],
    ]);
    const other = loadCollectionText(
      '{"mockman": 1, "requests": [{"name": "a", "method": "GET", "endpoint": "/x?c={{constructor}}"}]}',
    ).file;
    const empty = { environment: {}, globals: {}, data: [], folders: [] };
    expect(() => prepareRun({ kind: "mockman", file: other }, empty)).toThrow(RunSetupError);
    expect(() => prepareRun({ kind: "mockman", file: other }, empty)).toThrow(/uses \{\{constructor\}\}, which no variable/);
  });

  it("a mockman collection's own variables keep __proto__, and its run fills {{__proto__}} with it", async () => {
    const text = (value: string) =>
      `{"mockman": 1, "variables": {"a": "1", "__proto__": ${value}, "toString": "t"}, "requests": [{"name": "a", "method": "GET", "endpoint": "/api/x?p={{__proto__}}"}]}`;
    const { file } = loadCollectionText(text('"x"'));
    expect(owned(file.variables!)).toEqual([
      ["a", "1"],
      ["__proto__", "x"],
      ["toString", "t"],
    ]);
    const { sender, sent } = recorder();
    const inputs = { environment: {}, globals: {}, data: [], folders: [] };
    await executeRun(prepareRun({ kind: "mockman", file }, inputs), sender, { file: "c.json", bail: false });
    expect(sent.map((r) => r.path)).toEqual(["/api/x?p=x"]);
    // Checked as any other variable's value.
    expect(() => loadCollectionText(text("1"))).toThrow("variables.__proto__: Expected string, received number");
  });

  it("a run's scripts read them from the collection, the environment and the globals, and they go out in URLs", async () => {
    const { sender, sent } = recorder();
    const test = (lines: string[]) => [{ listen: "test", script: { exec: lines } }];
    const collection = {
      info: { name: "c", schema: SCHEMA },
      variable: [{ key: "__proto__", value: "c1" }],
      item: [
        {
          name: "Read",
          request: { method: "GET", url: "/api/x?c={{__proto__}}&t={{toString}}" },
          event: test([
            "pm.test('collection', () => pm.expect(pm.collectionVariables.get('__proto__')).to.equal('c1'));",
            "pm.test('environment', () => pm.expect(pm.environment.get('__proto__')).to.equal('e1'));",
            "pm.test('globals', () => pm.expect(pm.globals.get('constructor')).to.equal('g1'));",
          ]),
        },
        {
          name: "Again",
          request: { method: "GET", url: "/api/y" },
          event: test(["pm.test('still there', () => pm.expect(pm.environment.get('__proto__')).to.equal('e1'));"]),
        },
      ],
    } as PostmanCollection;
    const environment = typedVariablesOfFile(
      readEnvironmentFile(JSON.stringify({ values: [{ key: "__proto__", value: "e1", enabled: true }] }), "newman"),
    ).values;
    const inputs = { environment, globals: { constructor: "g1" }, data: [], folders: [] };
    const { report } = await executeRun(prepareRun({ kind: "postman", collection }, inputs), sender, { file: "c.json", bail: false });
    expect(report.results.map((r) => r.assertions)).toEqual([
      [
        { name: "collection", pass: true },
        { name: "environment", pass: true },
        { name: "globals", pass: true },
      ],
      [{ name: "still there", pass: true }],
    ]);
    // The environment comes before the collection's variables, as in Newman; {{toString}} no scope holds stays as written.
    expect(sent.map((r) => r.path)).toEqual(["/api/x?c=e1&t={{toString}}", "/api/y"]);
  });

  it("a pre-request script's own local __proto__ is its test script's and its URL's, as in Newman", async () => {
    const { sender, sent } = recorder();
    const collection = {
      info: { name: "c", schema: SCHEMA },
      item: [
        {
          name: "Local",
          request: { method: "GET", url: "/api/x?p={{__proto__}}" },
          event: [
            // pm.variables.set refuses the name (postman-collection's own TypeError); its list takes it, in Newman too.
            { listen: "prerequest", script: { exec: ["pm.variables.values.add({ key: '__proto__', value: 'w' });"] } },
            { listen: "test", script: { exec: ["pm.test('local', () => pm.expect(pm.variables.get('__proto__')).to.equal('w'));"] } },
          ],
        },
      ],
    } as PostmanCollection;
    const inputs = { environment: {}, globals: {}, data: [], folders: [] };
    const { report } = await executeRun(prepareRun({ kind: "postman", collection }, inputs), sender, { file: "c.json", bail: false });
    expect(report.results.map((r) => r.assertions)).toEqual([[{ name: "local", pass: true }]]);
    expect(sent.map((r) => r.path)).toEqual(["/api/x?p=w"]);
  });

  it("a script's mutation of __proto__ is a variable of that name, never the scope's prototype", async () => {
    // A script can write postman-sandbox's tracker itself; Newman's postman-runtime throws applying this one
    // (variable.update is not a function).
    const sandbox = await ScriptSandbox.create();
    try {
      const outcome = await sandbox.run(
        {
          script: "pm.environment.mutations.stream.push(['__proto__', { polluted: true }]);",
          scopes: { environment: {}, collectionVariables: {}, globals: {}, local: {}, data: {} },
          request: { id: "r", name: "r", method: "GET", url: "/x", headers: [], body: null },
          info: { eventName: "prerequest", iteration: 0, iterationCount: 1, requestName: "r", requestId: "r" },
          cookies: [],
        },
        "pre-request script",
        { sendRequest: () => Promise.reject(new Error("no network")) },
      );
      expect(owned(outcome.scopes.environment)).toEqual([["__proto__", { polluted: true }]]);
    } finally {
      sandbox.dispose();
    }
  });

  it("--export-environment writes an --env-var __proto__ as a row of its own (Newman's VariableScope#set throws on it)", async () => {
    const json = JSON.parse(
      await scopeExport(
        "environment",
        {
          sets: [
            ["__proto__", "x"],
            ["constructor", "y"],
          ],
        },
        [],
        "mockman/1",
      ),
    );
    expect(json.values).toEqual([
      { type: "any", value: "x", key: "__proto__" },
      { type: "any", value: "y", key: "constructor" },
    ]);
    // A name the file has is set as Newman sets it: its row updated, cast by its type.
    const file = { values: [{ key: "__proto__", value: 1, type: "number" }] };
    const updated = JSON.parse(await scopeExport("environment", { file, sets: [["__proto__", "2"]] }, [], "mockman/1"));
    expect(updated.values).toEqual([{ type: "number", value: 2, key: "__proto__" }]);
  });
});
