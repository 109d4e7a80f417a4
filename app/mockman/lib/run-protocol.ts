// What the page and the script-run worker (run-worker.ts) ask of each other,
// over mock/browser/channel-calls.ts: the page asks for a run, the worker asks
// the page to send each request (the mock answers the page's fetch, not a
// worker's) and notes each result as it comes; the run answers the whole
// report. Only plain data crosses.
import type { PostmanAuth, PostmanCollection } from "#mock/tester/postman/convert";
import type { AuthAdditions } from "#mock/tester/engine/wire";
import type { Exchange, OutgoingRequest } from "#mock/tester/engine/exchange";
import type { DataRow } from "#mock/tester/engine/data";
import type { ReplayReport, ReplayResult } from "#mock/tester/engine/reporters";
import type { Scopes } from "#mock/tester/sandbox/sandbox";

export interface RunRequest {
  collection: PostmanCollection;
  /** The page's variables (the active environment), as the run's environment. */
  environment: Record<string, string>;
  globals: Record<string, string>;
  data: DataRow[];
  iterationCount?: number;
  folders: string[];
  delayMs?: number;
  timeoutScriptMs?: number;
  /** The files the form chose, by the `src` the collection's bodies name (Files cross to a worker as they are). */
  files?: Record<string, Blob>;
  /** The file's name for the report. */
  file: string;
  /** Where every request goes ("" for the page's mock); unset, the engine picks it from baseUrl as replay does. */
  baseUrl?: string;
}

/** What the page shows when a run's result is opened: the request's own name and place, what was sent and what came back. */
export interface ResultDetail {
  /** The request's name in the collection ("List posts"), and its folders ("Posts / List posts"). */
  label: string;
  where: string;
  request?: { method: string; path: string; headers: Array<[string, string]>; body?: string };
  response?: { status: number; statusText: string; headers: Record<string, string>; body: string; ms: number };
}

/** A request to sign without sending it (lib/send-item.ts SignInput), its `{{ }}` kept, or filled from `variables`. */
export interface SignRequest {
  definition: Record<string, unknown>;
  inherited?: PostmanAuth;
  variables?: Record<string, string>;
}

/** The worker's calls; it also hears the events "warm" (boot the isolate now, for the next run) and "warm-wire" (load Postman's libraries). */
export interface RunWorkerCalls {
  run(ask: RunRequest): { report: ReplayReport; scopes: Scopes };
  /** What the request's auth adds as its Send signs it, for the Code dialog and the copied commands. */
  sign(ask: SignRequest): AuthAdditions;
  /** The junit XML Newman's own reporter writes for a run's report (engine/newman-junit.ts), made where Postman's libraries are loaded. */
  junit(ask: JunitRequest): string;
}

/** A run's report to write as Newman's junit XML: the collection it ran, and when it started (ms since the epoch). */
export interface JunitRequest {
  collection: PostmanCollection;
  report: ReplayReport;
  started: number;
}

/** What a run notes as it goes: what it will run, then each result. */
export type RunNote =
  | { type: "ready"; base?: string; names: string[]; iterations: number; notes: string[] }
  | { type: "result"; result: ReplayResult; detail?: ResultDetail };

/** The page's calls, for the worker: send a request (the page's fetch reaches the mock); a refusal fails with its reason. */
export interface RunPageCalls {
  send(base: string | undefined, request: OutgoingRequest): Exchange;
}
