// The browser door: the mock on IndexedDB, reached through a thin fetch patch
// that sends same-origin /api/* to handle() and everything else to the network.
import { loadFaultSettings, onFaultSettings } from "./fault-settings";
import { createMock, type Mock } from "./create-mock";
import { DexieStore } from "./store/dexie";
import { MemoryStore } from "./store/memory";

export interface BrowserMock {
  mock: Mock;
  /** Set when the saved data could not be read: the session runs in memory and nothing was overwritten. */
  storeProblem: string | null;
}

import { STORE_ERROR_EVENT, STORE_RECOVERED_EVENT } from "./events";

export { STORE_ERROR_EVENT, STORE_RECOVERED_EVENT };

let started: Promise<BrowserMock> | null = null;

export function startBrowserMock(): Promise<BrowserMock> {
  started ??= boot();
  return started;
}

async function boot(): Promise<BrowserMock> {
  const onStoreRecovered = () => window.dispatchEvent(new CustomEvent(STORE_RECOVERED_EVENT));
  const onStoreError = (error: unknown) => {
    window.dispatchEvent(new CustomEvent(STORE_ERROR_EVENT, { detail: error instanceof Error ? error.message : String(error) }));
  };
  let mock: Mock;
  let storeProblem: string | null = null;
  const started = performance.now();
  try {
    mock = await createMock({ store: new DexieStore(), onStoreError, onStoreRecovered });
    performance.measure("moments: mock boot", { start: started });
  } catch (error) {
    // Never replace unreadable data with the seed: run in memory and say so.
    storeProblem = error instanceof Error ? error.message : String(error);
    console.error(error);
    mock = await createMock({ store: new MemoryStore(), onStoreError, onStoreRecovered });
  }
  // The Mock settings panel (/mockman): delay and failures in the mock, 'offline' here.
  mock.faults.set(loadFaultSettings());
  onFaultSettings((settings) => mock.faults.set(settings));
  const realFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === window.location.origin && mock.owns(url.pathname)) {
      if (mock.faults.settings.offline) return Promise.reject(new TypeError("Failed to fetch (mock offline)"));
      return mock.handle(request);
    }
    return realFetch(input, init);
  };
  const running = { mock, storeProblem };
  window.__moments = running;
  return running;
}

declare global {
  interface Window {
    /** The running in-tab mock, for the app (app/lib/browser-mock.ts) and the e2e suites: typed here, once. */
    __moments?: BrowserMock;
  }
}
