// A run's results as they come (RunnerDialog): pass or fail, status, time and tests
// per request, with each failed assertion named, in a list a keyboard can scroll.
// Windowed (@tanstack/react-virtual, each row measured): only the rows near the list's
// scrolled-to part are in the DOM, with space above and below for the rest, so a run of
// 1,000 requests keeps a short DOM and each new result's render and layout stay small.
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useRef } from "react";
import { assertionCounts, type ReplayResult } from "#mock/tester/engine/reporters";
import { formatMs } from "../lib/send";

/** A passing row's height (one line); a failing one is measured when it shows. */
const ROW = 29;

export function RunResults({ results, iterations }: { results: ReplayResult[]; iterations: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The compiler leaves this component alone; its rows are memoized by hand (RunRow).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 10,
    // A jsdom or hidden list has no size yet: its first rows still render.
    initialRect: { width: 0, height: 400 },
  });
  if (results.length === 0) return null;
  const rows = virtualizer.getVirtualItems();
  const before = rows.length ? rows[0].start : 0;
  const after = rows.length ? virtualizer.getTotalSize() - rows[rows.length - 1].end : 0;
  return (
    // Scrollable: focusable so a keyboard can scroll it (axe: scrollable-region-focusable). The box
    // scrolls and the list inside it is padded: a padded box with a max-height would grow instead.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div ref={scrollRef} className="mm-run-results" tabIndex={0}>
      <ol className="mm-run-list" aria-label="Run results" style={{ paddingTop: before, paddingBottom: after }}>
        {rows.map((row) => (
          <RunRow
            key={row.index}
            index={row.index}
            count={results.length}
            measure={virtualizer.measureElement}
            result={results[row.index]}
            iterations={iterations}
          />
        ))}
      </ol>
    </div>
  );
}

/** One result; memoized, so a result arriving renders its own row and not the whole list again. */
const RunRow = memo(function RunRow({
  result: r,
  iterations,
  index,
  count,
  measure,
}: {
  result: ReplayResult;
  iterations: number;
  index: number;
  count: number;
  measure: (node: Element | null) => void;
}) {
  const c = assertionCounts(r);
  return (
    <li ref={measure} data-index={index} aria-posinset={index + 1} aria-setsize={count} className={r.pass ? "mm-run-pass" : "mm-run-fail"}>
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
