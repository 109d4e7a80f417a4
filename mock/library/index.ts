// `moments/mock`: the mock as a library, for another project's vitest or Storybook.
// `createMock()` makes the whole API in-process on a memory store (the spec's seed, no
// file), answering Web Requests; `setupMock()` routes that project's `fetch('/api/…')`
// to it, in the spirit of MSW's setupServer: listen() patches globalThis.fetch, a
// request it does not own (another origin, a path outside /api) goes to the real fetch
// untouched, close() puts fetch back. The types here stand alone (the package's
// declarations are built from this file, mock/library/build.mjs, which adds `paths` and
// `components`: the API's OpenAPI description as types, by openapi-typescript).
import { createMock as createCoreMock, type Mock } from "../core/create-mock";
import { FaultControl } from "../core/faults";
import { MemoryStore } from "../store/memory";
import { checkExportJson } from "../data/export-file";

/** An export file, as `mockman export` and `exportData()` write it. */
export interface ExportFile {
  mockman: "export";
  version: number;
  exportedAt: string;
  data: Record<"users" | "posts" | "comments" | "todos" | "photos" | "notifications", unknown[]>;
}

/** One scenario: a per-route answer (the format: cli/README.md, Scenarios). */
export interface Scenario {
  name?: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "*";
  /** A route's path under /api; `:name` matches one segment, a last `*` the rest. */
  path: string;
  status?: number;
  body?: unknown;
  /** The name of one of the set's `datasets`, answered as the body. */
  data?: string;
  delay?: number;
  /** How many requests it answers (left out: until cleared; 0: only requests naming it in x-mockman-scenario). */
  times?: number;
}

export type ScenarioSet = Scenario | Scenario[] | { scenarios?: Scenario[]; datasets?: Record<string, unknown> };

export interface ScenarioList {
  scenarios: (Scenario & { name: string; used: number; remaining: number | null })[];
  datasets: Record<string, unknown>;
}

/** The fault setting: a delay (`{min, max}` ms, drawn per request) and a share of requests that fail. */
export interface Faults {
  delay: { min: number; max: number } | null;
  failRate: number;
  failStatus: 500 | 503;
}

export interface MomentsMock {
  /** Answers a Web Request as the API does (any origin: the path is what counts). */
  handle(request: Request): Promise<Response>;
  /** The same on plain data: `{method, url, headers (lower-case names), body (text)}`. */
  dispatch(request: { method: string; url: string; headers: Record<string, string>; body: string }): Promise<{
    status: number;
    statusText: string;
    headers: Record<string, string>;
    body: string;
    bytes?: Uint8Array;
  }>;
  /** Back to the spec's seed (four users, six posts). */
  reset(): Promise<void>;
  /** Replaces all data with an export file, checked whole first (a bad file throws and changes nothing). */
  importData(file: unknown): Promise<void>;
  exportData(): ExportFile;
  scenarios: {
    /** Adds scenarios, checked whole first: a bad one (a route that is not there) throws and adds nothing. */
    add(set: ScenarioSet): ScenarioList;
    remove(name: string): ScenarioList;
    clear(): ScenarioList;
    list(): ScenarioList;
  };
  faults: {
    set(settings: Partial<Faults>): void;
    readonly settings: Faults;
  };
  /** Waits for requests under way, then stops the mock. */
  shutdown(): Promise<void>;
}

export interface CreateMockOptions {
  /** Where the data lives: "memory" (the default, and the only one a library user needs). */
  store?: "memory";
  /** PBKDF2 iterations for passwords (100,000 by default; tests may lower it to sign up faster). */
  passwordIterations?: number;
}

/** The API in-process on a memory store, seeded with the spec's data. */
export async function createMock(options: CreateMockOptions = {}): Promise<MomentsMock> {
  const mock: Mock = await createCoreMock({
    store: new MemoryStore(),
    passwordIterations: options.passwordIterations,
    faults: new FaultControl(),
  });
  return {
    handle: (request) => mock.handle(request),
    dispatch: (request) => mock.dispatch(request),
    reset: () => mock.reset(),
    // Checked before the store is touched; a bad file rejects (FormatError naming the problem).
    importData: async (file) => mock.importData(checkExportJson(file)),
    exportData: () => mock.exportData() as ExportFile,
    scenarios: {
      add: (set) => mock.scenarios.add(set) as ScenarioList,
      remove: (name) => mock.scenarios.remove(name) as ScenarioList,
      clear: () => mock.scenarios.clear() as ScenarioList,
      list: () => mock.scenarios.list() as ScenarioList,
    },
    faults: {
      set: (settings) => mock.faults.set(settings),
      get settings() {
        const { delay, failRate, failStatus } = mock.faults.settings;
        return { delay, failRate, failStatus };
      },
    },
    shutdown: () => mock.shutdown(),
  };
}

export interface SetupMockOptions {
  /**
   * Origins whose `/api/*` requests the mock answers. Default: the page's origin
   * (`location.origin` under jsdom or happy-dom), else `http://localhost`, which is
   * also the base of relative URLs when there is no page.
   */
  origins?: string[];
  /** The mock to answer with; one is made on the first request otherwise (`createMock(options)`). */
  mock?: MomentsMock | Promise<MomentsMock>;
  passwordIterations?: number;
}

export interface MockServer {
  /** Routes owned fetches to the mock from now on (synchronous, as MSW's listen). */
  listen(): void;
  /** Data back to the seed, every scenario and fault cleared: between tests. */
  reset(): Promise<void>;
  /** Adds scenarios for the tests that follow (until reset). */
  use(...sets: ScenarioSet[]): Promise<ScenarioList>;
  /** Puts the real fetch back and stops the mock. */
  close(): Promise<void>;
  /** The mock behind it. */
  mock(): Promise<MomentsMock>;
}

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** A fetch patch that answers owned `/api/*` requests from the mock and passes every other one to the real fetch. */
export function setupMock(options: SetupMockOptions = {}): MockServer {
  const page = (globalThis as { location?: { origin?: string; href?: string } }).location;
  const base = page?.href && page.origin && page.origin !== "null" ? page.href : "http://localhost/";
  const origins = new Set((options.origins ?? [new URL(base).origin]).map((o) => new URL(o).origin));
  let made: Promise<MomentsMock> | null = options.mock ? Promise.resolve(options.mock) : null;
  const mock = () => (made ??= createMock({ passwordIterations: options.passwordIterations }));
  let real: typeof fetch | null = null;

  /** The URL a fetch asks for, when it can be read without touching the request; null otherwise. */
  const urlOf = (input: RequestInfo | URL): URL | null => {
    try {
      if (input instanceof URL) return input;
      if (typeof input === "string") return new URL(input, base);
      if (typeof Request !== "undefined" && input instanceof Request) return new URL(input.url);
    } catch {
      // Not a URL we can read: not ours.
    }
    return null;
  };

  const patched = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = urlOf(input);
    if (!url || !origins.has(url.origin) || !isApiPath(url.pathname)) return real!(input, init);
    const request = input instanceof Request ? new Request(input, init) : new Request(url, init);
    return (await mock()).handle(request);
  };

  return {
    listen() {
      if (real) throw new Error("setupMock: listen() was called already; close() first");
      real = globalThis.fetch;
      globalThis.fetch = patched as typeof fetch;
    },
    async reset() {
      const m = await mock();
      m.scenarios.clear();
      m.faults.set({ delay: null, failRate: 0, failStatus: 500 });
      await m.reset();
    },
    async use(...sets) {
      const m = await mock();
      let list = m.scenarios.list();
      for (const set of sets) list = m.scenarios.add(set);
      return list;
    },
    async close() {
      if (real && globalThis.fetch === patched) globalThis.fetch = real;
      real = null;
      // A mock it made is stopped (a listen() after this makes a new one); one it was given is the caller's.
      const stopping = options.mock ? null : made;
      made = options.mock ? Promise.resolve(options.mock) : null;
      if (stopping) await (await stopping).shutdown();
    },
    mock,
  };
}
