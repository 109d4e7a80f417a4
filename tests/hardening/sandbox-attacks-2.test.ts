// Attacks on the script sandbox that the first rounds (sandbox-isolation-attacks, bridge-graph-attacks,
// host-bounds-attacks, tests/cli/sandbox-process) did not try, each as a hostile collection would, through
// the bin (cli/bin/mockman.js) when the harm is the process's, or through the ScriptSandbox as the engine
// calls it for finer ones. What each pins is in its name; the breaks found are told in the comments.
// Each bin run is measured (measured.ts): `[sandbox-attacks-2] what: exit, peak RSS, s`.
import { describe, expect, it } from "vitest";
import { after, attack, scripted, stillJudged, type AttackResult } from "./attack";

/**
 * A case whose attack used to hang the process: the bin is killed after measured.ts's 120 s, so the test's own
 * limit must be past that for it to fail (a report missing) rather than time out.
 */
const HUNG = 150_000;

/** The items replayed with a 1 s script budget; the report read from stdout, the run ended by itself. */
async function replay(what: string, items: unknown[]) {
  const ran = await attack(items, { tag: "sandbox-attacks-2", what, args: ["--timeout-script", "1000"] });
  expect(ran.report, `${what}: no report (exit ${ran.code}): ${ran.stderr.slice(0, 400)}`).toBeDefined();
  expect(ran.code).toBe(1);
  expect(ran.report.results.at(-1)).toMatchObject(stillJudged);
  return ran.report.results;
}

const stopped = (result: AttackResult | undefined) => {
  expect(result?.pass).toBe(false);
  expect(result?.error).toMatch(/the script ran past its 1 s time budget and was stopped$/);
};

describe("CPU a script spends where the interrupt does not reach is stopped by its budget", () => {
  it(
    "a promise handler that queues the next before it loops: each job meets the interrupt as a rejection, the queue never empties",
    async () => {
      // QuickJS turns the interrupt in a handler into a rejection of that handler's promise, which ends the job,
      // not the drain: the host ran every job it queued, forever (the process hung at 100% CPU past every budget).
      const results = await replay("promise jobs that each loop", [
        scripted("Then", { test: "Promise.resolve().then(function h() { Promise.resolve().then(h); for (;;) {} });" }),
        scripted("Async", {
          test: "(async function () { for (;;) { try { await null; for (;;) {} } catch (e) {} finally { Promise.resolve().then(() => { for (;;) {} }); } } })();",
        }),
        after,
      ]);
      stopped(results[0]);
      stopped(results[1]);
    },
    HUNG,
  );
});

describe("QuickJS's Array methods over a length no memory holds are stopped by the budget", () => {
  it(
    "includes, join, sort, concat, flat, flatMap and forEach over 2^32 or 2^53 holes: each request fails naming its budget",
    async () => {
      // Each walked its holes in C without a look at the interrupt: the first one held the process for hours.
      const hole = (name: string, test: string) => scripted(name, { test });
      const results = await replay("Array methods over huge lengths", [
        hole("Includes", "[].includes.call({ length: 2 ** 53 - 1 }, 1);"),
        hole("Join", "new Array(2 ** 32 - 1).join('');"),
        hole("Sort", "const a = []; a[2 ** 32 - 2] = 1; a.sort();"),
        hole("Concat", "[].concat({ length: 2 ** 53 - 2, [Symbol.isConcatSpreadable]: true });"),
        hole("Flat", "[new Array(2 ** 32 - 1)].flat();"),
        hole("FlatMap", "[1].flatMap(() => new Array(2 ** 32 - 1));"),
        hole("Length", "[].forEach.call({ length: { valueOf: () => 2 ** 53 - 1 } }, () => {});"),
        scripted("Small", {
          test: [
            "const a = [3, 1, 2];",
            "pm.test('as before', () => {",
            "  pm.expect([a.sort() === a, [].indexOf.call({ length: 3, 2: 'x' }, 'x'), [1, [2, [3]]].flat(Infinity), [1, 2, 3].lastIndexOf(3)]).to.eql([true, 2, [1, 2, 3], 2]);",
            "  pm.expect([[1].concat([2], 3), [1, 2].flatMap((x) => [x, x]), [1, 2, 3].reduce((s, x) => s + x), [].join.name, [].join.length]).to.eql([[1, 2, 3], [1, 1, 2, 2], 6, 'join', 1]);",
            "});",
          ],
        }),
        after,
      ]);
      for (const result of results.slice(0, 7)) stopped(result);
      expect(results[7]).toMatchObject({ pass: true, assertions: [{ name: "as before", pass: true }] });
    },
    HUNG,
  );
});

describe("a loop of natives that each take a while is stopped by the budget, not 10,000 of them later", () => {
  it(
    "split, JSON.stringify and a typed array's sort in a loop: each request fails naming its budget",
    async () => {
      // QuickJS asks the interrupt handler once every 10,000 polls (calls, backward jumps): a loop of 3,000 splits of
      // 1M characters ran minutes past a 1 s budget, the process held.
      const results = await replay("loops of slow natives", [
        scripted("Split", { test: "const s = 'a'.repeat(1e6); for (let i = 0; i < 3000; i++) s.split('');" }),
        scripted("Stringify", {
          test: "const a = Array.from({ length: 1e5 }, (_, i) => i); for (let i = 0; i < 20000; i++) JSON.stringify(a);",
        }),
        scripted("Sort", { test: "const t = new Uint8Array(1e7); for (let i = 0; i < 9000; i++) { t.sort(); t.reverse(); }" }),
        after,
      ]);
      for (const result of results.slice(0, 3)) stopped(result);
    },
    HUNG,
  );
});
