// The junit report as Newman writes it, by Newman's own reporter (newman/lib/reporters/junit): a testsuite per
// request (named by util.getFullName, with its id, timestamp, tests, failures, errors, time and a system-err of its
// request and script errors), a testcase per assertion, classname from the request's full name. The reporter
// listens for `beforeDone` on Newman's emitter and reads `newman.summary`; `newmanSummary` builds the part of the
// summary it reads from a mockman run: the collection as postman-collection's Collection, and an execution per
// request that went (or errored), as newman/lib/run/summary.js records them.
import sdk from "postman-collection";
import JunitReporter from "newman/lib/reporters/junit/index.js";
import { describeFailure } from "#mock/tester/collection/assert";
import type { PostmanCollection } from "#mock/tester/postman/convert";
import type { PlanItem, PostmanPlan, PostmanStep } from "#mock/tester/postman/steps";
import type { ReplayReport, ReplayResult } from "./reporters";

type Item = InstanceType<typeof sdk.Item>;

/** An error as Newman's reporter reads one: a request error's stack, a script error's message, an assertion's name, message and stack. */
interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
}

/** One execution of a request, as newman/lib/run/summary.js keeps it: what the junit reporter reads of it. */
interface Execution {
  id: string;
  item: Item;
  cursor: { iteration: number };
  requestError?: ErrorLike;
  response?: { responseTime: number };
  prerequestScript?: Array<{ error: ErrorLike }>;
  testScript?: Array<{ error: ErrorLike }>;
  assertions?: Array<{ assertion: string; skipped?: boolean; error?: ErrorLike }>;
}

/** The request errors Newman records: ours are `not sent: why`, less the two Newman sends no request event for. */
function requestErrorOf(result: ReplayResult): ErrorLike | undefined {
  if (result.status !== null) return undefined;
  return errorOf(result.requestError ?? (result.error ?? "").replace(/^not sent: /, ""));
}

// As a Node error's stack begins (`Error: connect ECONNREFUSED 127.0.0.1:1`); its frames are the requester's, not ours.
const errorOf = (why: string): ErrorLike => ({ message: clean(why), stack: clean(`Error: ${why}`) });

// XML 1.0 cannot carry most control characters, even escaped, and xmlbuilder throws on them (Newman's report then
// fails): a name or message is written with each as U+FFFD.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const clean = <T>(value: T): T => (typeof value === "string" ? (value.replace(INVALID_XML, "\ufffd") as T) : value);

/**
 * The collection as postman-collection's Collection, of what the reporter reads of it: its name and id, and its
 * folders and requests, each with its name (none when it has none) and id (the run's, pm.info.requestId; a folder
 * without one gets a fresh one from postman-collection, as in Newman). Not their requests: the reporter reads none,
 * and a request Postman's model cannot read fails alone in the run, not the report.
 */
function skeletonOf(json: PostmanCollection, plan: PostmanPlan, items: Map<string, { name?: string; id: string }>) {
  const info = (json.info ?? {}) as Record<string, unknown>;
  const label = (key: string) => (typeof info[key] === "string" || typeof info[key] === "number" ? { [key]: clean(info[key]) } : {});
  const walk = (planned: PlanItem[]): unknown[] =>
    planned.map((entry) => {
      if ("step" in entry) {
        const item = { id: entry.step.id, ...(entry.step.rawName === undefined ? {} : { name: clean(entry.step.rawName) }) };
        items.set(entry.step.name, item);
        return item;
      }
      return { ...(entry.id ? { id: entry.id } : {}), ...(entry.name ? { name: clean(entry.name) } : {}), item: walk(entry.items) };
    });
  return { info: { ...label("name"), ...label("_postman_id"), ...label("id") }, item: walk(plan.items) };
}

/** What the reporter reads of Newman's summary, from a mockman run: `started` is when it started (ms since the epoch). */
export function newmanSummary(report: ReplayReport, json: PostmanCollection, plan: PostmanPlan, started: number) {
  const written = new Map<string, { name?: string; id: string }>();
  const collection = new sdk.Collection(skeletonOf(json, plan, written) as ConstructorParameters<typeof sdk.Collection>[0]);
  // Each request's Item, by the run's unique name for it.
  const byId = new Map<string, Item>();
  (collection as unknown as { forEachItem(each: (item: Item) => void): void }).forEachItem((item) => void byId.set(item.id, item));
  const items = new Map([...written].map(([name, { id }]) => [name, byId.get(id)]));
  const steps = new Map(plan.steps.map((step) => [step.name, step]));
  const executions: Execution[] = [];
  let tested = 0;
  for (const result of report.results) {
    const item = items.get(result.name);
    // An item without an id or a name: the id the run gave it (the json report's), where the plan was made again.
    if (item && result.id !== undefined && item.name === undefined) item.id = result.id;
    if (!item) continue;
    // Newman's summary records a request event (the request's own, each pm.sendRequest's at the same cursor) by
    // pushing the item's one execution again, which keeps the last event's item id and the last error: its junit
    // reporter then lists it once per event, or only once when the last was a test script's pm.sendRequest (the id
    // is no longer the item's). Skipped by its script, or stopped by --bail before it went: no event of its own.
    const sends = (result.sent ?? []).map(({ error }) => (error === undefined ? undefined : errorOf(error)));
    const before = result.sentBefore ?? 0;
    const events = [...sends.slice(0, before), ...(result.notSent ? [] : [requestErrorOf(result)]), ...sends.slice(before)];
    if (!events.length) continue;
    if (!result.notSent) tested++;
    const execution: Execution = {
      id: before < sends.length ? `${item.id} pm.sendRequest` : item.id,
      item,
      cursor: { iteration: result.iteration ?? 0 },
    };
    const requestError = events.findLast((event) => event !== undefined);
    if (requestError) execution.requestError = requestError;
    if (result.status !== null) execution.response = { responseTime: result.ms };
    // Newman's reporter prints a script error's message alone (postman-sandbox hands it no stack): an Error's,
    // `undefined` for any other value thrown; the run's own failures (a budget, a bound, --timeout) as they read.
    for (const { script, thrown } of result.scriptErrors ?? []) {
      const error = { message: thrown.kind === "value" ? undefined : clean(thrown.message) };
      (script === "test" ? (execution.testScript ??= []) : (execution.prerequestScript ??= [])).push({ error });
    }
    execution.assertions = result.assertions
      ? result.assertions.map((a) => ({
          assertion: clean(a.name),
          ...(a.skipped ? { skipped: true } : {}),
          ...(a.pass || a.skipped ? {} : { error: assertionError(a, result.position ?? 0) }),
        }))
      : checkedAssertions(result, steps.get(result.name));
    if (!execution.assertions.length) delete execution.assertions;
    for (const _ of events) executions.push(execution);
  }
  return {
    collection,
    run: {
      executions,
      // Newman's `tests` counts test events: one for each request that went or errored.
      stats: { tests: { total: tested } },
      timings: { started },
    },
  };
}

/**
 * An assertion's error as Newman makes it (newman/lib/run): its name and message, its stack both and the one frame
 * Newman writes (its test's index and its request's place, never the error's own stack); for a thrown value with no
 * message, the test's name and an empty one.
 */
function assertionError(a: NonNullable<ReplayResult["assertions"]>[number], position: number): ErrorLike {
  const name = clean(a.errorName ?? "AssertionError");
  const message = a.noMessage ? "" : clean(a.error ?? "");
  const stack = `${name}: ${message}\n   at Object.eval sandbox-script.js:${(a.index ?? 0) + 1}:${position + 1})`;
  return { name, message: a.noMessage ? clean(a.name) : message, stack };
}

/**
 * A mockman collection's request: its `expect` is one assertion, named as the pm.test toPostman wrote for it
 * (`status is 200`: what Newman reports running the collection's export), failed by its first failed check, every
 * failed check with its expected and actual in the stack. An `expect` with no status has no pm.test in the export,
 * so none when it holds, as in Newman's; `expect` when it fails.
 */
function checkedAssertions(result: ReplayResult, step: PostmanStep | undefined): NonNullable<Execution["assertions"]> {
  if (result.checks === undefined) return [];
  const written = step?.test[0]?.source.match(/^pm\.test\("([^"]*)"/m)?.[1];
  const { failures } = result;
  if (!failures.length) return written === undefined ? [] : [{ assertion: clean(written) }];
  const assertion = clean(written ?? "expect");
  const lines = failures.map((f) =>
    f.expected ? `${f.check}\n  expected: ${f.expected}\n  actual:   ${f.actual}` : `${f.check}\n  ${f.actual}`,
  );
  const message = clean(describeFailure(failures[0]));
  return [{ assertion, error: { name: "AssertionError", message, stack: clean(`AssertionError: ${message}\n${lines.join("\n")}`) } }];
}

/** The junit XML Newman's reporter writes for this run. */
export function newmanJunit(report: ReplayReport, json: PostmanCollection, plan: PostmanPlan, started: number): string {
  const listeners: Array<() => void> = [];
  const newman = {
    summary: newmanSummary(report, json, plan, started),
    exports: [] as Array<{ name: string; default: string; path?: string; content: string }>,
    on: (event: string, listener: () => void) => {
      if (event === "beforeDone") listeners.push(listener);
    },
  };
  JunitReporter(newman, {});
  for (const listener of listeners) listener();
  return newman.exports[0]?.content ?? "";
}
