// Run…: a collection or folder through the tester's engine, as `mockman replay`
// runs it (lib/run-client.ts: scripts in the run worker, each request sent by
// the page to the same place its Send goes). The environment (the active one
// unless another is picked), iterations, a data file (CSV or JSON, a row per
// iteration), a delay between requests; results as they come,
// a summary, Stop, and the report as JUnit (Newman's, by its own reporter in
// the run worker) or JSON. Loaded on first use; its state is hooks/useRun.ts.
import { downloadText } from "#app/lib/download";
import { useState } from "react";
import { jsonReport } from "#mock/tester/engine/reporters";
import { useModal } from "../hooks/useModal";
import { fileBase, useRun, type RunTarget } from "../hooks/useRun";
import { formatMs } from "../lib/send";
import { EnvironmentSelect } from "./EnvironmentBar";
import { RunResults } from "./RunResults";

export default function RunnerDialog({ onClose, ...target }: RunTarget & { onClose(): void }) {
  const dialog = useModal(true);
  const run = useRun(target);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const { title, options, running, state, totals, report } = run;
  const numberField = (id: string, label: string, value: string, set: (text: string) => void) => (
    <>
      <label className="mm-field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="mm-input" inputMode="numeric" value={value} disabled={running} onChange={(e) => set(e.target.value)} />
    </>
  );
  const stateWord = running ? "Running… " : state === "stopped" ? "Stopped. " : state === "failed" ? "Failed. " : "Done. ";
  const count = run.results.length;

  return (
    <dialog ref={dialog} className="mm-dialog mm-runner" aria-labelledby="mm-runner-title" onClose={onClose}>
      <h2 id="mm-runner-title" className="mm-panel-title">
        Run {title}
      </h2>
      <form
        className="mm-runner-options"
        onSubmit={(e) => {
          e.preventDefault();
          void run.run();
        }}
      >
        <label className="mm-field-label" htmlFor="mm-run-environment">
          Environment
        </label>
        <EnvironmentSelect id="mm-run-environment" {...options} disabled={running} />
        {numberField("mm-run-iterations", "Iterations", options.iterations, options.setIterations)}
        <label className="mm-field-label" htmlFor="mm-run-data">
          Data file (CSV or JSON, a row per iteration; optional)
        </label>
        <input
          id="mm-run-data"
          className="mm-input"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          disabled={running}
          onChange={(e) => void options.readData(e.target.files?.[0])}
        />
        {options.data && (
          <p className="mm-hint">
            {options.data.name}: {options.data.rows.length} row{options.data.rows.length === 1 ? "" : "s"}
          </p>
        )}
        {numberField("mm-run-delay", "Delay between requests (ms)", options.delay, options.setDelay)}
        {options.problem && (
          <p className="mm-error" role="alert">
            {options.problem}
          </p>
        )}
        <div className="mm-dialog-actions">
          <button type="button" className="mm-button" onClick={onClose}>
            Close
          </button>
          {/* Keyed apart: were Stop the same element as Run, React would make it a submit button again
              before the click's default action, and Stop would start the run anew. */}
          {running ? (
            <button key="stop" type="button" className="mm-button mm-danger" onClick={run.stop}>
              Stop
            </button>
          ) : (
            <button key="run" type="submit" className="mm-button mm-primary" disabled={!!options.problem}>
              {state === "idle" ? "Run" : "Run again"}
            </button>
          )}
        </div>
      </form>
      {run.notes.map((note) => (
        <p key={note} className="mm-hint">
          {note}
        </p>
      ))}
      <p className="mm-runner-summary" role="status" data-testid="run-summary">
        {state === "idle"
          ? ""
          : `${stateWord}${count} request${count === 1 ? "" : "s"}: ${totals.passed} passed, ${totals.failed} failed; tests ${totals.tests - totals.testsFailed}/${totals.tests} passed${report ? ` in ${formatMs(report.ms)}` : ""}. ${run.ranWith}`}
      </p>
      {run.problem && (
        <p className="mm-error" role="alert">
          The run could not go on: {run.problem}
        </p>
      )}
      <RunResults results={run.results} iterations={run.iterationsShown} detailOf={run.detailOf} />
      {exportProblem && (
        <p className="mm-error" role="alert">
          {exportProblem}
        </p>
      )}
      {report && (
        <div className="mm-toolbar" role="group" aria-label="Export report">
          <button
            type="button"
            className="mm-button"
            onClick={() =>
              void run.junit()?.then(
                (xml) => {
                  setExportProblem(null);
                  downloadText(xml, `${fileBase(title)}-report.xml`, "application/xml");
                },
                (error: unknown) =>
                  setExportProblem(`the JUnit report could not be made: ${error instanceof Error ? error.message : String(error)}`),
              )
            }
          >
            Export JUnit
          </button>
          <button type="button" className="mm-button" onClick={() => downloadText(jsonReport(report), `${fileBase(title)}-report.json`)}>
            Export JSON
          </button>
        </div>
      )}
    </dialog>
  );
}
