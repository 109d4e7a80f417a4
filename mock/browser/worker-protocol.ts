// What a tab and its mock worker (mock/browser/worker.ts) ask and tell each other,
// over channel-calls.ts. Plain data only: a request goes as the dispatcher's
// RawRequest, an answer comes back as a RawResponse (copied: the worker may keep
// a photo's bytes for the next request). Types only: this module adds nothing to
// either bundle.
import type { RawRequest, RawResponse } from "../core/boundary";
import type { FaultSettings } from "../core/fault-settings";
import type { ScenarioList } from "../features/scenarios";

/** What the page asks of the mock's scenarios (mock/features/scenarios.ts); a refused `add` fails with the problem. */
export type ScenarioCall = { op: "list" } | { op: "add"; set: unknown } | { op: "remove"; name: string } | { op: "clear" };

/** What the page can ask of the worker besides requests (Settings' data tools, Mock settings). */
export interface WorkerCalls {
  /** The data as an export file's text (pretty, two spaces), in a Blob so nothing is copied back. */
  exportData: () => Blob;
  /** Reads and checks an export file whole; keeps it for `importChecked`. A bad file is a FormatError's message. */
  checkImport: (file: Blob) => ImportCheck;
  /** Replaces everything with the file `checkImport` kept under `ticket`. */
  importChecked: (ticket: number) => ImportSummary;
  reset: () => void;
  /** A session ended (logout): the answers kept for the next boot go, and with them every token-keyed row. */
  forgetKeptAnswers: () => void;
  setFaults: (settings: FaultSettings) => void;
  /** The scenarios, the same ones `serve` takes: listed, added, cleared one by one or all; answers the list after. */
  scenarios: (call: ScenarioCall) => ScenarioList;
}

/** Everything a tab asks of its mock worker: each /api request, and the calls above (their notes are Progress). */
export interface MockWorkerCalls extends WorkerCalls {
  request: (request: RawRequest) => RawResponse;
}

export type ImportCheck = { ok: true; ticket: number; summary: ImportSummary } | { ok: false; problem: string };

export interface ImportSummary {
  users: number;
  posts: number;
  exportedAt: string;
}

/** A step of a long job (an import), for a progress bar: `done` of `total`. */
export interface Progress {
  phase: "reading" | "checking" | "saving" | "loading";
  done: number;
  total: number;
}

/**
 * What one saved write changed, posted on the CHANGES_CHANNEL BroadcastChannel to
 * every tab of this origin (the writer's included: it knows itself by `client`).
 */
export interface DataChange {
  /** The tab whose request made the change ("" for imports, resets and other tabs' catch-up). */
  client: string;
  /** Ids by collection: put (new or changed) and removed. */
  put: Partial<Record<string, string[]>>;
  removed: Partial<Record<string, string[]>>;
  /** Set when everything was replaced (import, reset): lists should start over. */
  replaced?: boolean;
  /** The data version the change was saved at (every tab's commits share one count); 0 when unknown. */
  version?: number;
}

/**
 * On every answer of the browser's mock: the data version (the commit order every tab
 * shares) it was read or written at, so a tab can tell a newer state from an older one.
 */
export const DATA_VERSION_HEADER = "x-data-version";

export const CHANGES_CHANNEL = "moments-mock-changes";

/** The worker's events, by name: its boot ended (in memory, with the problem, when the saved data could not be read); a write could not be saved; saving works again. */
export interface MockWorkerEvents {
  booted: { storeProblem: string | null; measures: WorkerMeasure[] };
  "store-error": string;
  "store-recovered": undefined;
}

/** A User Timing measure taken in the worker, in the worker's clock (timeOrigin + startTime). */
export interface WorkerMeasure {
  name: string;
  /** Epoch milliseconds (the worker's performance.timeOrigin + startTime). */
  start: number;
  duration: number;
}
