// `moments/mock`: the mock as a library, for another project's vitest, Playwright or
// Storybook. `createMock()` makes the whole API in-process on a memory store (the spec's
// seed, no file), answering Web Requests; `setupMock()` routes that project's requests to
// it, as MSW's setupServer does and with the same library (@mswjs/interceptors): fetch,
// node:http/https and XMLHttpRequest to the API's origins under /api are answered by the
// mock, every other request goes out untouched (after the onUnhandledRequest policy);
// `startServe()` runs it over HTTP in this process, as `mockman serve`. The types here
// stand alone (the package's declarations are built from this file, mock/library/build.mjs,
// which adds `paths` and `components`: the API's OpenAPI description as types, by
// openapi-typescript). `./platform` is Node's side (dist/mock/node.js); the browser build
// takes platform-browser.ts instead.
import { createMock as createCoreMock, type Mock } from "../core/create-mock";
import { FaultControl } from "../core/faults";
import { MemoryStore } from "../store/memory";
import { checkExportJson } from "../data/export-file";
import { faultsProblem, NO_FAULTS } from "../core/fault-settings";
import { Journal, journaled } from "../features/journal";
import { routes } from "../routes/index";
import { fromRaw, toRaw } from "../core/web-raw";
import { BatchInterceptor } from "@mswjs/interceptors";
import { droppedConnection, interceptors, startServe as startServeHere, syncClients } from "./platform";

/** An export file, as `mockman export` and `exportData()` write it. */
export interface ExportFile {
  mockman: "export";
  version: number;
  exportedAt: string;
  data: Record<"users" | "posts" | "comments" | "todos" | "photos" | "notifications", unknown[]>;
}

/** One scenario: a per-route answer (the format: cli/README.md in this package, Scenarios). */
export interface Scenario {
  name?: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "*";
  /** A route's path under /api; `:name` matches one segment, a last `*` the rest. */
  path: string;
  /** What the request must carry besides method and path (every one given). */
  match?: {
    /** Path parameters by name (`:postId` in path). */
    params?: Record<string, string>;
    /** Query parameters, each with this value ("" for one without a value). */
    query?: Record<string, string>;
    /** Request headers, names in any case. */
    headers?: Record<string, string>;
    /** The JSON body holds this: objects by the fields given, anything else equal. */
    body?: unknown;
  };
  /** 200 to 599; 200 when a body is given. */
  status?: number;
  /** Answer headers. */
  headers?: Record<string, string>;
  /** The answer's JSON (at most 1 MB), with any status. */
  body?: unknown;
  /** A body sent as it is (give its content-type in headers). */
  text?: string;
  /** "network": no answer, the connection is dropped (fetch rejects with a TypeError, node:http gets an error). */
  error?: "network";
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

/** What answered a request: a scenario, an injected fault, the route the path names, or nothing (404/405). */
export type MatchedBy =
  { by: "scenario"; scenario: string } | { by: "fault"; status: number } | { by: "route"; route: string } | { by: "none" };

/** One request of the journal. */
export interface JournalEntry {
  /** 1, 2, 3… in the order requests arrived. */
  id: number;
  at: string;
  method: string;
  /** The path with its query. */
  url: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body as text, up to 64 kB (`bodyTruncated` says when it was cut). */
  body: string;
  bodyTruncated: boolean;
  /** The answer's status; 0 for a network error. */
  status: number;
  ms: number;
  matched: MatchedBy;
}

/** Filters of the journal; every one given must hold. */
export interface RequestFilter {
  method?: string;
  /** A path or a pattern as scenarios take it: `/api/posts/:postId`, `/api/users/*`. */
  path?: string;
  status?: number;
  /** Answered by the scenario of this name. */
  scenario?: string;
  matched?: MatchedBy["by"];
  /** Only entries with a higher id. */
  after?: number;
  /** The newest this many. */
  limit?: number;
}

export interface ResetOptions {
  /** Keep the scenarios and data sets set now (a reset clears them otherwise). */
  keepScenarios?: boolean;
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
  /** Back to the spec's seed (four users, six posts), with no scenarios, no faults and an empty journal. */
  reset(options?: ResetOptions): Promise<void>;
  /** The journal: the last 1,000 requests `handle` and `dispatch` answered, oldest first, with what answered each. */
  requests(filter?: RequestFilter): JournalEntry[];
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
  checkOptions(options, { store: true, passwordIterations: true }, "createMock");
  if (options.store !== undefined && options.store !== "memory")
    throw new TypeError(`createMock: store is ${JSON.stringify(options.store)}: "memory" is the only one (startServe takes a db file)`);
  checkIterations(options.passwordIterations, "createMock");
  const mock: Mock = await createCoreMock({
    store: new MemoryStore(),
    passwordIterations: options.passwordIterations,
    faults: new FaultControl(),
  });
  const journal = new Journal(routes);
  const dispatch = journaled(journal, mock.dispatch);
  return {
    handle: async (request) => fromRaw(await dispatch(await toRaw(request))),
    dispatch,
    // The one reset of every door (the admin API's too): the seed, no scenarios, no faults, an empty journal.
    reset: async (given: ResetOptions = {}) => {
      const resetOptions = checkedResetOptions(given);
      if (!resetOptions.keepScenarios) mock.scenarios.clear();
      mock.faults.set({ ...NO_FAULTS });
      journal.clear();
      await mock.reset();
    },
    // No cast: the public copy of the journal's types (this file's declarations stand alone) must stay assignable.
    requests: (filter): JournalEntry[] => journal.list(filter),
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
      set: (settings) => mock.faults.set(checkedFaults(settings)),
      get settings() {
        const { delay, failRate, failStatus } = mock.faults.settings;
        return { delay, failRate, failStatus };
      },
    },
    shutdown: () => mock.shutdown(),
  };
}

/** What setupMock does with a request it does not answer (another origin, or a path outside /api), as MSW's `onUnhandledRequest`. */
export type UnhandledRequestPolicy = "warn" | "error" | "bypass" | ((request: Request, print: { warning(): void; error(): void }) => void);

export interface SetupMockOptions {
  /**
   * Origins whose `/api/*` requests the mock answers, besides the default ones, which
   * are always answered: `http(s)://localhost`, `127.0.0.1` and `[::1]` on any port, and
   * the page's origin under jsdom or happy-dom. `"*"` answers `/api/*` of any origin.
   */
  origins?: string[];
  /**
   * A request the mock does not answer: "warn" (the default: it goes out, with a warning
   * on stderr), "error" (it fails, as a network error, with an error printed), "bypass"
   * (it goes out silently), or a function deciding per request.
   */
  onUnhandledRequest?: UnhandledRequestPolicy;
  /** The mock to answer with; one is made on the first request otherwise (`createMock(options)`). */
  mock?: MomentsMock | Promise<MomentsMock>;
  passwordIterations?: number;
}

export interface MockServer {
  /** Intercepts fetch, node:http/https and XMLHttpRequest from now on (synchronous, as MSW's listen). */
  listen(): void;
  /** The one reset: data back to the seed, no scenarios (unless `keepScenarios`), no faults, an empty journal. */
  reset(options?: ResetOptions): Promise<void>;
  /** Adds scenarios for the tests that follow (until reset). */
  use(...sets: ScenarioSet[]): Promise<ScenarioList>;
  /** The requests the mock answered (the journal), filtered. */
  requests(filter?: RequestFilter): Promise<JournalEntry[]>;
  /** Stops intercepting (the clients are as before listen) and stops the mock it made. */
  close(): Promise<void>;
  /** The mock behind it: its faults, scenarios, data. */
  mock(): Promise<MomentsMock>;
}

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An http(s) origin (or "*" where `any`), or a clear error naming the one that is not. */
function originOf(given: unknown, where: string, any: boolean): string {
  if (any && given === "*") return "*";
  try {
    const url = new URL(String(given));
    if ((url.protocol === "http:" || url.protocol === "https:") && url.origin === String(given).replace(/\/$/, "")) return url.origin;
  } catch {
    // said below
  }
  throw new TypeError(
    `${where} is ${JSON.stringify(given)}, not an origin: give scheme, host and port only, such as http://localhost:3000${any ? ' (or "*" for any)' : ""}`,
  );
}

/** An option the function does not have, misspelt say, is refused: it would otherwise change nothing and say nothing. */
function checkOptions<T extends object>(options: T, known: Record<keyof T, true>, who: string) {
  const names = Object.keys(known).join(", ");
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw new TypeError(`${who}: options must be an object (${names}), got ${JSON.stringify(options)}`);
  const unknown = Object.keys(options).filter((key) => !Object.hasOwn(known, key));
  if (unknown.length)
    throw new TypeError(
      `${who}: unknown option${unknown.length > 1 ? "s" : ""} ${unknown.map((key) => JSON.stringify(key)).join(", ")} (the options are ${names})`,
    );
}

/** PBKDF2 rounds as WebCrypto takes them, checked when the options are given rather than at the first login. */
function checkIterations(given: unknown, who: string) {
  if (given !== undefined && !(Number.isInteger(given) && (given as number) >= 1 && (given as number) <= 0xffff_ffff))
    throw new RangeError(
      `${who}: passwordIterations must be a whole number from 1 (100,000 by default; 1000 logs in fast), got ${String(given)}`,
    );
}

/** reset's options; a function is a test runner's context (vitest's, as `afterEach(server.reset)` passes it): no options. */
function checkedResetOptions(given: unknown): ResetOptions {
  if (typeof given === "function") return {};
  checkOptions(given as ResetOptions, { keepScenarios: true }, "reset");
  const { keepScenarios } = given as ResetOptions;
  if (keepScenarios !== undefined && typeof keepScenarios !== "boolean")
    throw new TypeError(`reset: keepScenarios must be true or false, got ${JSON.stringify(keepScenarios)}`);
  return given as ResetOptions;
}

/** faults.set's settings, a wrong one named (as PUT /__mockman/faults answers 400): a failRate of 5 or a delay in seconds would be taken. */
function checkedFaults(given: Partial<Faults>): Partial<Faults> {
  checkOptions(given, { delay: true, failRate: true, failStatus: true }, "faults.set");
  const wrong = faultsProblem(given);
  if (wrong) throw new RangeError(`faults.set: ${wrong}`);
  return given;
}

function checkedGivenMock(mock: MomentsMock): MomentsMock {
  if (typeof (mock as { handle?: unknown } | null)?.handle !== "function")
    throw new TypeError(`setupMock: mock's promise gave ${mock === null ? "null" : typeof mock}, not what createMock() makes`);
  return mock;
}

const POLICIES = ["warn", "error", "bypass"];

/** Intercepts the process's (or the page's) HTTP clients and answers `/api/*` of the API's origins from the mock. */
export function setupMock(options: SetupMockOptions = {}): MockServer {
  const page = (globalThis as { location?: { origin?: string; href?: string } }).location;
  const pageOrigin = page?.href && page.origin && page.origin !== "null" ? page.origin : null;
  const base = pageOrigin ? page!.href! : "http://localhost/";
  checkOptions(options, { origins: true, onUnhandledRequest: true, mock: true, passwordIterations: true }, "setupMock");
  if (options.origins !== undefined && !Array.isArray(options.origins))
    throw new TypeError(`setupMock: origins must be a list of origins, such as ["http://api.test:8080"]`);
  const extra = new Set((options.origins ?? []).map((origin, at) => originOf(origin, `setupMock: origins[${at}]`, true)));
  checkIterations(options.passwordIterations, "setupMock");
  const given = options.mock as { handle?: unknown; then?: unknown } | null | undefined;
  if (given !== undefined && typeof given?.handle !== "function" && typeof given?.then !== "function")
    throw new TypeError(`setupMock: mock must be what createMock() makes (or its promise), got ${given === null ? "null" : typeof given}`);
  const policy = options.onUnhandledRequest ?? "warn";
  if (typeof policy !== "function" && !POLICIES.includes(policy))
    throw new TypeError(`setupMock: onUnhandledRequest is ${JSON.stringify(policy)}: expected "warn", "error", "bypass" or a function`);
  const owns = (url: URL) =>
    isApiPath(url.pathname) &&
    (extra.has("*") ||
      extra.has(url.origin) ||
      url.origin === pageOrigin ||
      ((url.protocol === "http:" || url.protocol === "https:") && LOOPBACK.has(url.hostname)));

  // Checked where it settles: a promise of something else rejects mock() and fails each request as a network error, not a 500.
  const givenMock = options.mock ? Promise.resolve(options.mock).then(checkedGivenMock) : null;
  givenMock?.catch(() => undefined);
  let made = givenMock;
  const mock = () => (made ??= createMock({ passwordIterations: options.passwordIterations }));
  let batch: BatchInterceptor<ReturnType<typeof interceptors>> | null = null;
  let resolving: { wrapper: typeof fetch; inner: typeof fetch } | null = null;

  const unhandled = (request: Request, controller: { errorWith(reason?: unknown): void }) => {
    const text = `${request.method} ${request.url}`;
    const message = `moments/mock: ${text} is not the mock's (it answers /api/* of localhost, 127.0.0.1, [::1]${pageOrigin ? `, ${pageOrigin}` : ""}${extra.size ? `, ${[...extra].join(", ")}` : ""}); add its origin with setupMock({ origins: [...] }), or set onUnhandledRequest`;
    const print = {
      warning: () => console.warn(`${message}. It went out to the network.`),
      error: () => console.error(`${message}. It was failed (onUnhandledRequest: "error").`),
    };
    if (typeof policy === "function") return policy(request, print);
    if (policy === "warn") print.warning();
    if (policy === "error") {
      print.error();
      controller.errorWith(new TypeError(`${text}: refused by setupMock (onUnhandledRequest: "error")`));
    }
  };

  return {
    listen() {
      if (batch) throw new Error("setupMock: listen() was called already; close() first");
      const clients = interceptors();
      batch = new BatchInterceptor({ name: "moments-mock", interceptors: clients });
      for (const client of clients)
        client.on("request", async ({ request, controller }) => {
          let url: URL;
          try {
            url = new URL(request.url);
          } catch {
            return unhandled(request, controller);
          }
          // data: and blob: URLs (a photo the API answered inline) never reach a network: no policy is theirs.
          if (url.protocol !== "http:" && url.protocol !== "https:") return;
          if (!owns(url)) return unhandled(request, controller);
          const answering = await mock().catch((error: Error) => controller.errorWith(error));
          if (!answering) return;
          const answer = await answering.handle(request);
          const dropped = answer.type === "error" ? droppedConnection(client) : null;
          if (dropped) controller.errorWith(dropped);
          else controller.respondWith(answer);
        });
      batch.apply();
      syncClients();
      // Node has no page to resolve `fetch("/api/posts")` against: such a URL is resolved against
      // http://localhost before the intercepted fetch sees it (under jsdom, against the page).
      if (!pageOrigin && typeof globalThis.fetch === "function") {
        const inner = globalThis.fetch;
        const wrapper = ((input: RequestInfo | URL, init?: RequestInit) =>
          inner(
            typeof input === "string" && input.startsWith("/") && !input.startsWith("//") ? new URL(input, base) : input,
            init,
          )) as typeof fetch;
        globalThis.fetch = wrapper;
        resolving = { wrapper, inner };
      }
    },
    async reset(resetOptions: ResetOptions = {}) {
      await (await mock()).reset(resetOptions);
    },
    async use(...sets) {
      const m = await mock();
      let list = m.scenarios.list();
      for (const set of sets) list = m.scenarios.add(set);
      return list;
    },
    async requests(filter) {
      return (await mock()).requests(filter);
    },
    async close() {
      if (resolving && globalThis.fetch === resolving.wrapper) globalThis.fetch = resolving.inner;
      resolving = null;
      batch?.dispose();
      batch = null;
      syncClients();
      // A mock it made is stopped (a listen() after this makes a new one); one it was given is the caller's.
      const stopping = options.mock ? null : made;
      made = givenMock;
      if (stopping) await (await stopping).shutdown();
    },
    mock,
  };
}

export interface StartServeOptions {
  /** The port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** ":memory:" (the default: nothing written) or a store file, as `mockman serve --db`. */
  db?: string;
  /** PBKDF2 iterations for passwords (tests may lower it). */
  passwordIterations?: number;
  /** Page origins besides loopback ones that may call it (as `serve --allow-origin`). */
  allowOrigins?: string[];
}

export interface ServeHandle {
  /** `http://127.0.0.1:PORT`: the API under /api, the admin API under /__mockman. */
  url: string;
  port: number;
  /** The journal of the API requests it answered. */
  requests(filter?: RequestFilter): JournalEntry[];
  /** Stops it (open connections are closed) and, for a file store, releases the store. */
  close(): Promise<void>;
}

/**
 * `mockman serve` in this process (Node only): `startServe({ port: 0, db: ":memory:" })` for one
 * server per test worker, without spawning the CLI. The admin API is the same (`POST /__mockman/reset`…),
 * except POST /__mockman/seed, which needs the CLI's generator.
 */
export async function startServe(options: StartServeOptions = {}): Promise<ServeHandle> {
  checkOptions(options, { port: true, db: true, passwordIterations: true, allowOrigins: true }, "startServe");
  checkIterations(options.passwordIterations, "startServe");
  if (options.allowOrigins !== undefined && !Array.isArray(options.allowOrigins))
    throw new TypeError(`startServe: allowOrigins must be a list of origins, such as ["http://192.168.1.20:5173"]`);
  const allowOrigins = options.allowOrigins?.map((origin, at) => originOf(origin, `startServe: allowOrigins[${at}]`, false));
  return (await startServeHere({ ...options, allowOrigins })) as ServeHandle;
}
