// The state of one Run… (components/RunnerDialog.tsx): its options as typed, the
// environment it runs with (the page's active one unless another is picked), the
// data file, the results as they come from the run worker (lib/run-client.ts),
// the final report, and Stop. The dialog only lays them out.
import { useEffect, useRef, useState } from "react";
import type { DataRow } from "#mock/tester/engine/data";
import { NO_TOTALS, addToTotals, reportOf, type ReplayReport, type ReplayResult, type RunTotals } from "#mock/tester/engine/reporters";
import { junitReport, startRun, RunStopped, type RunHandle } from "../lib/run-client";
import type { ResultDetail } from "../lib/run-protocol";
import { variablesOf } from "../lib/environments";
import type { SavedCollection } from "../lib/saved";
import type { Environments } from "./useEnvironments";
import type { PageVariables } from "./useVariables";

export type RunState = "idle" | "running" | "done" | "stopped" | "failed";

export interface RunTarget {
  collection: SavedCollection;
  /** A folder to run alone (its id and name), or null for the whole collection. */
  folder: { id: string; name: string } | null;
  /** The environments to pick the run's from (the active one at first), the globals, and where the run's scopes are kept after it. */
  vars: Pick<PageVariables, "globals" | "keepRun"> & { environments: Pick<Environments, "state"> };
}

export const fileBase = (name: string) => name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "run";

export function useRun({ collection, folder, vars }: RunTarget) {
  const title = folder ? `${collection.name} / ${folder.name}` : collection.name;
  const { environments, activeId } = vars.environments.state;
  const [environmentId, setEnvironmentId] = useState(activeId ?? "");
  const environment = environments.find((e) => e.id === environmentId) ?? null;
  /** The environment the last run used, as its results say it. */
  const [ranWith, setRanWith] = useState("");
  const [iterations, setIterations] = useState("1");
  const [delay, setDelay] = useState("0");
  const [data, setData] = useState<{ name: string; rows: DataRow[] } | null>(null);
  const [dataProblem, setDataProblem] = useState<string | null>(null);
  const [state, setState] = useState<RunState>("idle");
  const [shown, setShown] = useState<{ results: ReplayResult[]; totals: RunTotals }>({ results: [], totals: NO_TOTALS });
  const [report, setReport] = useState<ReplayReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const handle = useRef<RunHandle | null>(null);
  /** Each result's name in the collection, request and response, beside the result (the report keeps results as replay writes them). */
  const details = useRef(new WeakMap<ReplayResult, ResultDetail>());
  /** What the report Stop leaves needs besides the results (those are pending.current.results). */
  const sofar = useRef({ planned: 0, iterations: 1, target: "the page's mock", started: 0 });
  /** Results come one by one; the page shows them at most once a frame, all that came since in one update. */
  const pending = useRef<{ results: ReplayResult[]; totals: RunTotals; frame: number | null }>({
    results: [],
    totals: NO_TOTALS,
    frame: null,
  });
  const flush = () => {
    const p = pending.current;
    if (p.frame !== null) cancelAnimationFrame(p.frame);
    p.frame = null;
    setShown({ results: p.results, totals: p.totals });
  };
  useEffect(
    () => () => {
      handle.current?.stop();
      if (pending.current.frame !== null) cancelAnimationFrame(pending.current.frame);
    },
    [],
  );

  const readData = async (file: File | undefined) => {
    setDataProblem(null);
    if (!file) return setData(null);
    try {
      // The parser (csv-parse, as Newman's) loads with the first data file chosen, not with the page.
      const { parseIterationData } = await import("#mock/tester/engine/data");
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
    if (pending.current.frame !== null) cancelAnimationFrame(pending.current.frame);
    pending.current = { results: [], totals: NO_TOTALS, frame: null };
    setShown({ results: [], totals: NO_TOTALS });
    setReport(null);
    setProblem(null);
    setNotes([]);
    setRanWith(environment ? `Environment: ${environment.name}.` : "No environment.");
    setState("running");
    sofar.current = { planned: 0, iterations: 1, target: "the page's mock", started: performance.now() };
    const file = `${fileBase(title)}.postman_collection.json`;
    const started = startRun(
      {
        collection: collection.postman,
        environment: variablesOf(environment),
        globals: vars.globals,
        data: data?.rows ?? [],
        ...(iterations.trim() ? { iterationCount: count } : {}),
        folders: folder ? [folder.id] : [],
        delayMs: wait,
        file,
      },
      {
        onReady: (info) => {
          setNotes(info.notes);
          Object.assign(sofar.current, {
            planned: info.names.length * info.iterations,
            iterations: info.iterations,
            target: info.base ?? "the page's mock",
          });
        },
        onResult: (result, detail) => {
          if (detail) details.current.set(result, detail);
          // A new array once a frame, not per result (a copy per result is O(n) each: O(n²) a run).
          const p = pending.current;
          p.results = p.frame === null ? [...p.results, result] : (p.results.push(result), p.results);
          p.totals = addToTotals(p.totals, result);
          p.frame ??= requestAnimationFrame(flush);
        },
      },
    );
    handle.current = started;
    try {
      const { report: done, scopes } = await started.done;
      flush();
      // What the scripts set stays for the next Send and Run, as Postman keeps it.
      vars.keepRun(scopes, collection.id, environment?.id ?? null);
      setReport(done);
      setState("done");
    } catch (error) {
      flush();
      if (error instanceof RunStopped) {
        // What ran stays exportable: a report of the results so far, saying where it stopped.
        const { planned, target, started: at, iterations: runs } = sofar.current;
        const done = pending.current.results;
        setReport(
          reportOf([...done], {
            file,
            target,
            ms: Math.round(performance.now() - at),
            notRun: Math.max(0, planned - done.length),
            iterations: runs,
            error: `stopped by the user after ${done.length} of ${planned || "?"} requests`,
          }),
        );
        return setState("stopped");
      }
      setProblem(error instanceof Error ? error.message : String(error));
      setState("failed");
    } finally {
      handle.current = null;
    }
  };

  return {
    title,
    options: {
      environments,
      environmentId: environment?.id ?? "",
      setEnvironmentId,
      iterations,
      setIterations,
      delay,
      setDelay,
      data,
      readData,
      problem: inputProblem ?? dataProblem,
    },
    ranWith,
    state,
    running: state === "running",
    results: shown.results,
    detailOf: (result: ReplayResult) => details.current.get(result),
    report,
    problem,
    notes,
    totals: shown.totals,
    /** Iterations the results are numbered against (the report's once it is there). */
    iterationsShown: report?.iterations ?? count,
    run,
    stop: () => handle.current?.stop(),
    /** The report as Newman's junit XML (the run worker's, by Newman's own reporter), when there is one. */
    junit: () => report && junitReport({ collection: collection.postman, report, started: performance.timeOrigin + sofar.current.started }),
  };
}
