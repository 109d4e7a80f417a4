// The browser door, page side: the mock runs in a dedicated worker of this tab
// (mock/browser/worker.ts), so its boot, imports and exports never block the page. A thin
// fetch patch posts same-origin /api/* requests to it as plain data and turns the
// answers back into Responses; everything else goes to the network. This module
// is small on purpose: Mirage, Dexie and the routes load in the worker only.
import type { RawResponse } from "../core/boundary";
import { STORE_BOOT_PROBLEM_EVENT, STORE_ERROR_EVENT, STORE_RECOVERED_EVENT } from "./events";
import { loadFaultSettings, onFaultSettings, type FaultSettings } from "../core/fault-settings";
import { TAB_ID } from "./tab-id";
import { fromRaw, toRaw } from "../core/web-raw";
import type { CallName, FromWorker, ImportCheck, ImportSummary, Progress, ScenarioCall, ToWorker, WorkerMeasure } from "./worker-protocol";
import type { ScenarioList } from "../features/scenarios";

export { STORE_ERROR_EVENT, STORE_RECOVERED_EVENT };

/** The tab's handle on its mock worker: requests, and the calls Settings and /mockman make. */
export interface WorkerMock {
  /** The dispatcher, for Web Requests (the fetch patch; e2e specs may wrap it). */
  handle(request: Request): Promise<Response>;
  /** Whether a URL path is the mock's (under /api). */
  owns(pathname: string): boolean;
  exportData(): Promise<Blob>;
  checkImport(file: Blob, onProgress?: (progress: Progress) => void): Promise<ImportCheck>;
  importChecked(ticket: number, onProgress?: (progress: Progress) => void): Promise<ImportSummary>;
  reset(): Promise<void>;
  /** Drops the answers kept ready for the next boot (a logout: nothing of a signed-out user stays). */
  forgetKeptAnswers(): Promise<void>;
  /** The mock's scenarios (mock/features/scenarios.ts), kept in the worker for this tab's life; a refused add rejects naming the problem. */
  scenarios(call: ScenarioCall): Promise<ScenarioList>;
}

export interface BrowserMock {
  mock: WorkerMock;
  /** Set when the saved data could not be read: the session runs in memory and nothing was overwritten. */
  storeProblem: string | null;
}

let started: Promise<BrowserMock> | null = null;

export function startBrowserMock(): Promise<BrowserMock> {
  started ??= boot();
  return started;
}

/** The tab's mock if something started it, else null (nothing to tell a worker that never ran). */
export function runningBrowserMock(): Promise<BrowserMock> | null {
  return started;
}

const owns = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** Re-takes the worker's User Timing measures in the page, so DevTools and `npm run bench:browser` see them. */
function copyMeasures(measures: WorkerMeasure[]) {
  for (const { name, start, duration } of measures) {
    try {
      performance.measure(name, { start: start - performance.timeOrigin, duration });
    } catch {
      // A measure that starts before this page's time origin (a worker older than the page) is left out.
    }
  }
}

function boot(): Promise<BrowserMock> {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: TAB_ID });
  let ids = 0;
  const waiting = new Map<number, { done: (value: unknown) => void; fail: (error: Error) => void; progress?: (p: Progress) => void }>();
  let faults: FaultSettings = loadFaultSettings();
  let booted!: (value: BrowserMock) => void;
  const running = new Promise<BrowserMock>((resolve) => (booted = resolve));

  const send = (message: ToWorker, progress?: (p: Progress) => void) =>
    new Promise<unknown>((done, fail) => {
      waiting.set(message.id, { done, fail, progress });
      worker.postMessage(message);
    });
  const call = <T>(name: CallName, args: unknown[], progress?: (p: Progress) => void) =>
    send({ kind: "call", id: ++ids, name, args }, progress) as Promise<T>;

  const mock: WorkerMock = {
    owns,
    handle: async (request) => {
      const raw = await toRaw(request);
      const answer = (await send({ kind: "request", id: ++ids, request: raw })) as RawResponse;
      // A scenario's network error (status 0): the fetch rejects, as for a dropped connection.
      if (answer.status === 0) throw new TypeError("Failed to fetch: the connection was dropped (a scenario's network error)");
      return fromRaw(answer);
    },
    exportData: () => call<Blob>("exportData", []),
    checkImport: (file, onProgress) => call<ImportCheck>("checkImport", [file], onProgress),
    importChecked: (ticket, onProgress) => call<ImportSummary>("importChecked", [ticket], onProgress),
    reset: () => call<void>("reset", []),
    forgetKeptAnswers: () => call<void>("forgetKeptAnswers", []),
    scenarios: (scenarioCall) => call<ScenarioList>("scenarios", [scenarioCall]),
  };

  worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
    switch (data.kind) {
      case "booted": {
        copyMeasures(data.measures);
        const result = { mock, storeProblem: data.storeProblem };
        window.__moments = result;
        // The shell may already show (answers kept ready come before the boot ends): tell its banner.
        if (data.storeProblem) window.dispatchEvent(new CustomEvent(STORE_BOOT_PROBLEM_EVENT, { detail: data.storeProblem }));
        booted(result);
        return;
      }
      case "store-error":
        window.dispatchEvent(new CustomEvent(STORE_ERROR_EVENT, { detail: data.message }));
        return;
      case "store-recovered":
        window.dispatchEvent(new CustomEvent(STORE_RECOVERED_EVENT));
        return;
      case "progress":
        waiting.get(data.id)?.progress?.(data.progress);
        return;
    }
    const pending = waiting.get(data.id);
    if (!pending) return;
    waiting.delete(data.id);
    if (data.kind === "failure") pending.fail(Object.assign(new Error(data.message), { name: data.name }));
    else pending.done(data.kind === "response" ? data.response : data.value);
  };
  worker.onerror = (event) => console.error("The mock's worker failed:", event.message);

  // The Mock settings panel (/mockman): delay and failures in the worker, 'offline' here.
  void call("setFaults", [faults]);
  onFaultSettings((settings) => {
    faults = settings;
    void call("setFaults", [settings]);
  });

  const realFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === window.location.origin && owns(url.pathname)) {
      if (faults.offline) return Promise.reject(new TypeError("Failed to fetch (mock offline)"));
      return mock.handle(request);
    }
    return realFetch(input, init);
  };
  return running;
}

declare global {
  interface Window {
    /** The tab's mock worker once booted, for the app (app/lib/browser-mock.ts) and the e2e suites: typed here, once. */
    __moments?: BrowserMock;
  }
}
