// A run's results as they come (RunnerDialog): pass or fail, the request's name as
// the collection gives it ("List posts"), status, time and tests, with each failed
// assertion named; each opens (a disclosure) to the request sent, the response (and the cookies it set) and
// every assertion. All or only the failed ones, in a list a keyboard can scroll.
// Windowed (@tanstack/react-virtual, each row measured): only the rows near the list's
// scrolled-to part are in the DOM, with space above and below for the rest, so a run of
// 1,000 requests keeps a short DOM and each new result's render and layout stay small.
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useMemo, useRef, useState } from "react";
import { assertionCounts, type ReplayResult } from "#mock/tester/engine/reporters";
import type { ResultDetail } from "../lib/run-protocol";
import { formatMs } from "../lib/send";
import { splitSetCookie } from "#mock/core/web-raw";
import { CookieTable } from "./lazy";

/** A passing row's height (one line); a failing one is measured when it shows. */
const ROW = 29;

interface Props {
  results: ReplayResult[];
  iterations: number;
  /** A result's name in the collection, and what was sent and came back, when the run told. */
  detailOf?: (result: ReplayResult) => ResultDetail | undefined;
}

export function RunResults({ results, iterations, detailOf }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [filter, setFilter] = useState<"all" | "failed">("all");
  const shown = useMemo(() => (filter === "all" ? results : results.filter((r) => !r.pass)), [results, filter]);
  const failed = useMemo(() => results.reduce((n, r) => (r.pass ? n : n + 1), 0), [results]);
  // The compiler leaves this component alone; its rows are memoized by hand (RunRow).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
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
    <>
      <fieldset className="mm-run-filter">
        <legend className="mm-visually-hidden">Show results</legend>
        <label>
          <input type="radio" name="mm-run-filter" checked={filter === "all"} onChange={() => setFilter("all")} /> All ({results.length})
        </label>
        <label>
          <input type="radio" name="mm-run-filter" checked={filter === "failed"} onChange={() => setFilter("failed")} /> Failed ({failed})
        </label>
      </fieldset>
      {/* Scrollable: focusable so a keyboard can scroll it (axe: scrollable-region-focusable). The box
          scrolls and the list inside it is padded: a padded box with a max-height would grow instead. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={scrollRef} className="mm-run-results" tabIndex={0}>
        {shown.length === 0 && <p className="mm-hint">No failed requests.</p>}
        <ol className="mm-run-list" aria-label="Run results" style={{ paddingTop: before, paddingBottom: after }}>
          {rows.map((row) => (
            <RunRow
              key={`${filter}-${row.index}`}
              index={row.index}
              count={shown.length}
              measure={virtualizer.measureElement}
              result={shown[row.index]}
              detail={detailOf?.(shown[row.index])}
              iterations={iterations}
            />
          ))}
        </ol>
      </div>
    </>
  );
}

const Headers = ({ title, rows }: { title: string; rows: Array<[string, string]> }) => (
  <>
    <h4 className="mm-run-part">{title}</h4>
    {rows.length ? <pre className="mm-run-pre">{rows.map(([k, v]) => `${k}: ${v}`).join("\n")}</pre> : <p className="mm-meta">None.</p>}
  </>
);

/** One result; memoized, so a result arriving renders its own row and not the whole list again. */
const RunRow = memo(function RunRow({
  result: r,
  detail,
  iterations,
  index,
  count,
  measure,
}: {
  result: ReplayResult;
  detail?: ResultDetail;
  iterations: number;
  index: number;
  count: number;
  measure: (node: Element | null) => void;
}) {
  const c = assertionCounts(r);
  const name = detail?.label ?? r.name;
  // The detail is rendered only while open: a run of 1,000 keeps its rows light.
  const [open, setOpen] = useState(false);
  return (
    <li ref={measure} data-index={index} aria-posinset={index + 1} aria-setsize={count} className={r.pass ? "mm-run-pass" : "mm-run-fail"}>
      <details className="mm-run-item" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <span className={`mm-badge ${r.pass ? "mm-badge-ok" : "mm-badge-error"}`}>{r.pass ? "Pass" : "Fail"}</span>{" "}
          <span className="mm-run-name" title={detail?.where}>
            {r.iteration !== undefined && iterations > 1 ? `#${r.iteration + 1} ` : ""}
            {name}
          </span>{" "}
          <span className="mm-meta">
            {r.method} · {r.status ?? "not sent"} · {formatMs(r.ms)} · tests {c.made - c.failed}/{c.made}
          </span>
        </summary>
        {open && (
          <div className="mm-run-detail">
            <h4 className="mm-run-part">Request</h4>
            <p className="mm-run-line">
              {detail?.request ? `${detail.request.method} ${detail.request.path}` : `${r.method} ${r.path}`}
              {detail?.where && detail.where !== name ? <span className="mm-meta"> · {detail.where}</span> : null}
            </p>
            {detail?.request && <Headers title="Request headers" rows={detail.request.headers} />}
            {detail?.request?.body ? (
              <>
                <h4 className="mm-run-part">Request body</h4>
                <pre className="mm-run-pre">{detail.request.body}</pre>
              </>
            ) : null}
            <h4 className="mm-run-part">Response</h4>
            {detail?.response ? (
              <>
                <p className="mm-run-line">
                  {detail.response.status} {detail.response.statusText} · {formatMs(detail.response.ms)}
                </p>
                <Headers title="Response headers" rows={Object.entries(detail.response.headers)} />
                {detail.response.headers["set-cookie"] && (
                  <>
                    <h4 className="mm-run-part">Response cookies</h4>
                    <CookieTable
                      setCookies={splitSetCookie(detail.response.headers["set-cookie"])}
                      url={detail.request?.path ?? r.path}
                      label={`Cookies of ${name}`}
                    />
                  </>
                )}
                <h4 className="mm-run-part">Response body</h4>
                <pre className="mm-run-pre">{detail.response.body || "(empty)"}</pre>
              </>
            ) : (
              <p className="mm-meta">{r.error ?? "No response."}</p>
            )}
            <h4 className="mm-run-part">Assertions</h4>
            {r.assertions?.length ? (
              <ul className="mm-run-assertions" aria-label={`Assertions of ${name}`}>
                {r.assertions.map((a, i) => (
                  <li key={i} className={a.skipped ? "mm-meta" : a.pass ? "mm-test-pass" : "mm-test-error"}>
                    {a.skipped ? "– skipped" : a.pass ? "✓" : "✗"} {a.name}
                    {a.error ? ` — ${a.error}` : ""}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mm-meta">No tests.</p>
            )}
          </div>
        )}
      </details>
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
