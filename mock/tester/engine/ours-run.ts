// A collection of ours run in order: each request's {{templates}} filled from
// the variables and earlier answers (collection/templates.ts), sent, and its
// answer checked against its `expect` (collection/assert.ts). Everything was
// checked before the first request (collection/format.ts): here a template that
// finds nothing fails its request as not sent, and the run goes on.
import { STORE_ERROR_HEADER } from "#mock/core/boundary";
import { checkAnswer, describeFailure } from "#mock/tester/collection/assert";
import { type CollectionFile, type CollectionRequest, headerProblem } from "#mock/tester/collection/format";
import { toPath } from "#mock/tester/collection/urls";
import {
  TemplateError,
  fillTemplates,
  templateRefs,
  toJsonText,
  type RecordedResponse,
  type TemplateScope,
  type Variables,
} from "#mock/tester/collection/templates";
import { sendWithin, type OutgoingRequest, type Sender } from "./exchange";
import type { ReplayResult } from "./reporters";
import { eventLoopTurns } from "./turns";

const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s*[\r\n]+\s*/g, " ").trim();

/** A collection request, its templates filled, ready to send. Throws TemplateError when a value is missing. */
export function prepare(request: CollectionRequest, scope: TemplateScope, base?: string): OutgoingRequest {
  const endpoint = String(fillTemplates(request.endpoint, scope));
  const headers = Object.entries(fillTemplates(request.headers, scope)).map(
    ([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)] as [string, string],
  );
  for (const [name, value] of headers) {
    const problem = headerProblem(name, value);
    if (problem) throw new TemplateError(`${problem} (after filling its templates)`);
  }
  let body: string | undefined;
  if (request.body !== undefined) {
    const filled = fillTemplates(request.body, scope);
    // A string is sent as it is, so a body saved as raw JSON text works too.
    body = typeof filled === "string" ? filled : toJsonText(filled);
    if (!headers.some(([k]) => k.toLowerCase() === "content-type")) headers.push(["content-type", "application/json"]);
  }
  // `{{baseUrl}}/api/x` filled in, or a full URL, becomes `/api/x` for the run's one target.
  return { method: request.method, path: toPath(endpoint, base), headers, body };
}

/**
 * For each request (by index), the index of the last request whose templates
 * read its answer, or -1: after that one has run the answer is dropped, so a run
 * of 200,000 requests keeps only what is still to be read, not every answer. An
 * Int32Array, 4 bytes a request, where a map of names cost ~60.
 */
export function lastReaders(collection: CollectionFile): Int32Array {
  const { requests } = collection;
  const last = new Int32Array(requests.length).fill(-1);
  const at = new Map<string, number>();
  requests.forEach((request, i) => at.set(request.name, i));
  requests.forEach((request, i) => {
    for (const ref of templateRefs([request.endpoint, request.headers, request.body ?? null, request.expect ?? null])) {
      const read = at.get(ref.name);
      if (read !== undefined) last[read] = i;
    }
  });
  return last;
}

/** The requests whose answers each index is last to read, as two flat arrays: those of i are drops[starts[i]] up to drops[starts[i + 1]]. */
function dropsByIndex(last: Int32Array): { starts: Int32Array; drops: Int32Array } {
  const starts = new Int32Array(last.length + 1);
  for (const reader of last) if (reader >= 0) starts[reader + 1]++;
  for (let i = 0; i < last.length; i++) starts[i + 1] += starts[i];
  const drops = new Int32Array(starts[last.length]);
  const filled = starts.slice(0, last.length);
  last.forEach((reader, read) => {
    if (reader >= 0) drops[filled[reader]++] = read;
  });
  return { starts, drops };
}

export interface OursRunOptions {
  bail: boolean;
  variables?: Variables;
  base?: string;
  onResult?: (result: ReplayResult) => void;
  /** Keep each result for the returned list (a report needs them); false returns [] and leaves them to onResult. */
  keep?: boolean;
  /** Called after each pass over every request of a large collection (the CLI asks V8 for a full collection there). */
  settle?: (requests: number) => void;
  iteration?: number;
  /** --timeout-request: a request not answered by then fails as not sent. */
  timeoutRequestMs?: number;
  /** performance.now() past which no request starts (--timeout); the run then ends with `timedOut`. */
  deadline?: number;
  /** --delay-request, and whether a request ran before this pass (no wait before the run's first). */
  delayMs?: number;
  after?: boolean;
}

/** How a pass over the requests ended: the results, and where --bail or --timeout stopped it. */
export interface OursEnd {
  results: ReplayResult[];
  stoppedAt?: number;
  timedOut?: boolean;
}

export async function replay(collection: CollectionFile, sender: Sender, options: OursRunOptions): Promise<ReplayResult[]> {
  return (await runOurs(collection, sender, options)).results;
}

const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export async function runOurs(collection: CollectionFile, sender: Sender, options: OursRunOptions): Promise<OursEnd> {
  const scope: TemplateScope = { responses: new Map<string, RecordedResponse>(), variables: options.variables ?? {}, notSent: new Map() };
  const readers = lastReaders(collection);
  // By index, so each request lets go of what it was last to read without a pass over every name.
  const { starts, drops } = dropsByIndex(readers);
  options.settle?.(collection.requests.length);
  const results: ReplayResult[] = [];
  const turn = eventLoopTurns();
  let after = options.after ?? false;
  for (let i = 0; i < collection.requests.length; i++) {
    await turn();
    if (options.deadline !== undefined && performance.now() > options.deadline) return { results, stoppedAt: i, timedOut: true };
    if (after && options.delayMs) await delay(options.delayMs);
    after = true;
    const request = collection.requests[i];
    const expect = request.expect;
    const expected = typeof expect?.status === "number" ? expect.status : undefined;
    const readLater = readers[i] > i;
    let result: ReplayResult;
    try {
      const outgoing = prepare(request, scope, options.base);
      const timeoutMs = options.timeoutRequestMs || undefined;
      const exchange = await sendWithin(
        sender,
        outgoing,
        timeoutMs,
        () => new TemplateError(`no answer within --timeout-request ${timeoutMs} ms`),
      );
      const answer = { status: exchange.status, headers: exchange.headers, body: exchange.body };
      scope.responses.set(request.name, answer);
      // Expectations may use templates too, this answer's own among them: {"post._id": "{{create.body.post._id}}"}.
      const failures = checkAnswer({ ...answer, ms: exchange.ms }, expect && fillTemplates(expect, scope));
      if (!readLater) scope.responses.delete(request.name);
      const storeError = exchange.headers[STORE_ERROR_HEADER];
      if (storeError) failures.unshift({ check: "store", expected: "the change saved", actual: `not saved: ${storeError}` });
      result = {
        name: request.name,
        method: request.method,
        path: outgoing.path,
        status: exchange.status,
        ms: exchange.ms,
        pass: !failures.length,
        failures,
        checks: checkCount(expect),
      };
      if (failures.length) result.error = describeFailure(failures[0]);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      const why = oneLine(error);
      if (readLater) scope.notSent!.set(request.name, why);
      result = {
        name: request.name,
        method: request.method,
        path: request.endpoint,
        status: null,
        ms: 0,
        pass: false,
        failures: [],
        error: `not sent: ${why}`,
        checks: checkCount(expect),
      };
    }
    // Answers no later request reads are let go (templates name what they read).
    for (let d = starts[i]; d < starts[i + 1]; d++) {
      const name = collection.requests[drops[d]].name;
      scope.responses.delete(name);
      scope.notSent!.delete(name);
    }
    if (expected !== undefined) result.expected = expected;
    if (options.iteration !== undefined) result.iteration = options.iteration;
    if (options.keep !== false) results.push(result);
    options.onResult?.(result);
    if (!result.pass && options.bail) return { results, stoppedAt: i + 1 };
  }
  return { results };
}

/** How many checks an `expect` makes: the status (the "below 400" rule without one), each header and body entry, the time. */
const checkCount = (expect: CollectionRequest["expect"]) =>
  1 + Object.keys(expect?.headers ?? {}).length + Object.keys(expect?.body ?? {}).length + (expect?.maxMs === undefined ? 0 : 1);
