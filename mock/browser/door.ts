// The browser door, page side: the mock runs in a dedicated worker of this tab
// (mock/browser/worker.ts), so its boot, imports and exports never block the page. A thin
// fetch patch calls it with same-origin /api/* requests as plain data (channel-calls.ts)
// and turns the answers back into Responses; everything else goes to the network. This module
// is small on purpose: Mirage, Dexie and the routes load in the worker only.
import { STORE_BOOT_PROBLEM_EVENT, STORE_ERROR_EVENT, STORE_RECOVERED_EVENT } from "./events";
import { loadFaultSettings, onFaultSettings, type FaultSettings } from "../core/fault-settings";
import { TAB_ID } from "./tab-id";
import { fromRaw, toRaw } from "../core/web-raw";
import type {
  ImportCheck,
  ImportSummary,
  MockWorkerCalls,
  MockWorkerEvents,
  Progress,
  ScenarioCall,
  WorkerMeasure,
} from "./worker-protocol";
import { connect } from "./channel-calls";
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
  let faults: FaultSettings = loadFaultSettings();
  let booted!: (value: BrowserMock) => void;
  const running = new Promise<BrowserMock>((resolve) => (booted = resolve));

  const on: { [K in keyof MockWorkerEvents]: (value: MockWorkerEvents[K]) => void } = {
    booted: ({ storeProblem, measures }) => {
      copyMeasures(measures);
      const result = { mock, storeProblem };
      window.__moments = result;
      // The shell may already show (answers kept ready come before the boot ends): tell its banner.
      if (storeProblem) window.dispatchEvent(new CustomEvent(STORE_BOOT_PROBLEM_EVENT, { detail: storeProblem }));
      booted(result);
    },
    "store-error": (message) => window.dispatchEvent(new CustomEvent(STORE_ERROR_EVENT, { detail: message })),
    "store-recovered": () => window.dispatchEvent(new CustomEvent(STORE_RECOVERED_EVENT)),
  };
  // Every request and call is answered once; the worker lives as long as the tab, so nothing here times out.
  const channel = connect<MockWorkerCalls>(worker, { on });

  const mock: WorkerMock = {
    owns,
    handle: async (request) => {
      const raw = await toRaw(request);
      const answer = await channel.call("request", [raw]);
      // A scenario's network error (status 0): the fetch rejects, as for a dropped connection.
      if (answer.status === 0) throw new TypeError("Failed to fetch: the connection was dropped (a scenario's network error)");
      return fromRaw(answer);
    },
    exportData: () => channel.call("exportData", []),
    checkImport: (file, onProgress) => channel.call("checkImport", [file], { onNote: onProgress }),
    importChecked: (ticket, onProgress) => channel.call("importChecked", [ticket], { onNote: onProgress }),
    reset: () => channel.call("reset", []),
    forgetKeptAnswers: () => channel.call("forgetKeptAnswers", []),
    scenarios: (scenarioCall) => channel.call("scenarios", [scenarioCall]),
  };

  worker.onerror = (event) => console.error("The mock's worker failed:", event.message);

  // The Mock settings panel (/mockman): delay and failures in the worker, 'offline' here.
  void channel.call("setFaults", [faults]);
  onFaultSettings((settings) => {
    faults = settings;
    void channel.call("setFaults", [settings]);
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
