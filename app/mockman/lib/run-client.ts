// The page's side of a script run: starts the run worker (one per run, so Stop
// is terminating it, whatever a script is doing), sends what it asks through
// the page's Sender (lib/page-sender.ts) and hands results on as they come.
import type { ReplayReport, ReplayResult } from "#mock/tester/engine/reporters";
import type { Scopes } from "#mock/tester/sandbox/sandbox";
import { pageSender, type PageSenderOptions } from "./page-sender";
import type { FromWorker, ResultDetail, RunRequest } from "./run-protocol";

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

export function startRun(ask: Omit<RunRequest, "type">, handlers: RunHandlers = {}): RunHandle {
  const worker = new Worker(new URL("./run-worker.ts", import.meta.url), { type: "module", name: "mockman-run" });
  let finish: { resolve(value: { report: ReplayReport; scopes: Scopes }): void; reject(error: Error): void };
  const done = new Promise<{ report: ReplayReport; scopes: Scopes }>((resolve, reject) => (finish = { resolve, reject }));
  const end = () => worker.terminate();
  worker.addEventListener("message", (event: MessageEvent<FromWorker>) => {
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
      end();
      finish.resolve({ report: message.report, scopes: message.scopes });
    } else {
      end();
      finish.reject(new Error(message.error));
    }
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    end();
    finish.reject(new Error(`the script worker stopped${event.message ? `: ${event.message}` : ""}`));
  });
  worker.postMessage({ type: "run", ...ask } satisfies RunRequest);
  return {
    done,
    stop() {
      end();
      finish.reject(new RunStopped());
    },
  };
}
