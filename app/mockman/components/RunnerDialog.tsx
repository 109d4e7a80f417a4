// Run…: a collection or folder through the tester's engine, as `mockman replay`
// runs it (lib/run-client.ts: scripts in the run worker, each request sent by
// the page to the same place its Send goes). Iterations, a data file (CSV or
// JSON, a row per iteration), a delay between requests; results as they come,
// a summary, Stop, and the report as JUnit or JSON. Loaded on first use.
import { useEffect, useRef, useState } from "react";
import { downloadText } from "#app/lib/download";
import { parseIterationData, type DataRow } from "#mock/tester/engine/data";
import { assertionCounts, junitXml, type ReplayReport, type ReplayResult } from "#mock/tester/engine/reporters";
import { useModal } from "../hooks/useModal";
import { startRun, RunStopped, type RunHandle } from "../lib/run-client";
import type { SavedCollection } from "../lib/saved";
import { formatMs } from "../lib/send";
import type { Variables } from "../lib/variables";

interface Props {
  collection: SavedCollection;
  /** A folder to run alone (its id and name), or null for the whole collection. */
  folder: { id: string; name: string } | null;
  /** The active environment's variables, the run's environment. */
  variables: Variables;
  onClose(): void;
}

type State = "idle" | "running" | "done" | "stopped" | "failed";

const fileBase = (name: string) => name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "run";

export default function RunnerDialog({ collection, folder, variables, onClose }: Props) {
  const dialog = useModal(true);
  const title = folder ? `${collection.name} / ${folder.name}` : collection.name;
  const [iterations, setIterations] = useState("1");
  const [delay, setDelay] = useState("0");
  const [data, setData] = useState<{ name: string; rows: DataRow[] } | null>(null);
  const [dataProblem, setDataProblem] = useState<string | null>(null);
  const [state, setState] = useState<State>("idle");
  const [results, setResults] = useState<ReplayResult[]>([]);
  const [report, setReport] = useState<ReplayReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const handle = useRef<RunHandle | null>(null);
  useEffect(() => () => handle.current?.stop(), []);

  const readData = async (file: File | undefined) => {
    setDataProblem(null);
    if (!file) return setData(null);
    try {
      setData({ name: file.name, rows: parseIterationData(await file.text()) });
    } catch (error) {
      setData(null);
      setDataProblem(`${file.name} cannot be used: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const count = Number(iterations);
  const wait = Number(delay);
  const inputProblem =
    iterations.trim() && (!Number.isInteger(count) || count < 1 || count > 1000)
      ? "Iterations: a whole number from 1 to 1000, or empty for one per data row."
      : !Number.isInteger(wait) || wait < 0 || wait > 60_000
        ? "Delay: a whole number of milliseconds from 0 to 60000."
        : null;

  const run = async () => {
    if (inputProblem || dataProblem) return;
    setResults([]);
    setReport(null);
    setProblem(null);
    setNotes([]);
    setState("running");
    const started = startRun(
      {
        collection: collection.postman,
        environment: variables,
        globals: {},
        data: data?.rows ?? [],
        ...(iterations.trim() ? { iterationCount: count } : {}),
        folders: folder ? [folder.id] : [],
        delayMs: wait,
        file: `${fileBase(title)}.postman_collection.json`,
      },
      { onReady: (info) => setNotes(info.notes), onResult: (result) => setResults((list) => [...list, result]) },
    );
    handle.current = started;
    try {
      const { report: done } = await started.done;
      setReport(done);
      setState("done");
    } catch (error) {
      if (error instanceof RunStopped) return setState("stopped");
      setProblem(error instanceof Error ? error.message : String(error));
      setState("failed");
    } finally {
      handle.current = null;
    }
  };

  const totals = results.reduce(
    (t, r) => {
      const c = assertionCounts(r);
      return {
        passed: t.passed + (r.pass ? 1 : 0),
        failed: t.failed + (r.pass ? 0 : 1),
        tests: t.tests + c.made,
        testsFailed: t.testsFailed + c.failed,
      };
    },
    { passed: 0, failed: 0, tests: 0, testsFailed: 0 },
  );
  const running = state === "running";
  const numberField = (id: string, label: string, value: string, set: (text: string) => void) => (
    <>
      <label className="mm-field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="mm-input" inputMode="numeric" value={value} disabled={running} onChange={(e) => set(e.target.value)} />
    </>
  );

  return (
    <dialog ref={dialog} className="mm-dialog mm-runner" aria-labelledby="mm-runner-title" onClose={onClose}>
      <h2 id="mm-runner-title" className="mm-panel-title">
        Run {title}
      </h2>
      <form
        className="mm-runner-options"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        {numberField("mm-run-iterations", "Iterations", iterations, setIterations)}
        <label className="mm-field-label" htmlFor="mm-run-data">
          Data file (CSV or JSON, a row per iteration; optional)
        </label>
        <input
          id="mm-run-data"
          className="mm-input"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          disabled={running}
          onChange={(e) => void readData(e.target.files?.[0])}
        />
        {data && (
          <p className="mm-hint">
            {data.name}: {data.rows.length} row{data.rows.length === 1 ? "" : "s"}
          </p>
        )}
        {numberField("mm-run-delay", "Delay between requests (ms)", delay, setDelay)}
        {(inputProblem || dataProblem) && (
          <p className="mm-error" role="alert">
            {inputProblem ?? dataProblem}
          </p>
        )}
        <div className="mm-dialog-actions">
          <button type="button" className="mm-button" onClick={onClose}>
            Close
          </button>
          {running ? (
            <button type="button" className="mm-button mm-danger" onClick={() => handle.current?.stop()}>
              Stop
            </button>
          ) : (
            <button type="submit" className="mm-button mm-primary" disabled={!!inputProblem || !!dataProblem}>
              {state === "idle" ? "Run" : "Run again"}
            </button>
          )}
        </div>
      </form>
      {notes.map((note) => (
        <p key={note} className="mm-hint">
          {note}
        </p>
      ))}
      <p className="mm-runner-summary" role="status" data-testid="run-summary">
        {state === "idle"
          ? ""
          : `${running ? "Running… " : state === "stopped" ? "Stopped. " : state === "failed" ? "Failed. " : "Done. "}${results.length} request${results.length === 1 ? "" : "s"}: ${totals.passed} passed, ${totals.failed} failed; tests ${totals.tests - totals.testsFailed}/${totals.tests} passed${report ? ` in ${formatMs(report.ms)}` : ""}.`}
      </p>
      {problem && (
        <p className="mm-error" role="alert">
          The run could not go on: {problem}
        </p>
      )}
      {results.length > 0 && (
        // Scrollable: focusable so a keyboard can scroll it (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <ol className="mm-run-results" aria-label="Run results" tabIndex={0}>
          {results.map((r, i) => {
            const c = assertionCounts(r);
            return (
              <li key={i} className={r.pass ? "mm-run-pass" : "mm-run-fail"}>
                <span className={`mm-badge ${r.pass ? "mm-badge-ok" : "mm-badge-error"}`}>{r.pass ? "Pass" : "Fail"}</span>{" "}
                <span className="mm-run-name">
                  {r.iteration !== undefined && (report?.iterations ?? count) > 1 ? `#${r.iteration + 1} ` : ""}
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
          })}
        </ol>
      )}
      {report && (
        <div className="mm-toolbar" role="group" aria-label="Export report">
          <button
            type="button"
            className="mm-button"
            onClick={() => downloadText(junitXml(report), `${fileBase(title)}-report.xml`, "application/xml")}
          >
            Export JUnit
          </button>
          <button
            type="button"
            className="mm-button"
            onClick={() => downloadText(JSON.stringify(report, null, 2) + "\n", `${fileBase(title)}-report.json`)}
          >
            Export JSON
          </button>
        </div>
      )}
    </dialog>
  );
}
