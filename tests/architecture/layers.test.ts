// The floors of the house, as rules on the import graph (type-only imports count,
// as in the cycle check beside this file). The core (mock/core/) is the pipeline
// every door shares: it may not reach, by any chain of imports, the browser's door
// (mock/browser/), the Node door (mock/node/), a Node built-in (node:fs, …) or the
// tester (mock/tester/). Nothing under mock/ — the tester's home included — imports
// the app (app/) or the CLI (cli/): they build on it, never the other way. Mirage
// is an adapter: only mock/core/mirage/ imports miragejs.
//
// madge draws the graph (with npm packages as leaves); it leaves Node's built-ins
// out, so those are read from each module's own import list (TypeScript's
// preProcessFile, which sees imports, exports-from, import() and require()).
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import madge from "madge";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

/** module → what it imports, as paths from the repository's root (npm packages as node_modules/…). */
let graph: Record<string, string[]>;

beforeAll(async () => {
  const result = await madge(["app", "mock", "cli"], {
    fileExtensions: ["ts", "tsx"],
    tsConfig: "tsconfig.json",
    excludeRegExp: [/\.test\.tsx?$/],
    includeNpm: true,
  });
  graph = result.obj();
}, 120_000);

const under = (folder: string) => (file: string) => file.startsWith(folder);
const inCore = under("mock/core/");

/** Every import `from → to` where `from` passes `source` and `to` passes `target`. */
function edges(source: (file: string) => boolean, target: (file: string) => boolean): string[] {
  return Object.entries(graph)
    .filter(([from]) => source(from))
    .flatMap(([from, tos]) => tos.filter(target).map((to) => `${from} → ${to}`));
}

/**
 * Every module the core reaches, each with the chain of imports that reaches it
 * from a core module ("mock/core/a.ts → mock/data/b.ts → …"), shortest first.
 */
function reachedFromCore(): Map<string, string> {
  const chains = new Map<string, string>();
  const queue = Object.keys(graph).filter(inCore);
  for (const file of queue) chains.set(file, file);
  for (const file of queue)
    for (const next of graph[file] ?? [])
      if (!chains.has(next)) {
        chains.set(next, `${chains.get(file)} → ${next}`);
        queue.push(next);
      }
  return chains;
}

const BUILTINS = new Set(builtinModules);
const isBuiltin = (specifier: string) => specifier.startsWith("node:") || BUILTINS.has(specifier.split("/")[0]);

describe("layers", () => {
  it("the core reaches neither the browser's door nor the Node door", () => {
    const reached = [...reachedFromCore()].filter(([file]) => file.startsWith("mock/browser/") || file.startsWith("mock/node/"));
    expect(reached.map(([, chain]) => chain)).toEqual([]);
  });

  it("the core reaches no Node built-in", () => {
    const found: string[] = [];
    for (const [file, chain] of reachedFromCore()) {
      if (file.startsWith("node_modules/")) continue;
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      for (const { fileName } of importedFiles) if (isBuiltin(fileName)) found.push(`${chain} → ${fileName}`);
    }
    expect(found).toEqual([]);
  });

  it("the core does not reach the tester", () => {
    const reached = [...reachedFromCore()].filter(([file]) => file.startsWith("mock/tester/"));
    expect(reached.map(([, chain]) => chain)).toEqual([]);
  });

  it("mock/ imports nothing from app/ or cli/", () => {
    expect(edges(under("mock/"), (to) => to.startsWith("app/") || to.startsWith("cli/"))).toEqual([]);
  });

  it("the tester's home (mock/tester/) imports nothing from app/ or cli/", () => {
    expect(edges(under("mock/tester/"), (to) => to.startsWith("app/") || to.startsWith("cli/"))).toEqual([]);
  });

  it("only mock/core/mirage/ imports miragejs", () => {
    const mirage = edges((from) => !from.startsWith("mock/core/mirage/"), under("node_modules/miragejs/"));
    expect(mirage).toEqual([]);
    // The rule holds because Mirage is there, not because the graph lost it.
    expect(edges(under("mock/core/mirage/"), under("node_modules/miragejs/"))).not.toEqual([]);
  });

  it("sees the whole graph (a rule on an empty graph would pass for nothing)", () => {
    expect(Object.keys(graph).filter(inCore).length).toBeGreaterThan(10);
    expect(reachedFromCore().has("mock/data/tables.ts")).toBe(true);
    expect(Object.keys(graph).some(under("mock/node/"))).toBe(true);
    expect(Object.keys(graph).some(under("mock/browser/"))).toBe(true);
    expect(Object.keys(graph).some(under("mock/tester/"))).toBe(true);
  });
});
