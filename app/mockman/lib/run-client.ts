// The page's side of a script run: runs it in the run worker, sends what it
// asks through the page's Sender (lib/page-sender.ts) and hands results on as
// they come. A worker whose run ended is kept for the next Send or Run, its
// isolate already booted (about a second saved each time); Stop terminates the
// worker, whatever a script is doing, and the next run starts a fresh one.
import type { ReplayReport, ReplayResult } from "#mock/tester/engine/reporters";
import type { Scopes } from "#mock/tester/sandbox/sandbox";
import { pageSender, type PageSenderOptions } from "./page-sender";
import type { FromWorker, ResultDetail, RunRequest, ToWorker } from "./run-protocol";

export interface RunHandlers {
  onReady?(info: { base?: string; names: string[]; iterations: number; notes: string[] }): void;
  onResult?(result: ReplayResult, detail?: ResultDetail): void;
  onOutcome?: PageSenderOptions["onOutcome"];
}

export interface RunHandle {
  done: Promise<{ report: ReplayReport; scopes: Scopes }>;
  stop(): void;
}

export class RunStopped extends Error {
  constructor() {
    super("Stopped");
  }
}

const newWorker = () => new Worker(new URL("./run-worker.ts", import.meta.url), { type: "module", name: "mockman-run" });

/** A worker with no run, kept warm for the next one; one that fails while it waits is let go. */
let spare: Worker | undefined;
const keepSpare = (worker: Worker) => {
  spare = worker;
  worker.addEventListener("error", () => spare === worker && (spare = undefined), { once: true });
};

/** Starts a run worker and boots its isolate now, so the next Send or Run with scripts does not wait for it. */
export function warmRuns(): void {
  if (spare) return;
  keepSpare(newWorker());
  spare!.postMessage({ type: "warm" } satisfies ToWorker);
}

export function startRun(ask: Omit<RunRequest, "type">, handlers: RunHandlers = {}): RunHandle {
  const worker = spare ?? newWorker();
  spare = undefined;
  const listening = new AbortController();
  let finish: { resolve(value: { report: ReplayReport; scopes: Scopes }): void; reject(error: Error): void };
  const done = new Promise<{ report: ReplayReport; scopes: Scopes }>((resolve, reject) => (finish = { resolve, reject }));
  const end = () => {
    listening.abort();
    worker.terminate();
  };
  /** A run that ended by itself leaves its worker (and isolate) for the next; a second one is let go. */
  const keep = () => {
    listening.abort();
    if (spare) worker.terminate();
    else keepSpare(worker);
  };
  const on = { signal: listening.signal };
  worker.addEventListener(
    "message",
    (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === "ready") handlers.onReady?.(message);
      else if (message.type === "result") handlers.onResult?.(message.result, message.detail);
      else if (message.type === "send") {
        pageSender({ base: message.base, onOutcome: handlers.onOutcome })
          .send(message.request)
          .then(
            (exchange) => worker.postMessage({ type: "answer", call: message.call, exchange }),
            (error: unknown) =>
              worker.postMessage({ type: "answer", call: message.call, error: error instanceof Error ? error.message : String(error) }),
          );
      } else if (message.type === "done") {
        keep();
        finish.resolve({ report: message.report, scopes: message.scopes });
      } else {
        end();
        finish.reject(new Error(message.error));
      }
    },
    on,
  );
  worker.addEventListener(
    "error",
    (event) => {
      event.preventDefault();
      end();
      finish.reject(new Error(`the script worker stopped${event.message ? `: ${event.message}` : ""}`));
    },
    on,
  );
  worker.postMessage({ type: "run", ...ask } satisfies RunRequest);
  return {
    done,
    stop() {
      end();
      finish.reject(new RunStopped());
    },
  };
}
