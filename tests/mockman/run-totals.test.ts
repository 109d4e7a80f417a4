// The Run dialog's totals (hooks/useRun.ts) are kept as results come, one result at a time,
// not recounted over every result on each render: they must say what a count by hand says, and
// what the report says (reportOf, itself checked against executeRun in tests/collection/engine.test.ts).
import { describe, expect, it } from "vitest";
import { addToTotals, reportOf, type ReplayResult, type RunTotals } from "#mock/tester/engine/reporters";

const result = (i: number): ReplayResult => ({
  name: `request ${i}`,
  method: "GET",
  path: "/api/posts",
  status: i % 7 === 0 ? null : 200,
  ms: 1,
  pass: i % 5 !== 0,
  ...(i % 3 === 0
    ? { checks: 2, failures: i % 5 === 0 ? [{ check: "status", expected: "201", actual: "200" }] : [] }
    : {
        failures: [],
        assertions: [
          { name: "status is 200", pass: true },
          { name: "has a body", pass: i % 5 !== 0, ...(i % 5 === 0 ? { error: "expected 1 to equal 2" } : {}) },
          ...(i % 4 === 0 ? [{ name: "skipped one", pass: true, skipped: true as const }] : []),
        ],
      }),
});

describe("the Run dialog's totals, kept as results come", () => {
  it("add up, one result at a time, to the report's counts", () => {
    const results = Array.from({ length: 1000 }, (_, i) => result(i));
    const totals = results.reduce<RunTotals>(addToTotals, { passed: 0, failed: 0, tests: 0, testsFailed: 0 });
    const report = reportOf(results, { file: "bench.json", target: "the page's mock", ms: 1, notRun: 0 });
    expect(totals).toEqual({
      passed: report.passed,
      failed: report.failed,
      tests: report.assertions,
      testsFailed: report.assertionsFailed,
    });
    // Counted by hand: a fifth fail; every result makes 2 tests (a skipped one is not counted), and
    // one fails in each failing result.
    expect(totals).toEqual({ passed: 800, failed: 200, tests: 2000, testsFailed: 200 });
  });
});
