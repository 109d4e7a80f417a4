// The request journal: what each request sent and what answered it, as WireMock's
// /__admin/requests and MSW's life-cycle events give it, so a test can assert "the
// client sent this" instead of only "the screen shows that". A door wraps its
// dispatcher with `journaled` (the library's createMock and setupMock, `serve`);
// what answered is read off the answer: a scenario marks its answers with its name,
// an injected fault with its status, and anything else is the route the path names.
// Bounded: the last MAX_ENTRIES requests, each body kept up to MAX_BODY_CHARS.
import { z } from "zod";
import type { RawRequest, RawResponse } from "../core/boundary";
import { Router } from "../core/router";
import { NETWORK_ERROR_HEADER, SCENARIO_ANSWER_HEADER, compile } from "./scenarios";

/** The most requests kept: older ones are dropped first. */
export const MAX_JOURNAL_ENTRIES = 1000;
/** The most of a request body kept, in characters (the rest is cut, and `bodyTruncated` says so). */
export const MAX_JOURNAL_BODY_CHARS = 64 * 1024;

/** What answered a request. */
export type MatchedBy =
  { by: "scenario"; scenario: string } | { by: "fault"; status: number } | { by: "route"; route: string } | { by: "none" };

export interface JournalEntry {
  /** 1, 2, 3…: in the order the requests arrived; never reused, also after a clear. */
  id: number;
  /** When it arrived (ISO time). */
  at: string;
  method: string;
  /** The path with its query, as sent. */
  url: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body as text ("" for none), up to MAX_JOURNAL_BODY_CHARS. */
  body: string;
  bodyTruncated: boolean;
  /** The answer's status; 0 for a network error. */
  status: number;
  /** How long the answer took, in ms. */
  ms: number;
  matched: MatchedBy;
}

/** What `requests()` and GET /__mockman/requests filter by; every one given must hold. */
export interface JournalFilter {
  method?: string;
  /** A path, or a pattern as scenarios take it: `/api/posts/:postId`, `/api/users/*`. */
  path?: string;
  status?: number;
  /** Answered by this scenario (by name). */
  scenario?: string;
  /** Answered by: "scenario", "fault", "route" or "none". */
  matched?: MatchedBy["by"];
  /** Only entries after this id (what a test saw last). */
  after?: number;
  /** The newest this many (after the others filtered). */
  limit?: number;
}

const count = (min: number, max: number) => z.number().int().min(min).max(max);
const filterFields = {
  method: z.string().regex(/^[A-Za-z]{1,16}$/, "expected an HTTP method such as POST"),
  path: z.string().regex(/^\/[^\s?#]*$/, "expected a path such as /api/posts/:postId (no query)"),
  status: count(0, 599),
  scenario: z.string().min(1),
  matched: z.enum(["scenario", "fault", "route", "none"]),
  after: count(0, Number.MAX_SAFE_INTEGER),
  limit: count(1, MAX_JOURNAL_ENTRIES),
};
/** The filters as `requests()` takes them: every field named when it is wrong, an unknown one refused. */
export const journalFilterSchema = z.object(filterFields).partial().strict();
/** A number as a query writes it: "", " ", "0x1F4" or "1e2" is none (NaN), where Number() would read 0, 500 and 100. */
const queryNumber = z.string().transform((text) => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN));
/** The same from a query string (GET /__mockman/requests): the numbers as text. */
export const journalQuerySchema = journalFilterSchema.extend({
  status: queryNumber.pipe(filterFields.status).optional(),
  after: queryNumber.pipe(filterFields.after).optional(),
  limit: queryNumber.pipe(filterFields.limit).optional(),
});

/** A filter that is not one, named: `requests: limit: Number must be greater than or equal to 1`. */
function checkedFilter(filter: unknown): JournalFilter {
  const parsed = journalFilterSchema.safeParse(filter ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new TypeError(
    issue.code === "unrecognized_keys"
      ? `requests: unknown filter ${issue.keys.map((k) => JSON.stringify(k)).join(", ")} (method, path, status, scenario, matched, after, limit)`
      : `requests: ${issue.path.join(".") || "the filter"}: ${issue.message}`,
  );
}

const pathAndQuery = (url: string) => {
  try {
    const parsed = new URL(url, "http://mock.local");
    return { path: parsed.pathname, query: Object.fromEntries(parsed.searchParams), url: parsed.pathname + parsed.search };
  } catch {
    return { path: url.split("?")[0], query: {}, url };
  }
};

export class Journal {
  private entries: JournalEntry[] = [];
  private next = 1;
  private readonly router = new Router<string>();

  /** `routes`: the API's route table (paths under /api), to name the route a request reached. */
  constructor(routes: readonly { method: string; path: string }[]) {
    for (const route of routes) this.router.add(route.method, `/api${route.path}`, `${route.method.toUpperCase()} /api${route.path}`);
  }

  /** Records one request and its answer (called by `journaled`). */
  record(request: RawRequest, response: RawResponse, started: number, at: Date) {
    const { path, query, url } = pathAndQuery(request.url);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
    const method = request.method.toUpperCase();
    this.entries.push({
      id: this.next++,
      at: at.toISOString(),
      method,
      url,
      path,
      query,
      headers,
      body: request.body.length > MAX_JOURNAL_BODY_CHARS ? request.body.slice(0, MAX_JOURNAL_BODY_CHARS) : request.body,
      bodyTruncated: request.body.length > MAX_JOURNAL_BODY_CHARS,
      status: response.headers[NETWORK_ERROR_HEADER] ? 0 : response.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      matched: this.matchedBy(method, path, response),
    });
    if (this.entries.length > MAX_JOURNAL_ENTRIES) this.entries.splice(0, this.entries.length - MAX_JOURNAL_ENTRIES);
  }

  private matchedBy(method: string, path: string, response: RawResponse): MatchedBy {
    const scenario = response.headers[SCENARIO_ANSWER_HEADER];
    if (scenario !== undefined) return { by: "scenario", scenario };
    const injected = response.headers["x-mockman-injected"];
    if (injected !== undefined) return { by: "fault", status: Number(injected) };
    const found = this.router.match(method, path);
    return found.kind === "found" ? { by: "route", route: found.handler } : { by: "none" };
  }

  /** The entries kept, oldest first, filtered: `requests()`'s filter, checked here (a bad one throws a TypeError naming it). */
  list(given?: JournalFilter): JournalEntry[] {
    return this.select(checkedFilter(given));
  }

  /** The same with a filter checked already: GET /__mockman/requests's query, parsed by journalQuerySchema. */
  select(filter: JournalFilter): JournalEntry[] {
    const method = filter.method?.toUpperCase();
    const path = filter.path === undefined ? null : compile(filter.path);
    const found = this.entries.filter(
      (e) =>
        (method === undefined || e.method === method) &&
        (path === null || path.test(e.path)) &&
        (filter.status === undefined || e.status === filter.status) &&
        (filter.scenario === undefined || (e.matched.by === "scenario" && e.matched.scenario === filter.scenario)) &&
        (filter.matched === undefined || e.matched.by === filter.matched) &&
        (filter.after === undefined || e.id > filter.after),
    );
    return filter.limit === undefined ? found : found.slice(Math.max(0, found.length - filter.limit));
  }

  clear() {
    this.entries = [];
  }
}

/** A dispatcher that records every request it answers in the journal. */
export function journaled(journal: Journal, dispatch: (request: RawRequest) => Promise<RawResponse>) {
  return async (request: RawRequest): Promise<RawResponse> => {
    const started = performance.now();
    const at = new Date();
    const response = await dispatch(request);
    journal.record(request, response, started, at);
    return response;
  };
}
