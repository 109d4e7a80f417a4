// No module of the app, the mock or the CLI may reach itself through its imports
// (type-only imports count: a cycle of types is still two modules that cannot be
// read, tested or moved one without the other). Checked with madge, as a reviewer would.
import madge from "madge";
import { describe, expect, it } from "vitest";

describe("import graph", () => {
  it("has no cycles in app/, mock/ and cli/", async () => {
    const graph = await madge(["app", "mock", "cli"], {
      fileExtensions: ["ts", "tsx"],
      tsConfig: "tsconfig.json",
      excludeRegExp: [/\.test\.tsx?$/],
    });
    expect(graph.circular()).toEqual([]);
  }, 120_000);
});
