// The host's side of a run, bounded: whatever a script does, the work and memory it makes the
// host spend grow linearly with what the bounds allow, never with what the script asks. It takes
// what a sandbox hands back (a ScriptOutcome) and what a script asks of the host (pm.sendRequest),
// so it holds whatever runtime runs the scripts. Past a bound, that request fails with a message
// naming the bound; the run, its report and the process go on. What a sandbox can count as it
// crosses its bridge (assertions, pm.sendRequest's events, the jar's cookies) it asks the step's
// host about while the script runs (ScriptHost.crossing): past a bound the script is stopped there.
//
//   const run = runBounds();                       // one per run: the report's budget
//   const step = run.step(host);                   // one per request: its scripts' pm.sendRequest
//   sandbox.run(input, where, step.host);
//   step.take(outcome, { label, assertions, errors, script, scriptErrors });
//   run.result(result);                            // each result, before it is printed or kept
//
// The bounds themselves are in limits.ts.
import type { CheckFailure } from "#mock/tester/collection/assert";
import type { Assertion, ConsoleEntry, ScriptHost, ScriptOutcome, Thrown } from "../sandbox/sandbox";
import type { ReplayResult } from "./reporters";
import { BOUNDS, cut, NotSent } from "./limits";

export { BOUNDS, cut, NotSent } from "./limits";

const MB = 1024 * 1024;
const size = (n: number) => (n % MB === 0 ? `${n / MB} MB` : n.toLocaleString("en-US"));
const count = (n: number) => n.toLocaleString("en-US");

/** The most `cut` adds: "… (9,007,199,254,740,991 more characters)". */
const CUT_NOTE = 48;

const failureOf = (check: string, message: string): CheckFailure => ({ check, expected: "", actual: message });

/** Past assertionsPerScript: taken after the script (`made` of them), or stopped at the bridge as the one past it crossed. */
const tooManyAssertions = (made: number, kept: number, stopped: boolean) =>
  `the script made ${count(made)} assertions, more than the ${count(BOUNDS.assertionsPerScript)} one script may make (the bound)${stopped ? ", and was stopped" : ""}; the first ${count(kept)} are kept`;
const tooManySends = (rest: string) =>
  `pm.sendRequest: more than ${count(BOUNDS.sendsPerRequest)} requests from one request's scripts (the bound); ${rest}`;
const tooManyBytes = (rest: string) =>
  `pm.sendRequest: more than ${size(BOUNDS.sendBytesPerRequest)} sent and received by one request's scripts (the bound); ${rest}`;
const STOPPED = "the script was stopped";

/** The bytes of a text as UTF-8 sends it, at most (2 per UTF-16 unit over 0x7f is enough for a bound). */
const bytesOf = (text: string | null | undefined) => (text ? text.length * 2 : 0);

export interface StepBounds {
  /**
   * The host to hand the sandbox: pm.sendRequest bounded in flight, in count and in bytes; and, at the
   * bridge, assertions, requests and cookies counted as they cross (crossing).
   */
  host: ScriptHost;
  /**
   * What a script handed back, taken within the bounds: its assertions (names and messages cut,
   * at most assertionsPerScript of them, the report's budget kept), its error, the changes the jar
   * refused (its bounds: engine/cookies.ts), and a failure for each bound passed.
   */
  take(
    outcome: ScriptOutcome,
    into: {
      label: string;
      assertions: Assertion[];
      errors: CheckFailure[];
      /** Each of those failures, as what it was (ReplayResult.scriptErrors): the script's error, or a bound passed. */
      scriptErrors?: NonNullable<ReplayResult["scriptErrors"]>;
      console?: Array<ConsoleEntry & { script?: "prerequest" }>;
      /** Which script it was: a pre-request script's console calls are marked so (ReplayResult.console). */
      script?: "prerequest" | "test";
      warnings?: string[];
    },
  ): void;
}

export interface RunBounds {
  step(host: ScriptHost): StepBounds;
  /**
   * A result as the report keeps it, cut in place: its path (sent whole; a script can make it 16M
   * characters), error, warnings and pm.sendRequest URLs, charged to the report's budget.
   */
  result(result: ReplayResult): void;
}

/** `report`: the run keeps its results for a report (json, junit); without one, results are printed and let go, and only each text's own bound holds. */
export function runBounds(report = true): RunBounds {
  let reportLeft: number = BOUNDS.reportChars;
  let reportFull = false;
  /** A name or message as the report keeps it: cut to its bound, and to what the report has left. */
  const keep = (text: string, max: number) => {
    const kept = cut(text, reportLeft <= 0 ? 80 : max);
    if (report) reportLeft -= kept.length;
    if (reportLeft < 0) reportFull = true;
    return kept;
  };
  return {
    result(result) {
      result.path = keep(result.path, BOUNDS.urlChars);
      // Its first failure in one line (kept with it already), or why it was not sent: cut, never to less than the bound.
      if (result.error !== undefined) result.error = cut(result.error, BOUNDS.messageChars);
      if (result.warnings) {
        const more = result.warnings.length - BOUNDS.warningsPerRequest;
        result.warnings = result.warnings.slice(0, BOUNDS.warningsPerRequest).map((w) => keep(w, BOUNDS.messageChars));
        if (more > 0) result.warnings.push(`and ${count(more)} more warnings (the bound is ${BOUNDS.warningsPerRequest})`);
      }
      for (const sent of result.sent ?? []) {
        sent.url = keep(sent.url, BOUNDS.urlChars);
        if (sent.error !== undefined) sent.error = keep(sent.error, BOUNDS.messageChars);
      }
      // An assertion's failure was kept (and counted) with it: only a text still past its bound (and its cut's note) is cut.
      for (const failure of result.failures) {
        if (failure.check.length > BOUNDS.nameChars + CUT_NOTE) failure.check = keep(failure.check, BOUNDS.nameChars);
        if (failure.actual.length > BOUNDS.messageChars + CUT_NOTE) failure.actual = keep(failure.actual, BOUNDS.messageChars);
      }
    },
    step(inner) {
      let inFlight = 0;
      let sends = 0;
      let bytes = 0;
      /** At the bridge: the pm.sendRequest events that crossed, their bytes (2 a character, before they are read), the answers' bytes. */
      let asked = 0;
      let askedBytes = 0;
      let received = 0;
      const breaches: string[] = [];
      const refuse = (message: string) => {
        if (!breaches.includes(message)) breaches.push(message);
        return Promise.reject(new Error(message));
      };
      const host: ScriptHost = {
        dynamicVariable: inner.dynamicVariable && ((name) => inner.dynamicVariable!(name)),
        ...(inner.cookieJar ? { cookieJar: inner.cookieJar } : {}),
        ...(inner.multipart ? { multipart: inner.multipart } : {}),
        async sendRequest(request) {
          if (inFlight >= BOUNDS.sendInFlight)
            return refuse(`pm.sendRequest: more than ${BOUNDS.sendInFlight} requests in flight at once (the bound); this one was not sent`);
          if (sends >= BOUNDS.sendsPerRequest) return refuse(tooManySends("the rest were not sent"));
          bytes += bytesOf(request.body) + bytesOf(request.url);
          for (const [k, v] of request.headers) bytes += bytesOf(k) + bytesOf(v);
          if (bytes > BOUNDS.sendBytesPerRequest) return refuse(tooManyBytes("the rest were not sent"));
          sends++;
          inFlight++;
          try {
            const response = await inner.sendRequest(request);
            let answer = bytesOf(response.body);
            for (const [k, v] of response.headers) answer += bytesOf(k) + bytesOf(v);
            bytes += answer;
            received += answer;
            // The answer is not handed on (nor held) past the bound.
            if (bytes > BOUNDS.sendBytesPerRequest) return refuse(tooManyBytes("this answer was dropped"));
            return response;
          } finally {
            inFlight--;
          }
        },
        crossing(what, n) {
          if (what === "assertion")
            return n > BOUNDS.assertionsPerScript ? tooManyAssertions(n, BOUNDS.assertionsPerScript, true) : undefined;
          if (what === "cookie")
            return n > BOUNDS.jarCookies
              ? `pm.cookies: the jar holds ${count(BOUNDS.jarCookies)} cookies (the bound); ${STOPPED} and its cookie changes dropped`
              : undefined;
          // A request's event holds its URL, headers and body (as JSON, so never fewer characters than they have):
          // past the bound by its size, it is refused before it is read.
          if (++asked > BOUNDS.sendsPerRequest) return tooManySends(STOPPED);
          askedBytes += 2 * n;
          return askedBytes + received > BOUNDS.sendBytesPerRequest ? tooManyBytes(`${STOPPED} before this one was read`) : undefined;
        },
      };
      return {
        host,
        take(outcome, into) {
          const fail = (message: string, thrown: Thrown = { kind: "limit", message }) => {
            into.errors.push(failureOf(into.label, message));
            into.scriptErrors?.push({ script: into.script ?? "test", thrown });
          };
          const made = outcome.assertions ?? [];
          const kept = Math.min(made.length, BOUNDS.assertionsPerScript);
          const fullBefore = reportFull;
          // One by one: a spread of 200,000 would overflow the stack.
          for (let i = 0; i < kept; i++) {
            const a = made[i];
            const assertion: Assertion = {
              name: keep(String(a.name), BOUNDS.nameChars),
              passed: Boolean(a.passed),
              skipped: Boolean(a.skipped),
            };
            if (a.error !== undefined && a.error !== null) assertion.error = keep(String(a.error), BOUNDS.messageChars);
            if (typeof a.errorName === "string") assertion.errorName = cut(a.errorName, BOUNDS.nameChars);
            if (a.noMessage) assertion.noMessage = true;
            if (Number.isSafeInteger(a.index)) assertion.index = a.index;
            into.assertions.push(assertion);
          }
          const thrown = outcome.thrown;
          if (outcome.error)
            fail(
              keep(outcome.error, BOUNDS.messageChars),
              thrown?.kind === "error"
                ? { kind: "error", message: keep(thrown.message, BOUNDS.messageChars) }
                : thrown?.kind === "value"
                  ? thrown
                  : undefined,
            );
          for (const message of breaches.splice(0)) fail(message);
          if (made.length > kept) fail(tooManyAssertions(made.length, kept, false));
          if (reportFull && !fullBefore)
            fail(
              `the report reached its bound of ${count(BOUNDS.reportChars)} characters of names, messages and paths; later ones are cut to 80 characters`,
            );
          else if (reportFull && kept)
            fail(
              `the report is past its bound of ${count(BOUNDS.reportChars)} characters of names, messages and paths; this request's are cut`,
            );
          // Its console output: within the script's bounds (sandbox.ts drops the rest unread), and charged to the report's budget.
          const logged = outcome.console ?? [];
          let dropped = outcome.consoleDropped ?? 0;
          if (logged.length && into.console) {
            if (report && reportLeft - (outcome.consoleChars ?? 0) < 0) dropped += logged.length;
            else {
              if (report) reportLeft -= outcome.consoleChars ?? 0;
              for (const entry of logged) into.console.push(into.script === "prerequest" ? { ...entry, script: "prerequest" } : entry);
            }
          }
          if (dropped && into.warnings)
            into.warnings.push(
              `the ${into.label} logged more than its console output may hold (${count(BOUNDS.consoleCallsPerScript)} calls, ${size(BOUNDS.consoleCharsPerScript)} in all, within the report's bound); ${count(dropped)} console calls were dropped`,
            );
          const refused = outcome.cookiesRefused?.count ?? 0;
          if (refused)
            fail(`pm.cookies: ${count(refused)} change${refused === 1 ? " was" : "s were"} refused: ${outcome.cookiesRefused!.why}`);
        },
      };
    },
  };
}

/** `text` with {{variables}} filled, or as written when filling it passes a bound (for what only looks, such as the jar's URL). */
export function filledOr(fill: (text: string) => string, text: string): string {
  try {
    return fill(text);
  } catch (error) {
    if (error instanceof NotSent) return text;
    throw error;
  }
}
