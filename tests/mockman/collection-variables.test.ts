// A collection's variables as a Send and a Run read them (its `variable` list), and written back as a Run
// left them, so the next Send from the page reads what a Run's scripts set.
import { describe, expect, it } from "vitest";
import { collectionVariablesOf, withCollectionVariables } from "#app/mockman/lib/saved";

const postman = {
  info: { name: "c" },
  variable: [
    { key: "baseUrl", value: "http://api.test", type: "string" },
    { key: "off", value: "x", disabled: true },
    { key: "n", value: 5 },
    { key: "gone", value: "y" },
  ],
};

describe("collection variables", () => {
  it("reads the enabled ones as text", () => {
    expect(collectionVariablesOf(postman)).toEqual({ baseUrl: "http://api.test", n: "5", gone: "y" });
    expect(collectionVariablesOf(undefined)).toEqual({});
  });

  it("writes a run's values: a kept name keeps its place and fields, a new one goes last, an unset one goes", () => {
    const next = withCollectionVariables(postman, { baseUrl: "http://other.test", n: "6", token: "t" });
    expect(next.variable).toEqual([
      { key: "baseUrl", value: "http://other.test", type: "string" },
      { key: "off", value: "x", disabled: true },
      { key: "n", value: "6" },
      { key: "token", value: "t", type: "string" },
    ]);
    expect(collectionVariablesOf(next)).toEqual({ baseUrl: "http://other.test", n: "6", token: "t" });
  });
});
