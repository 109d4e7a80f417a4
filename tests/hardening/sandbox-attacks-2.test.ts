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
