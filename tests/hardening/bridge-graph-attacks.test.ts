// Attacks on what the host does with the values a script hands across the bridge: Flatted and
// teleport-javascript (how postman-sandbox's events and console calls cross) carry shared and cyclic
// references, so a few KB of text can stand for a cycle or for a graph with 2^40 paths. The host reads each
// as a tree (sandbox.ts treeOf; flatTreeOf, straight from an event's text): a reference back to its own
// path is "[Circular]", and the paths are bounded by the text's size. Before, a cycle a script logged or set
// as a variable ended the run with "unexpected error: Converting circular structure to JSON" and no report,
// and a graph of 2^40 paths hung the process at 100% CPU until it ran out of memory (util.inspect,
// JSON.stringify and String() walk every path).
// Each run is the bin under /usr/bin/time -v when it is there (measured.ts).
import { describe, expect, it } from "vitest";
import { after, attack, scripted, stillJudged } from "./attack";
import { peakMb } from "./measured";

const TIMEOUT = 120_000;

const item = (name: string, test: string, request: object = {}) => scripted(name, { test }, request);

/** The collection replayed with the cli, json and junit reporters and the environment exported; everything read back. */
async function replay(what: string, items: unknown[]) {
  const ran = await attack(items, {
    tag: "bridge-graph",
    what,
    reports: "files",
    environment: true,
    stderrNot: /unexpected error|circular|heap out of memory/i,
  });
  const { report, environment } = ran;
  expect(report.results.find((r) => r.name === "after")).toMatchObject(stillJudged);
  return { ran, report, environment, bytes: ran.bytes.json + ran.bytes.environment };
}

describe("a value with shared or cyclic references, handed to the host, is read as a bounded tree", () => {
  it(
    "a cycle logged and set as a variable: the reports and the export are written, the cycle named where it closes",
    async () => {
      const { ran, report, environment } = await replay("a cycle logged and set", [
        item(
          "Cycle",
          "const o = { a: 1, when: new Date(0) }; o.self = o; console.log(o); pm.environment.set('c', o); pm.test('set', () => {});",
        ),
        after,
      ]);
      expect(ran.code).toBe(0);
      expect(report.results[0].console).toEqual([
        { level: "log", messages: [{ a: 1, when: "1970-01-01T00:00:00.000Z", self: "[Circular]" }] },
      ]);
      expect(environment.values).toEqual([
        expect.objectContaining({ key: "c", value: { a: 1, when: "1970-01-01T00:00:00.000Z", self: "[Circular]" } }),
      ]);
      // Printed as util.inspect prints a Date, not as JSON's text of it.
      expect(ran.stdout).toContain("when: 1970-01-01T00:00:00.000Z");
    },
    TIMEOUT,
  );

  it(
    "a graph of 2^40 paths logged, set as a variable and filled into the next request: bounded, the run ends",
    async () => {
      const graph = "let x = { a: 1 }; for (let i = 0; i < 40; i++) x = [x, x];";
      const { ran, report, bytes } = await replay("a graph of 2^40 paths", [
        item("Graph", `${graph} console.log(x); pm.environment.set('g', x); pm.test('set', () => {});`),
        item("Filled", "pm.test('sent', () => pm.response.to.have.status(200));", { header: [{ key: "X-G", value: "{{g}}" }] }),
        after,
      ]);
      expect(report.results.map((r) => r.name)).toEqual(["graph", "filled", "after"]);
      expect(ran.code).toBe(0);
      expect(report.results.every((r) => r.pass)).toBe(true);
      // Each copy is bounded by its text's size: a few MB, where each path walked would be 2^40 values.
      expect(bytes).toBeLessThan(64 * 1024 * 1024);
      expect(ran.stdout.length).toBeLessThan(64 * 1024 * 1024);
      expect(peakMb(ran)).toBeLessThan(1536);
    },
    TIMEOUT,
  );

  it(
    "a response's text kept in several variables (Flatted writes it once) is kept whole in each",
    async () => {
      const { ran, report } = await replay("one text in four variables", [
        item(
          "Keeps",
          "const t = pm.response.text(); pm.environment.set('b1', t); pm.environment.set('b2', t); pm.collectionVariables.set('b3', t); pm.globals.set('b4', t);",
          { url: "/api/posts?limit=20" },
        ),
        item(
          "Reads",
          "const t = pm.environment.get('b1'); pm.test('whole', () => { pm.expect(t.length).to.be.above(1000); pm.expect([pm.environment.get('b2'), pm.collectionVariables.get('b3'), pm.globals.get('b4')]).to.eql([t, t, t]); });",
        ),
        after,
      ]);
      expect(ran.code).toBe(0);
      expect(report.results[1]).toMatchObject({ pass: true, assertions: [{ name: "whole", pass: true }] });
    },
    TIMEOUT,
  );
});

describe("a value String() cannot read, handed to the host, is read as text", () => {
  it(
    "setNextRequest of an object whose toString and valueOf are no functions: the run ends as for a name no request has, the reports written",
    async () => {
      const { ran, report } = await replay("setNextRequest of { toString: 'x' }", [
        after,
        item("Next", "pm.execution.setNextRequest({ toString: 'x', valueOf: 'y' }); pm.test('set', () => {});"),
        item("Skipped", "pm.test('never runs', () => {});"),
      ]);
      expect(ran.code).toBe(0);
      // As Newman: no request has that name, so the iteration ends there.
      expect(report.results.map((r) => [r.name, r.pass])).toEqual([
        ["after", true],
        ["next", true],
      ]);
    },
    TIMEOUT,
  );
});
