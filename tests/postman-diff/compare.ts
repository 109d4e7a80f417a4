// What a script did, as both sides report it, and how two reports differ (one line a case).
import type { ScopeName } from "#mock/tester/sandbox/sandbox";

/** A request a script sent (pm.sendRequest), or pm.request as a pre-request script left it. */
export interface Sent {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  /** Raw text; a form, one `name=value` a field. */
  body: string | null;
}

export interface Verdict {
  /** Every pm.test / tests[] in the order it was reported. */
  assertions: Array<{ name: string; passed: boolean; skipped: boolean; error: string | null }>;
  /** What the script threw: `Name: message`. */
  error: string | null;
  /** An error raised after it returned (a timer's, a callback's), which a Newman run does not count. */
  late?: string;
  /** Each scope after the script, each value as JSON (`undefined` said so). */
  variables: Partial<Record<ScopeName, Record<string, string>>>;
  sent: Sent[];
  /** pm.execution.skipRequest() was called. */
  skip: boolean;
  /** postman.setNextRequest / pm.execution.setNextRequest: its argument as JSON, when called. */
  next?: string;
  /** Pre-request scripts: pm.request after the script. */
  request?: Sent;
}

/** What the oracle itself gave differently on two runs of a case: not compared. */
export const VARIES = "<varies from run to run>";

/** The oracle's two runs as one: every leaf that differs between them is VARIES. */
export function steady(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length ? a.map((x, i) => steady(x, b[i])) : VARIES;
  if (a && b && typeof a === "object" && typeof b === "object") {
    const out: Record<string, unknown> = {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      out[key] = key in a && key in b ? steady((a as any)[key], (b as any)[key]) : VARIES;
    return out;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? a : VARIES;
}

/** Ours, with what varies in the oracle's runs set aside the same way. */
export function masked(mask: unknown, ours: unknown): unknown {
  if (mask === VARIES) return VARIES;
  if (Array.isArray(mask) && Array.isArray(ours) && mask.length === ours.length) return ours.map((x, i) => masked(mask[i], x));
  if (mask && ours && typeof mask === "object" && typeof ours === "object" && !Array.isArray(mask) && !Array.isArray(ours)) {
    const out: Record<string, unknown> = { ...(ours as Record<string, unknown>) };
    for (const [key, value] of Object.entries(mask)) if (key in out || value === VARIES) out[key] = masked(value, out[key]);
    return out;
  }
  return ours;
}

const short = (value: unknown, max = 90) => {
  const text = typeof value === "string" ? JSON.stringify(value) : value === undefined ? "nothing" : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

const judged = (a: Verdict["assertions"][number] | undefined) =>
  !a ? "none" : a.skipped ? "skipped" : a.passed ? "pass" : a === undefined ? "none" : `fail ${short(a.error)}`;

/**
 * A script stopped by its time budget: postman-sandbox says `sandbox: synchronous script
 * execution timeout` (or asynchronous), mockman names the budget (its own message, held by
 * tests/collection/sandbox.test.ts). Both stopped it: the same verdict.
 */
const STOPPED = "<stopped by its time budget>";
/** Whether an error is a time budget's stop, in either side's words. */
export const stoppedByBudget = (error: string | null) =>
  !!error && (/^Error: sandbox: (a)?synchronous script execution timeout$/.test(error) || /time budget.* stopped$/.test(error));
const stopped = (error: string | null) => (stoppedByBudget(error) ? STOPPED : error);

/**
 * Words an engine chooses for its own errors, where V8 (the oracle's) and QuickJS (ours) say
 * the same thing differently: V8's `pm.require is not a function` is QuickJS's `not a function`.
 * Read alike wherever they appear (a script's error, an assertion's, a message quoting one);
 * the common others are said as V8 says them by the sandbox (sandbox.ts, wordAsV8: corpus/errors.ts).
 */
const ENGINE_WORDING: Array<[RegExp, string]> = [[/(?:\([^()]*\))?[\w$.[\]]*(?:\(\.\.\.\))? is not a function\b/g, "not a function"]];
export const engineWording = (text: string | null) =>
  typeof text !== "string" ? text : ENGINE_WORDING.reduce((t, [pattern, same]) => t.replace(pattern, same), text);

/** A verdict with the engines' wordings made one (ENGINE_WORDING). */
function worded(v: Verdict): Verdict {
  return {
    ...v,
    error: engineWording(v.error),
    assertions: v.assertions.map((a) => ({ ...a, error: engineWording(a.error) })),
  };
}

/** Every way ours differs from the oracle's verdict, one phrase each: "what: oracle X, ours Y". */
export function differences(oracleAsIs: Verdict, oursAsIs: Verdict): string[] {
  const [oracle, ours] = [worded(oracleAsIs), worded(oursAsIs)];
  const out: string[] = [];
  if (stopped(oracle.error) !== stopped(ours.error)) out.push(`error: oracle ${short(oracle.error)}, ours ${short(ours.error)}`);
  if (!oracle.late !== !ours.late) out.push(`late error: oracle ${short(oracle.late ?? null)}, ours ${short(ours.late ?? null)}`);
  const n = Math.max(oracle.assertions.length, ours.assertions.length);
  if (oracle.assertions.length !== ours.assertions.length)
    out.push(`assertions: oracle ${oracle.assertions.length}, ours ${ours.assertions.length}`);
  for (let i = 0; i < n; i++) {
    const [a, b] = [oracle.assertions[i], ours.assertions[i]];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (a && b && a.name !== b.name)
      out.push(`assertion ${i + 1}: oracle ${short(a.name)} ${judged(a)}, ours ${short(b.name)} ${judged(b)}`);
    else out.push(`assertion ${short((a ?? b)!.name, 60)}: oracle ${judged(a)}, ours ${judged(b)}`);
  }
  for (const scope of new Set([...Object.keys(oracle.variables), ...Object.keys(ours.variables)]) as Set<ScopeName>) {
    const [a, b] = [oracle.variables[scope] ?? {}, ours.variables[scope] ?? {}];
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      if (a[key] !== b[key]) out.push(`${scope}.${key}: oracle ${a[key] ?? "unset"}, ours ${b[key] ?? "unset"}`);
  }
  const sentAt = (list: Sent[], i: number) => list[i] && `${list[i].method} ${list[i].url}`;
  if (oracle.sent.length !== ours.sent.length)
    out.push(
      `sendRequest: oracle sent ${oracle.sent.length} ${short(oracle.sent.map((_, i) => sentAt(oracle.sent, i)))}, ours ${ours.sent.length}`,
    );
  else
    oracle.sent.forEach((sent, i) => {
      for (const field of ["method", "url", "headers", "body"] as const)
        if (JSON.stringify(sent[field]) !== JSON.stringify(ours.sent[i][field]))
          out.push(`sendRequest ${i + 1} ${field}: oracle ${short(sent[field])}, ours ${short(ours.sent[i][field])}`);
    });
  if (oracle.skip !== ours.skip) out.push(`skipRequest: oracle ${oracle.skip}, ours ${ours.skip}`);
  if (oracle.next !== ours.next) out.push(`setNextRequest: oracle ${oracle.next ?? "not called"}, ours ${ours.next ?? "not called"}`);
  if (oracle.request || ours.request)
    for (const field of ["method", "url", "headers", "body"] as const) {
      const [a, b] = [oracle.request?.[field], ours.request?.[field]];
      if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`pm.request.${field} after: oracle ${short(a)}, ours ${short(b)}`);
    }
  return out;
}
