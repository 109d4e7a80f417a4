// A request's test results after a Send with scripts: each pm.test passed or
// failed (with its error), and any script that threw or ran past its budget.
import type { ReplayResult } from "#mock/tester/engine/reporters";
import type { TestRun } from "../lib/scripts";

/** Script errors (a pre-request or test script that threw, timed out or ran out of memory), as the engine words them. */
export const scriptErrors = (result: ReplayResult) =>
  result.failures.filter((f) => / script of /.test(f.check)).map((f) => `${f.check}: ${f.actual}`);

/** "Test results (2/3)": passed out of made. */
export function testsLabel(run: TestRun | undefined): string {
  const made = (run?.result?.assertions ?? []).filter((a) => !a.skipped);
  const errors = run?.result ? scriptErrors(run.result).length : run?.error ? 1 : 0;
  if (!made.length && !errors) return "Test results";
  return `Test results (${made.filter((a) => a.pass).length}/${made.length}${errors ? `, ${errors} error${errors > 1 ? "s" : ""}` : ""})`;
}

export function TestResults({ run }: { run: TestRun }) {
  const result = run.result;
  const errors = result ? scriptErrors(result) : [];
  const assertions = result?.assertions ?? [];
  return (
    <div className="mm-test-results" data-testid="test-results">
      {run.error && (
        <p className="mm-error" role="alert">
          Scripts could not run: {run.error}
        </p>
      )}
      {errors.map((error) => (
        <p key={error} className="mm-error mm-script-error" role="alert">
          {error}
        </p>
      ))}
      {run.notes.map((note) => (
        <p key={note} className="mm-hint">
          {note}
        </p>
      ))}
      {result?.warnings?.map((warning) => (
        <p key={warning} className="mm-hint">
          {warning}
        </p>
      ))}
      {assertions.length === 0 ? (
        !errors.length && !run.error && <p className="mm-hint">No tests ran: add pm.test() calls to the request&apos;s Tests script.</p>
      ) : (
        <ul className="mm-test-list" aria-label="Tests">
          {assertions.map((a, i) => (
            <li key={`${i}:${a.name}`} className={a.pass ? "mm-test mm-test-pass" : "mm-test mm-test-fail"}>
              <span className={`mm-badge ${a.skipped ? "" : a.pass ? "mm-badge-ok" : "mm-badge-error"}`}>
                {a.skipped ? "Skipped" : a.pass ? "Passed" : "Failed"}
              </span>{" "}
              <span className="mm-test-name">{a.name}</span>
              {a.error && <span className="mm-test-error"> — {a.error}</span>}
            </li>
          ))}
        </ul>
      )}
      {result?.sent?.length ? (
        <p className="mm-hint">
          Sent by the scripts: {result.sent.map((s) => `${s.method} ${s.url} ${s.status ?? s.error ?? ""}`.trim()).join("; ")}
        </p>
      ) : null}
    </div>
  );
}
