// A run's results as they come (RunnerDialog): pass or fail, status, time and tests
// per request, with each failed assertion named, in a list a keyboard can scroll.
import { memo } from "react";
import { assertionCounts, type ReplayResult } from "#mock/tester/engine/reporters";
import { formatMs } from "../lib/send";

export function RunResults({ results, iterations }: { results: ReplayResult[]; iterations: number }) {
  if (results.length === 0) return null;
  return (
    // Scrollable: focusable so a keyboard can scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <ol className="mm-run-results" aria-label="Run results" tabIndex={0}>
      {results.map((r, i) => (
        <RunRow key={i} result={r} iterations={iterations} />
      ))}
    </ol>
  );
}

/** One result; memoized, so a result arriving renders its own row and not the whole list again. */
const RunRow = memo(function RunRow({ result: r, iterations }: { result: ReplayResult; iterations: number }) {
  const c = assertionCounts(r);
  return (
    <li className={r.pass ? "mm-run-pass" : "mm-run-fail"}>
      <span className={`mm-badge ${r.pass ? "mm-badge-ok" : "mm-badge-error"}`}>{r.pass ? "Pass" : "Fail"}</span>{" "}
      <span className="mm-run-name">
        {r.iteration !== undefined && iterations > 1 ? `#${r.iteration + 1} ` : ""}
        {r.method} {r.name}
      </span>{" "}
      <span className="mm-meta">
        {r.status ?? "not sent"} · {formatMs(r.ms)} · tests {c.made - c.failed}/{c.made}
      </span>
      {r.assertions
        ?.filter((a) => !a.pass && !a.skipped)
        .map((a) => (
          <div key={a.name} className="mm-test-error">
            ✗ {a.name}
            {a.error ? ` — ${a.error}` : ""}
          </div>
        ))}
      {!r.pass && !r.assertions?.some((a) => !a.pass) && r.error && <div className="mm-test-error">{r.error}</div>}
    </li>
  );
});
