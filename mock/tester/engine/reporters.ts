// How `replay` reports: lines that fit 80 columns (cli) or one JSON document
// (json). The JUnit XML (junit) is Newman's, by Newman's own reporter: newman-junit.ts.
import { describeFailure, type CheckFailure } from "#mock/tester/collection/assert";
import type { Thrown } from "../sandbox/sandbox";

/** A duration as the reports print it: 3.2 ms, 41 ms. */
export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

export interface ReplayResult {
  /** How the run names it: unique, from its folders' names and its own (`auth-login`; `request` for one without a name). */
  name: string;
  /**
   * Its item's id, given when the item has no name: the json report then gives it no name and the junit report
   * names it by its id, as Newman's reporters do (the lines keep the run's label).
   */
  id?: string;
  /**
   * Newman's name for a Postman request (util.getFullName): its folders' names, then its own, each an id when
   * it has no name, joined by ` / ` (`Auth / Login`); given when it is not `name` already (a mockman collection's
   * requests, named once and at the top, have none). The junit report names it so, as Newman's does.
   */
  fullName?: string;
  method: string;
  path: string;
  status: number | null;
  ms: number;
  pass: boolean;
  /** The expected status, when the collection gives one number. */
  expected?: number;
  /** Each check that did not hold, with what was expected and what came. */
  failures: CheckFailure[];
  /** One line: the first failure, or why the request could not be sent. */
  error?: string;
  /**
   * Why it was not sent where Newman sends no request either (no request event): its script called
   * pm.execution.skipRequest(), or --bail stopped at its pre-request script. Read by the junit report alone.
   */
  notSent?: "skipped" | "bail";
  /** Skipped by its pre-request script (pm.execution.skipRequest()): neither sent nor failed. */
  skipped?: true;
  /**
   * A request error's own message, as the transport raised it (`connect ECONNREFUSED 127.0.0.1:1`), where `error`
   * says it for the reader: what Newman's junit report prints as the RequestError.
   */
  requestError?: string;
  /** A Postman request's assertions (pm.test, tests[...]), in the order they ran. */
  assertions?: Array<{ name: string; pass: boolean; skipped?: true; error?: string; errorName?: string; noMessage?: true; index?: number }>;
  /** Its scripts' errors (each a failure too), in order: which script, and what it was. Read by the junit report alone. */
  scriptErrors?: Array<{ script: "prerequest" | "test"; thrown: Thrown }>;
  /** How many checks a request of ours made (its `expect`, the status at least). */
  checks?: number;
  /** A Postman request's place in the run's list of requests, from 0 (postman-runtime's cursor.position). Read by the junit report alone. */
  position?: number;
  /** The iteration it ran in, from 0 (-n, -d). */
  iteration?: number;
  /** What the run noticed about this request: a {{name}} that had no value, a formdata file it could not read. */
  warnings?: string[];
  /** What its scripts sent with pm.sendRequest, in order. */
  sent?: Array<{ method: string; url: string; status?: number; error?: string }>;
  /** How many of `sent` its pre-request scripts sent, before the request went (none: 0). Read by the junit report alone. */
  sentBefore?: number;
  /**
   * Its scripts' console.* calls, in order: the level, the arguments as the script passed them (JSON's reading of
   * them in the json report), and `script: "prerequest"` for a pre-request script's (none: a test script's), which
   * Newman's cli reporter prints before the request's line, in a box of their own.
   */
  console?: Array<{ level: string; messages: unknown[]; script?: "prerequest" }>;
}

/** Assertions made and failed: a Postman request's pm.test and tests[...] (skipped ones not counted), or the checks of our `expect`. */
export function assertionCounts(result: ReplayResult): { made: number; failed: number } {
  if (result.assertions) {
    const made = result.assertions.filter((a) => !a.skipped);
    return { made: made.length, failed: made.filter((a) => !a.pass).length };
  }
  return { made: result.checks ?? 0, failed: result.checks ? Math.min(result.checks, result.failures.length) : 0 };
}

export interface ReplayReport {
  file: string;
  target: string;
  /** Requests run (sent or not). */
  requests: number;
  assertions: number;
  assertionsFailed: number;
  passed: number;
  failed: number;
  notRun: number;
  ms: number;
  results: ReplayResult[];
  /** The requests --bail or --timeout did not run, by name. */
  skipped: string[];
  /** Iterations run (-n, -d). */
  iterations?: number;
  /** Why the run stopped early (--timeout), if it did. */
  error?: string;
}

/** Requests passed and failed, and tests made and failed, of some results. */
export interface RunTotals {
  passed: number;
  failed: number;
  tests: number;
  testsFailed: number;
}

export const NO_TOTALS: RunTotals = { passed: 0, failed: 0, tests: 0, testsFailed: 0 };

/** The totals with one more result counted: kept as results come (the page's Run), never recounted over them all. */
export function addToTotals(t: RunTotals, r: ReplayResult): RunTotals {
  const c = assertionCounts(r);
  return {
    passed: t.passed + (r.pass ? 1 : 0),
    failed: t.failed + (r.pass ? 0 : 1),
    tests: t.tests + c.made,
    testsFailed: t.testsFailed + c.failed,
  };
}

/** A report made from results alone: what a run stopped part way (the page's Stop) leaves to export. */
export function reportOf(
  results: ReplayResult[],
  rest: Pick<ReplayReport, "file" | "target" | "ms" | "notRun" | "iterations" | "error">,
): ReplayReport {
  const totals = results.reduce(addToTotals, NO_TOTALS);
  const report: ReplayReport = {
    file: rest.file,
    target: rest.target,
    requests: results.length,
    assertions: totals.tests,
    assertionsFailed: totals.testsFailed,
    passed: totals.passed,
    failed: totals.failed,
    notRun: rest.notRun,
    ms: rest.ms,
    results,
    skipped: [],
  };
  if (rest.iterations !== undefined && rest.iterations !== 1) report.iterations = rest.iterations;
  if (rest.error) report.error = rest.error;
  return report;
}

export const REPORTERS = ["cli", "json", "junit"] as const;

const WIDTH = 80;
const METHOD = 7;
const STATUS = 3;
const TIME = 8;
const VERDICT = 4;
const GAPS = 5 * 2;

/** Cuts the middle out of a long text: `/api/posts/like/8d0c3c…e7b01`. */
export function shorten(text: string, width: number): string {
  if (text.length <= width) return text;
  if (width <= 1) return text.slice(0, width);
  const head = Math.ceil((width - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (width - 1 - head))}`;
}

export interface Columns {
  name: number;
  path: number;
}

/** Column widths for a run: names up to 24 wide, the path takes the rest of 80 columns. */
export function columnsFor(names: Iterable<string>): Columns {
  let longest = 4;
  for (const name of names) if (name.length > longest) longest = name.length; // no Math.max(...): 200,000 names overflow the stack
  const name = Math.min(24, longest);
  return { name, path: WIDTH - name - METHOD - STATUS - TIME - VERDICT - GAPS };
}

/**
 * What a terminal would act on rather than show: C0 and C1 controls (ESC, CSI, \r, \n, \b...),
 * DEL, and the marks that reorder text (bidi overrides and isolates).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED_CONTROLS: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * A name, message or URL as a terminal may print it: each control character shown escaped
 * (`\x1b[1A`, `\r`, `\n`, `\x07`, `\u202e`), so a collection cannot move the cursor, erase a
 * FAIL line or print a summary of its own.
 */
export function printable(text: string): string {
  return text.replace(
    CONTROL,
    (c) =>
      NAMED_CONTROLS[c] ??
      (c.charCodeAt(0) < 0x100
        ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`
        : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );
}

/** The name the lines show: a Postman request's as written, after its folders' (`store / Health Check`), as Newman shows it. */
export const shownName = (result: Pick<ReplayResult, "name" | "id" | "fullName">): string =>
  (result.id === undefined && result.fullName) || result.name;

/** One result as a line of at most 80 columns, then one indented line per failed check. */
export function resultLines(result: ReplayResult, columns: Columns, color: boolean): string {
  const verdict = !result.pass ? "FAIL" : result.skipped ? "skip" : "pass";
  const painted = color ? `\x1b[${!result.pass ? 31 : result.skipped ? 33 : 32}m${verdict}\x1b[0m` : verdict;
  const line = [
    shorten(printable(shownName(result)), columns.name).padEnd(columns.name),
    printable(result.method).padEnd(METHOD),
    shorten(printable(result.path), columns.path).padEnd(columns.path),
    String(result.status ?? "---").padEnd(STATUS),
    formatMs(result.ms).padStart(TIME),
    painted,
  ].join("  ");
  // A request not sent says why before its failed checks (Newman's `[errored]` line); a sent one's error is its first check.
  const why = result.error && !result.pass && (result.status === null || !result.failures.length) ? [result.error] : [];
  const checks = atMost(result.failures, LINES_SHOWN, "failed checks").map((f) => (typeof f === "string" ? f : describeFailure(f)));
  const details = [...why, ...checks];
  const sent = atMost(result.sent ?? [], LINES_SHOWN, "pm.sendRequest calls").map((s) => (typeof s === "string" ? s : sentLine(s)));
  return [line, ...sent.map((d) => `    ${printable(d)}`), ...details.map((d) => `    ${printable(d)}`)].join("\n") + "\n";
}

/** Lines of one kind a result prints at most: a script can fail 10,000 checks, the JSON and JUnit reports list them all. */
const LINES_SHOWN = 100;

function atMost<T>(list: T[], max: number, what: string): Array<T | string> {
  if (list.length <= max) return list;
  return [...list.slice(0, max), `… and ${list.length - max} more ${what} (the json and junit reports list them all)`];
}

function sentLine(s: NonNullable<ReplayResult["sent"]>[number]): string {
  return `↳ pm.sendRequest ${s.method} ${shorten(printable(s.url), WIDTH - 30)} ${s.status ?? `failed: ${s.error ?? "no answer"}`}`;
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

/** `19 requests, 42 assertions, 0 failed (1.2 s)`: failed counts requests (an assertion, a script or a send that failed). */
export function summaryLine(report: ReplayReport): string {
  const { failed, notRun } = report;
  const iterations = (report.iterations ?? 1) > 1 ? `${report.iterations} iterations, ` : "";
  return `${iterations}${count(report.requests, "request")}, ${count(report.assertions, "assertion")}, ${failed} failed${notRun ? `, ${notRun} not run (${report.error ? "--timeout" : "--bail"})` : ""} (${report.ms < 1000 ? formatMs(report.ms) : `${(report.ms / 1000).toFixed(1)} s`})\n`;
}

/**
 * The json report: the run's report, a request whose item has no name given none (its id only), as in Newman's;
 * without what only the junit report reads (a request error's own message, why Newman sent none, how many sends went
 * before the request, what its script errors were, its place in the run, an assertion error's name, whether it had
 * a message and its index).
 */
export function jsonReport(report: ReplayReport): string {
  const results = report.results.map(
    ({ name, requestError: _, notSent: __, sentBefore: ___, scriptErrors: ____, position: _____, ...rest }) => {
      const result = rest.id === undefined ? { name, ...rest } : rest;
      return result.assertions
        ? { ...result, assertions: result.assertions.map(({ errorName: _, noMessage: __, index: ___, ...a }) => a) }
        : result;
    },
  );
  return JSON.stringify({ ...report, results }, null, 2) + "\n";
}
