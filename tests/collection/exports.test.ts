// replay's --export-environment, --export-globals and --export-collection, made with postman-collection
// (cli/exports.ts). tests/collection/newman-wire.test.ts compares them with Newman's own.
import { describe, expect, it } from "vitest";
import { collectionExport, scopeExport } from "../../cli/exports";
import { parseEnvFile } from "../../cli/variables";

describe("replay's exports", () => {
  it("write a scope as Newman does: the file's scope, the given sets, then the run's; a name when it has none, then the stamps", async () => {
    const json = JSON.parse(await scopeExport("globals", { sets: [["given", "1"]] }, [["set", 2]], "mockman/1"));
    expect(Object.keys(json)).toEqual([
      "id",
      "values",
      "name",
      "_postman_variable_scope",
      "_postman_exported_at",
      "_postman_exported_using",
    ]);
    expect(json).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      values: [
        { type: "any", value: "1", key: "given" },
        { type: "any", value: 2, key: "set" },
      ],
      name: "globals",
      _postman_variable_scope: "globals",
      _postman_exported_using: "mockman/1",
    });
    expect(Date.parse(json._postman_exported_at)).not.toBeNaN();
    // A file's own name stays, where the file has it.
    const named = JSON.parse(await scopeExport("environment", { file: { name: "local", values: [] }, sets: [] }, [], "mockman/1"));
    expect(Object.keys(named).slice(0, 3)).toEqual(["id", "name", "values"]);
  });

  it("write a plain file's variables as the run read them (Newman reads no variables from one)", async () => {
    const { json } = parseEnvFile('{"name": "Alice", "n": 3}', "plain.json");
    const written = JSON.parse(await scopeExport("environment", { file: json, sets: [] }, [["n"]], "mockman/1"));
    expect(written).toMatchObject({ name: "environment", values: [{ type: "any", value: "Alice", key: "name" }] });
  });

  it("write a collection as postman-collection does, its variables as the run left them", async () => {
    const collection = {
      info: { name: "c", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      variable: [
        { key: "gone", value: "x" },
        { key: "kept", value: "y" },
        { key: "n", value: "1", type: "number" },
      ],
      item: [{ name: "r", request: { method: "GET", url: "http://127.0.0.1/x" } }],
    };
    const json = JSON.parse(await collectionExport(collection, [["gone"], ["n", "2"], ["new", true]], "mockman/1"));
    expect(json.variable).toEqual([
      { type: "any", value: "y", key: "kept" },
      { type: "number", value: 2, key: "n" },
      { type: "any", value: true, key: "new" },
    ]);
    expect(Object.keys(json)).toEqual([
      "item",
      "event",
      "variable",
      "info",
      "name",
      "_postman_variable_scope",
      "_postman_exported_at",
      "_postman_exported_using",
    ]);
    expect(json).toMatchObject({ name: "collection", _postman_variable_scope: "collection", info: { name: "c" } });
    // Each URL in its parts, as postman-collection writes it.
    expect(json.item[0].request.url).toMatchObject({ host: ["127", "0", "0", "1"], path: ["x"] });
    // The file read is not changed.
    expect(collection.variable).toHaveLength(3);
  });
});
