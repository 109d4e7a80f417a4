// The page's side of a script run: runs it in the run worker, sends what it
// asks through the page's Sender (lib/page-sender.ts) and hands results on as
// they come. A worker whose run ended is kept for the next Send or Run, its
// isolate already booted (about a second saved each time); Stop terminates the
// worker, whatever a script is doing, and the next run starts a fresh one.
import type { ReplayReport, ReplayResult } from "#mock/tester/engine/reporters";
import type { Scopes } from "#mock/tester/sandbox/sandbox";
import { pageSender, type PageSenderOptions } from "./page-sender";
import { connect, emit, onWorkerError } from "#mock/browser/channel-calls";
import type { AuthAdditions } from "#mock/tester/engine/wire";
import type { JunitRequest, ResultDetail, RunNote, RunPageCalls, RunRequest, RunWorkerCalls, SignRequest } from "./run-protocol";

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
/** Workers already listened to for that (a worker kept again after a signing keeps its one listener). */
const watched = new WeakSet<Worker>();
/** A worker whose run or signing ended: kept as the spare, unless one already waits (then it goes). */
const release = (worker: Worker) => (spare ? worker.terminate() : keepSpare(worker));
const keepSpare = (worker: Worker) => {
  spare = worker;
  if (watched.has(worker)) return;
  watched.add(worker);
  worker.addEventListener("error", () => spare === worker && (spare = undefined));
};

/**
 * Starts a run worker now, so the next Send or Run does not wait for it: with `isolate`, it boots the script
 * isolate too; without, it loads only Postman's libraries (a Send whose body they build).
 */
export function warmRuns(isolate = true): void {
  if (spare && !isolate) return;
  if (!spare) keepSpare(newWorker());
  emit(spare!, isolate ? "warm" : "warm-wire");
}

/** What a request's auth adds as its Send signs it (the worker's `sign`), asked of the spare worker, which stays for the next run. */
export const signRequest = (ask: SignRequest, timeoutMs?: number): Promise<AuthAdditions> => askSpare("sign", ask, timeoutMs);

/** Newman's junit XML for a run's report (the worker's `junit`), asked of the spare worker, as a signature is. */
export const junitReport = (ask: JunitRequest): Promise<string> => askSpare("junit", ask);

async function askSpare<K extends "sign" | "junit">(
  method: K,
  ask: Parameters<RunWorkerCalls[K]>[0],
  timeoutMs?: number,
): Promise<ReturnType<RunWorkerCalls[K]>> {
  const worker = spare ?? newWorker();
  spare = undefined;
  const listening = new AbortController();
  const channel = connect<RunWorkerCalls>(worker);
  let failed = false;
  const fail = (error: Error) => {
    failed = true;
    channel.fail(error);
  };
  onWorkerError(worker, "the script worker", fail, listening.signal);
  try {
    return await channel.call(method, [ask] as never, timeoutMs ? { timeoutMs } : {});
  } finally {
    channel.close();
    listening.abort();
    // A worker that failed goes. One that answered, refused or is still loading Postman's libraries (a signing
    // that ran out of time) waits for the next run, with what it has warmed, unless another already waits.
    if (failed) worker.terminate();
    else release(worker);
  }
}

export function startRun(ask: RunRequest, handlers: RunHandlers = {}): RunHandle {
  const worker = spare ?? newWorker();
  spare = undefined;
  const listening = new AbortController();
  const channel = connect<RunWorkerCalls, RunPageCalls>(worker, {
    serve: { send: (base, request) => pageSender({ base, onOutcome: handlers.onOutcome }).send(request) },
  });
  /** Stop, a failed run or a failed worker: whatever a script is doing, the worker goes. */
  const end = (error: Error) => {
    channel.fail(error);
    channel.close();
    listening.abort();
    worker.terminate();
  };
  /** A run that ended by itself leaves its worker (and isolate) for the next; a second one is let go. */
  const keep = () => {
    channel.close();
    listening.abort();
    release(worker);
  };
  onWorkerError(worker, "the script worker", end, listening.signal);
  const onNote = (note: RunNote) => (note.type === "ready" ? handlers.onReady?.(note) : handlers.onResult?.(note.result, note.detail));
  const done = channel.call("run", [ask], { onNote: onNote as (note: unknown) => void }).then(
    (answer) => {
      keep();
      return answer;
    },
    (error: Error) => {
      end(error);
      throw error;
    },
  );
  return { done, stop: () => end(new RunStopped()) };
}
