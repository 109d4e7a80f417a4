// Scenarios: per-route overrides, so a developer can show one state of a screen on
// demand ("POST /api/posts answers 500 twice", "GET /api/users/bookmark answers an
// empty list", "GET /api/posts is slow"). Every door takes the same ones: `serve`'s admin
// API and --scenario FILE, the in-browser mock's worker (the /mockman page), and the
// library (createMock's `scenarios`). A request meets them before faults and the queue
// (mock/core/create-mock.ts), so an overridden answer never runs a handler nor changes
// data; its answer is made by the boundary's own helpers (status text, JSON type, the
// `{errors}` shape of every refusal). Plain data and zod only: no door's code here.
import { z } from "zod";
import { errorAnswer, json, statusText, type RawRequest, type RawResponse } from "../core/boundary";
import { MAX_DELAY_MS } from "../core/fault-settings";

/** The header that picks one scenario, by name, for one request. */
export const SCENARIO_HEADER = "x-mockman-scenario";
/** On every answer a scenario made: its name. */
export const SCENARIO_ANSWER_HEADER = "x-mockman-scenario";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "*"] as const;

/** The most a scenario's answer (its body, or its data set) may hold, as JSON: scenarios live in memory. */
export const MAX_SCENARIO_BODY_BYTES = 1024 * 1024;
/** The most scenarios kept at once. */
export const MAX_SCENARIOS = 500;
/** On the answer of a scenario with `error: "network"`: the door drops the connection (serve) or fails the request (the library). */
export const NETWORK_ERROR_HEADER = "x-mockman-network-error";

/** Header names as HTTP carries them: no colon, space or control character. */
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/, "expected a header name (letters, digits, -)");
/** A header's value as HTTP can send it: tabs, visible ASCII and Latin-1 (node:http refuses anything else). */
const headerValue = z.string().regex(/^[\t\x20-\x7e\x80-\xff]{0,8192}$/, "expected a header value of visible characters (no line breaks)");
/** Headers the door itself writes from the answer (its length, its framing, the connection): an answer may not set them. */
const FRAMING_HEADERS = ["content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer"];

/** What a request must carry, besides its method and path, for the scenario to answer it. */
const matchSchema = z
  .object({
    /** Path parameters by name (`:postId` in path): each must equal. */
    params: z.record(z.string()).optional(),
    /** Query parameters: each named one must be there with this value ("" for present without one). */
    query: z.record(z.string()).optional(),
    /** Request headers (names in any case): each must be there with this value. */
    headers: z.record(headerName, headerValue).optional(),
    /** The JSON body must hold this: objects by the fields given (others may be there too), anything else equal. */
    body: z.unknown().optional(),
  })
  .strict();

const scenarioSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 _.:-]{0,63}$/, "1 to 64 letters, digits, spaces, _ . : or -, starting with a letter or digit")
      .optional(),
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(METHODS, { errorMap: () => ({ message: `expected one of ${METHODS.join(", ")}` }) })),
    path: z
      .string()
      .regex(/^\/api(\/[^/?#\s]+)*\/?$/, "expected a path under /api, such as /api/posts/:postId (no query)")
      .refine((p) => !p.split("/").slice(0, -1).includes("*"), "* may only be the last segment"),
    match: matchSchema.optional(),
    status: z.number().int().min(200).max(599).optional(),
    /** Answer headers (names lower-cased). */
    headers: z.record(headerName, headerValue).optional(),
    body: z.unknown().optional(),
    /** A body sent as it is (not JSON): give its content-type in headers. */
    text: z.string().optional(),
    data: z.string().min(1).optional(),
    /** "network": no answer at all, the connection is dropped (a fetch rejects, node:http gets ECONNRESET). */
    error: z.literal("network", { errorMap: () => ({ message: 'expected "network" (the connection is dropped)' }) }).optional(),
    delay: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
    times: z.number().int().min(0).optional(),
  })
  .strict();

/** A scenario as it is given. */
export type ScenarioInput = z.input<typeof scenarioSchema>;

/**
 * A scenario as it is kept: named, its method upper case. `data` names a data set whose value
 * is the answer's body; `times` is how many requests it answers (left out: until cleared; 0:
 * only those that name it in SCENARIO_HEADER).
 */
export type Scenario = Omit<z.output<typeof scenarioSchema>, "name"> & { name: string };

/** What the doors take: one scenario, a list, or `{scenarios, datasets}`. */
const setSchema = z.union([
  z.array(z.unknown()),
  z
    .object({
      scenarios: z.array(z.unknown()).default([]),
      datasets: z.record(z.unknown()).default({}),
    })
    .strict(),
]);

/** What the doors list: each scenario with what it has answered and what it has left. */
export interface ScenarioList {
  scenarios: (Scenario & { used: number; remaining: number | null })[];
  datasets: Record<string, unknown>;
}

/** A scenario set that cannot be taken; its message names what is wrong. Nothing was changed. */
export class ScenarioError extends Error {
  constructor(
    message: string,
    /** 400 (bad input), 404 (nothing of that name) or 413 (over a cap). */
    readonly status = 400,
  ) {
    super(message);
    this.name = "ScenarioError";
  }
}

interface Kept {
  scenario: Scenario;
  match: RegExp;
  /** The path's parameter names, in order (`:postId` → postId), for `match.params`. */
  params: string[];
  used: number;
}

const segments = (path: string) => path.split("/").filter(Boolean);
const isParam = (segment: string) => segment.startsWith(":");

/** A path pattern as a regular expression over request paths: `:name` one segment (captured), a last `*` the rest. */
export function compile(path: string): RegExp {
  let source = "";
  for (const s of segments(path))
    source += s === "*" ? "(?:/.*)?" : `/${isParam(s) ? "([^/]+)" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  return new RegExp(`^${source}/?$`);
}

const paramNames = (path: string) =>
  segments(path)
    .filter(isParam)
    .map((s) => s.slice(1));

/** Whether `value` holds `pattern`: an object every field of the pattern's (recursively), anything else equal (arrays element by element). */
export function holds(value: unknown, pattern: unknown): boolean {
  if (pattern === null || typeof pattern !== "object") return Object.is(value, pattern);
  if (Array.isArray(pattern)) return Array.isArray(value) && value.length === pattern.length && pattern.every((p, i) => holds(value[i], p));
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return Object.entries(pattern).every(([key, p]) => Object.hasOwn(value, key) && holds((value as Record<string, unknown>)[key], p));
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Whether a request carries what a scenario's `match` asks for (its path already matched `kept.match`). */
function carries(kept: Kept, request: RawRequest, url: URL): boolean {
  const match = kept.scenario.match;
  if (!match) return true;
  if (match.params) {
    const values = kept.match.exec(url.pathname)?.slice(1) ?? [];
    const got = Object.fromEntries(kept.params.map((name, i) => [name, decoded(values[i] ?? "")]));
    if (!Object.entries(match.params).every(([name, value]) => got[name] === value)) return false;
  }
  if (match.query && !Object.entries(match.query).every(([name, value]) => url.searchParams.getAll(name).includes(value))) return false;
  if (match.headers) {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([n, v]) => [n.toLowerCase(), v]));
    if (!Object.entries(match.headers).every(([name, value]) => headers[name.toLowerCase()] === value)) return false;
  }
  if (match.body !== undefined) {
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return false;
    }
    if (!holds(body, match.body)) return false;
  }
  return true;
}

/** A value's size as JSON, in bytes, or Infinity for one that cannot be written as JSON. */
function jsonBytes(value: unknown): number {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? 0 : new TextEncoder().encode(text).byteLength;
  } catch {
    return Infinity;
  }
}

/** Whether a pattern can meet a route template (each segment equal, or either one a parameter; `*` the rest). */
function meets(pattern: string, route: string): boolean {
  const a = segments(pattern);
  const b = segments(route);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === "*") return true;
    if (i >= b.length) return false;
    if (a[i] !== b[i] && !isParam(a[i]) && !isParam(b[i])) return false;
  }
  return a.length === b.length;
}

const urlOf = (url: string) => {
  try {
    return new URL(url, "http://mock.local");
  } catch {
    return new URL("http://mock.local/");
  }
};

function issueText(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  const at = [where, ...issue.path].filter((p) => p !== "").join(".");
  if (issue.code === "unrecognized_keys") return `${at}: unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`;
  return `${at}: ${issue.message}`;
}

/** The answer a scenario gives, through the boundary's helpers; null for a scenario that only delays. */
function answerOf(scenario: Scenario, datasets: Record<string, unknown>): RawResponse | null {
  const marked: Record<string, string> = { [SCENARIO_ANSWER_HEADER]: scenario.name };
  if (scenario.error === "network") return { status: 0, statusText: "", headers: { ...marked, [NETWORK_ERROR_HEADER]: "1" }, body: "" };
  const body = scenario.data !== undefined ? datasets[scenario.data] : scenario.body;
  if (scenario.status === undefined && body === undefined && scenario.text === undefined && !scenario.headers) return null;
  const status = scenario.status ?? 200;
  const extra = Object.fromEntries(Object.entries(scenario.headers ?? {}).map(([n, v]) => [n.toLowerCase(), v]));
  const answer = answerBody(scenario, status, body, marked);
  return { ...answer, headers: { ...answer.headers, ...extra, ...marked } };
}

function answerBody(scenario: Scenario, status: number, body: unknown, marked: Record<string, string>): RawResponse {
  if (scenario.text !== undefined)
    return { status, statusText: statusText(status), headers: { "content-type": "text/plain; charset=utf-8" }, body: scenario.text };
  if (body === undefined)
    return status >= 400
      ? errorAnswer(
          status,
          `${statusText(status) || `Status ${status}`} (the scenario ${JSON.stringify(scenario.name)} answers it).`,
          marked,
        )
      : { status, statusText: statusText(status), headers: marked, body: "" };
  return json(status, body, marked);
}

export class Scenarios {
  private kept: Kept[] = [];
  private datasets: Record<string, unknown> = {};

  /** `routes`: the route table (paths under /api, as mock/routes/ writes them), so a scenario that names no route is refused. */
  constructor(private readonly routes: readonly { method: string; path: string }[]) {}

  get size() {
    return this.kept.length;
  }

  list(): ScenarioList {
    return {
      scenarios: this.kept.map(({ scenario, used }) => ({
        ...scenario,
        used,
        remaining: scenario.times === undefined ? null : Math.max(0, scenario.times - used),
      })),
      datasets: { ...this.datasets },
    };
  }

  /** The scenarios and data sets as `add` takes them (what a file holds). */
  toSet(): { scenarios: Scenario[]; datasets: Record<string, unknown> } {
    return { scenarios: this.kept.map((k) => ({ ...k.scenario })), datasets: { ...this.datasets } };
  }

  /**
   * Adds scenarios (one, a list, or `{scenarios, datasets}`), checked whole first: one
   * bad scenario and nothing is added (ScenarioError). A scenario of a name kept
   * already takes its place; one without a name is named `METHOD path` (see unnamed).
   */
  add(input: unknown): ScenarioList {
    const set = setSchema.safeParse(
      Array.isArray(input) || (typeof input === "object" && input !== null && "scenarios" in input) ? input : [input],
    );
    if (!set.success) throw new ScenarioError(issueText(set.error, "scenarios"));
    const given = Array.isArray(set.data) ? { scenarios: set.data, datasets: {} } : set.data;
    const datasets = { ...this.datasets, ...given.datasets };
    for (const [name, value] of Object.entries(given.datasets)) {
      const size = jsonBytes(value);
      if (size > MAX_SCENARIO_BODY_BYTES)
        throw new ScenarioError(
          `datasets.${name}: ${size === Infinity ? "not JSON" : `${(size / 1024 / 1024).toFixed(1)} MB`}: a data set is at most ${MAX_SCENARIO_BODY_BYTES / 1024 / 1024} MB as JSON`,
          413,
        );
    }
    const taken: Scenario[] = [];
    given.scenarios.forEach((raw, i) => {
      const parsed = scenarioSchema.safeParse(raw);
      const where = `scenarios.${i}`;
      if (!parsed.success) throw new ScenarioError(issueText(parsed.error, where));
      const { name, ...rest } = parsed.data;
      const scenario: Scenario = { name: name ?? this.unnamed(rest, taken), ...rest };
      const problem = this.problemOf(scenario, datasets);
      if (problem) throw new ScenarioError(`${where} (${scenario.name}): ${problem}`, problem.includes(" MB") ? 413 : 400);
      if (taken.some((s) => s.name === scenario.name))
        throw new ScenarioError(`${where}: the name ${JSON.stringify(scenario.name)} is given twice`);
      taken.push(scenario);
    });
    const names = new Set([...this.kept.map((k) => k.scenario.name), ...taken.map((s) => s.name)]);
    if (names.size > MAX_SCENARIOS)
      throw new ScenarioError(
        `${names.size} scenarios would be set: at most ${MAX_SCENARIOS} are kept at once (remove some, or clear them: DELETE /__mockman/scenarios); nothing was added`,
        413,
      );
    this.datasets = datasets;
    for (const scenario of taken) {
      const kept: Kept = { scenario, match: compile(scenario.path), params: paramNames(scenario.path), used: 0 };
      const at = this.kept.findIndex((k) => k.scenario.name === scenario.name);
      if (at >= 0) this.kept[at] = kept;
      else this.kept.push(kept);
    }
    return this.list();
  }

  /**
   * `METHOD path`, or `METHOD path #2`… when that name is kept for another `match`: two
   * unnamed scenarios of one route for different requests (`postId` a and b) both stay,
   * as two `use()` calls of MSW do; one for the same requests takes the old one's place.
   */
  private unnamed(scenario: Omit<Scenario, "name">, taken: Scenario[]): string {
    const held = [...this.kept.map((k) => k.scenario), ...taken];
    const match = JSON.stringify(scenario.match ?? {});
    for (let n = 1; ; n++) {
      const name = `${scenario.method} ${scenario.path}${n > 1 ? ` #${n}` : ""}`;
      const holder = held.find((s) => s.name === name);
      if (!holder || JSON.stringify(holder.match ?? {}) === match) return name;
    }
  }

  private problemOf(scenario: Scenario, datasets: Record<string, unknown>): string | null {
    const routed = this.routes.some(
      (r) => (scenario.method === "*" || r.method === scenario.method) && meets(scenario.path, `/api${r.path}`),
    );
    if (!routed) return `${scenario.method} ${scenario.path} names no route of the API (GET /api/openapi.json lists them)`;
    if (scenario.body !== undefined && scenario.data !== undefined) return "give body or data, not both";
    if (scenario.data !== undefined && !(scenario.data in datasets))
      return `data names no data set: ${Object.keys(datasets).length ? `the data sets are ${Object.keys(datasets).join(", ")}` : "give it in datasets"}`;
    const body = scenario.data !== undefined ? datasets[scenario.data] : scenario.body;
    const status = scenario.status ?? 200;
    // A Response of these statuses cannot be built with a body: handle() and setupMock would throw (a 500 to the client).
    const bodiless = status === 204 || status === 205 || status === 304;
    if (bodiless && body !== undefined) return `a ${status} answer has no body`;
    if ([body !== undefined, scenario.text !== undefined, scenario.error !== undefined].filter(Boolean).length > 1)
      return "give one of body, data, text or error";
    if (bodiless && scenario.text !== undefined) return `a ${status} answer has no body`;
    const framing = Object.keys(scenario.headers ?? {}).find((name) => FRAMING_HEADERS.includes(name.toLowerCase()));
    if (framing) return `headers: ${framing} is written by the server from the answer itself; leave it out`;
    if (scenario.error !== undefined && (scenario.status !== undefined || scenario.headers))
      return "a network error has no status or headers: the connection is dropped";
    const size = scenario.text !== undefined ? new TextEncoder().encode(scenario.text).byteLength : jsonBytes(body);
    if (size > MAX_SCENARIO_BODY_BYTES)
      return `its answer is ${size === Infinity ? "not JSON" : `${(size / 1024 / 1024).toFixed(1)} MB`}: a scenario's body is at most ${MAX_SCENARIO_BODY_BYTES / 1024 / 1024} MB (serve a large list through the data instead: PUT /__mockman/data)`;
    if (scenario.match?.body !== undefined && jsonBytes(scenario.match.body) > MAX_SCENARIO_BODY_BYTES)
      return `match.body is over ${MAX_SCENARIO_BODY_BYTES / 1024 / 1024} MB as JSON`;
    for (const name of Object.keys(scenario.match?.params ?? {}))
      if (!paramNames(scenario.path).includes(name))
        return `match.params names :${name}, which ${scenario.path} does not have${
          paramNames(scenario.path).length
            ? ` (it has ${paramNames(scenario.path)
                .map((p) => ":" + p)
                .join(", ")})`
            : ""
        }`;
    return null;
  }

  /** Removes one scenario; ScenarioError (404) when none has that name. */
  remove(name: string): ScenarioList {
    const at = this.kept.findIndex((k) => k.scenario.name === name);
    if (at < 0) {
      const names = this.kept.map((k) => k.scenario.name);
      throw new ScenarioError(
        `no scenario named ${JSON.stringify(name)}: ${names.length ? `the scenarios are ${names.join(", ")}` : "none is set"}`,
        404,
      );
    }
    this.kept.splice(at, 1);
    return this.list();
  }

  /** Removes every scenario and data set. */
  clear(): ScenarioList {
    this.kept = [];
    this.datasets = {};
    return this.list();
  }

  /**
   * What a scenario does to this request: null when none applies (the API answers);
   * else its delay and its answer (null: the API answers after the delay). A request
   * naming a scenario in SCENARIO_HEADER gets that one (its `times` untouched) when it
   * matches; an unknown name is answered 400.
   */
  pick(request: RawRequest): { delayMs: number; answer: RawResponse | null } | null {
    const named = request.headers[SCENARIO_HEADER];
    // None set and none named (nearly every request): nothing to read.
    if (!this.kept.length && named === undefined) return null;
    const url = urlOf(request.url);
    const method = request.method.toUpperCase();
    const fits = (k: Kept) =>
      (k.scenario.method === "*" || k.scenario.method === method || (method === "HEAD" && k.scenario.method === "GET")) &&
      k.match.test(url.pathname) &&
      carries(k, request, url);
    if (named !== undefined) {
      const kept = this.kept.find((k) => k.scenario.name === named.trim());
      if (!kept) {
        const names = this.kept.map((k) => k.scenario.name);
        return {
          delayMs: 0,
          answer: errorAnswer(
            400,
            `${SCENARIO_HEADER}: no scenario named ${JSON.stringify(named)} (${names.length ? `the scenarios are ${names.join(", ")}` : "none is set"})`,
          ),
        };
      }
      if (fits(kept)) return { delayMs: kept.scenario.delay ?? 0, answer: answerOf(kept.scenario, this.datasets) };
      return null;
    }
    const kept = this.kept.find((k) => (k.scenario.times === undefined || k.used < k.scenario.times) && fits(k));
    if (!kept) return null;
    kept.used++;
    return { delayMs: kept.scenario.delay ?? 0, answer: answerOf(kept.scenario, this.datasets) };
  }
}
