// The host reads an event's flatted text straight to a bounded tree (sandbox.ts flatTreeOf), in one walk: the tree
// must be the one treeOf makes of what flatted's parse gives, whatever the value (cycles, shared references, a graph
// of 2^40 paths cut at the text's budget, levels past the depth bound, a key __proto__, a long string used twice),
// and a text that is not flatted's fails as flatted's parse fails. The attacks through the bin:
// tests/hardening/bridge-graph-attacks.test.ts.
import { parse, stringify } from "flatted";
import { describe, expect, it } from "vitest";
import { inspect } from "node:util";
import { CIRCULAR, flatTreeOf, treeOf, withCycles } from "#mock/tester/sandbox/sandbox";

const viaParse = (text: string) => treeOf(parse(text), text.length);

function values(): Array<[string, unknown]> {
  const cycle: Record<string, unknown> = { name: "a" };
  cycle.self = cycle;
  cycle.list = [cycle, { back: cycle }];
  let graph: unknown = "leaf";
  for (let i = 0; i < 40; i++) graph = [graph, graph];
  let deep: unknown = 1;
  for (let i = 0; i < 1_500; i++) deep = { d: deep };
  const long = "x".repeat(100);
  const shared = { s: long };
  const proto = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as unknown;
  return [
    ["a string", "text"],
    ["a number", 5],
    ["null", null],
    ["an event", ["execution.result.r", { iteration: 0 }, { values: [{ key: "k", value: "v", type: "any" }], empty: [], none: {} }]],
    ["a cycle", cycle],
    ["shared references and a long string used five times", [shared, shared, { t: long }, [long, long]]],
    ["x = [x, x] forty times", graph],
    ["1,500 levels", deep],
    ["a key __proto__", proto],
  ];
}

describe("flatTreeOf: flatted's text to the bounded tree in one walk", () => {
  it.each(values())("%s: the tree treeOf makes of flatted's parse", (_, value) => {
    const text = stringify(value);
    expect(flatTreeOf(text)).toStrictEqual(viaParse(text));
  });

  it("a reference back to its own path is CIRCULAR, a shared one is copied", () => {
    const tree = flatTreeOf(stringify(values()[4][1])) as Record<string, unknown>;
    expect(tree.self).toBe(CIRCULAR);
    expect(tree.list).toEqual([CIRCULAR, { back: CIRCULAR }]);
  });

  it("texts flatted never writes read as flatted's parse reads them; a text no array throws as it does", () => {
    for (const text of ["[]", '[{"a":"9"}]', '[["1","-0","x"],"s"]', '[{"__proto__":"1"},{"p":1}]'])
      expect(flatTreeOf(text)).toStrictEqual(viaParse(text));
    for (const text of ["5", '"s"', "{}", "null"]) {
      expect(() => viaParse(text)).toThrow();
      expect(() => flatTreeOf(text)).toThrow();
    }
  });
});

describe("withCycles: a tree's CIRCULARs made references back again, for util.inspect", () => {
  it("prints a logged cycle as util.inspect prints the value itself (<ref *n>, [Circular *n]); the tree keeps its strings", () => {
    const a: Record<string, unknown> = { x: 1, list: [1, 2] };
    a.self = a;
    (a.list as unknown[]).push(a.list, { up: a });
    const tree = treeOf(a, 1_000) as Record<string, unknown>;
    expect(inspect(withCycles(tree))).toBe(inspect(a));
    expect(inspect(withCycles(tree))).toContain("[Circular *");
    expect(tree.self).toBe(CIRCULAR);
    expect(JSON.stringify(tree)).toBe('{"x":1,"list":[1,2,"[Circular]",{"up":"[Circular]"}],"self":"[Circular]"}');
  });

  it("leaves a tree without cycles, a Map's reference back and a value it did not make as they print", () => {
    const shared = { s: 1 };
    const plain = treeOf({ a: [shared, shared], d: new Date(0) }, 1_000);
    expect(inspect(withCycles(plain))).toBe(inspect(plain));
    const m = new Map<string, unknown>();
    m.set("me", m);
    const withMap = treeOf({ m }, 1_000);
    expect(inspect(withCycles(withMap))).toBe("{ m: Map(1) { 'me' => '[Circular]' } }");
    expect(withCycles("text")).toBe("text");
    expect(withCycles({ by: "hand", self: CIRCULAR })).toEqual({ by: "hand", self: CIRCULAR });
  });
});
