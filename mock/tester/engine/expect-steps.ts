// mockman's rules for the requests of a collection it wrote (postman/convert.ts's toPostman: a mockman
// collection is run as that Postman collection, and so is its export). Such a request's one script is its
// `expect` on a `// mockman-expect:` line and what Postman needs to run it alike: the runner checks the
// `expect` on the host instead of running the script (collection/assert.ts: its failure texts, `matches` in
// RE2's linear time), and fills its {{templates}} as mockman's format reads them (collection/templates.ts):
// answers of earlier requests, a whole-string template keeping its type in a JSON body, and a template that
// finds nothing failing the request as not sent. Answers are kept only until the last request that reads them.
import { checkAnswer, type CheckFailure, type Expectation } from "#mock/tester/collection/assert";
import { headerProblem } from "#mock/tester/collection/schema";
import {
  TemplateError,
  fillTemplates,
  flattenScopes,
  templateRefs,
  toJsonText,
  type RecordedResponse,
  type Scopes,
  type TemplateScope,
} from "#mock/tester/collection/templates";
import { urlOf, writtenExpect, type PostmanKeyValue, type PostmanRequest } from "#mock/tester/postman/convert";
import type { PostmanPlan, PostmanStep } from "#mock/tester/postman/steps";
import type { DynamicGenerators } from "./dynamic";
import type { Exchange } from "./exchange";

/** mockman's rules for a plan: which steps toPostman wrote, and who reads whose answer. */
export interface ExpectPlan {
  /** Each step's `expect` when toPostman wrote its only script, else undefined (one object for each script text). */
  expects: Array<Expectation | undefined>;
  /** For each step, the last step whose templates read its answer, or -1: 4 bytes a request. */
  lastReader: Int32Array;
  /** The steps whose answers a step is the last to read (the steps that are). */
  drops: Map<number, number[]>;
}

export function expectSteps(plan: PostmanPlan): ExpectPlan {
  // Most requests' scripts are alike (`{"status": 200}`): one check of the text, one object.
  const seen = new Map<string, Expectation | undefined>();
  const expects = plan.steps.map((step): Expectation | undefined => {
    if (step.prerequest.length || step.test.length !== 1) return undefined;
    const source = step.test[0].source;
    // A script that sets variables names its own request: checked for that one.
    if (source.includes("\npm.collectionVariables.set(")) return writtenExpect(step.label, source);
    if (!seen.has(source)) seen.set(source, writtenExpect(step.label, source));
    return seen.get(source);
  });
  const at = new Map<string, number>();
  plan.steps.forEach((step, i) => {
    if (expects[i] && !at.has(step.label)) at.set(step.label, i);
  });
  const lastReader = new Int32Array(expects.length).fill(-1);
  plan.steps.forEach((step, i) => {
    const expect = expects[i];
    if (!expect) return;
    const raw = step.body.mode === "raw" ? step.body.raw : null;
    for (const ref of templateRefs([step.url, step.headers, raw, expect])) {
      const read = at.get(ref.name);
      if (read !== undefined && read <= i) lastReader[read] = i;
    }
  });
  const drops = new Map<number, number[]>();
  lastReader.forEach((reader, read) => {
    if (reader < 0) return;
    const list = drops.get(reader);
    if (list) list.push(read);
    else drops.set(reader, [read]);
  });
  return { expects, lastReader, drops };
}

/** The answers earlier requests got (while a later one may read them), and why those not sent were not. */
export function answersScope(dynamic?: DynamicGenerators): TemplateScope & { notSent: Map<string, string> } {
  return { responses: new Map<string, RecordedResponse>(), variables: {}, notSent: new Map(), dynamic };
}

/**
 * The request with its templates filled from the answers and the scopes (Postman's precedence); throws
 * TemplateError when one finds nothing. A JSON body goes out as compact JSON, as mockman always sent it.
 */
export function filledRequest(step: PostmanStep, scope: TemplateScope, scopes: Scopes): Record<string, unknown> {
  const definition = step.definition as PostmanRequest & Record<string, unknown>;
  scope.variables = flattenScopes(scopes);
  // In mockman's order (endpoint, headers, body), so the first template that finds nothing is the one named.
  const url = String(fillTemplates(urlOf(definition.url), scope));
  const header = (Array.isArray(definition.header) ? definition.header : []).map((h: PostmanKeyValue) => {
    const value = fillTemplates(h.value, scope);
    const filled = { ...h, key: String(fillTemplates(h.key, scope)), value: typeof value === "string" ? value : JSON.stringify(value) };
    const problem = headerProblem(filled.key, filled.value);
    if (problem) throw new TemplateError(`${problem} (after filling its templates)`);
    return filled;
  });
  const out: Record<string, unknown> = { ...definition, url, header };
  const body = definition.body;
  if (body?.mode === "raw" && typeof body.raw === "string") {
    // toPostman writes an object body as JSON text; a hand-edited one that no longer parses is filled as text.
    const json = body.options?.raw?.language === "json" && parses(body.raw);
    const filled = fillTemplates(json ? (JSON.parse(body.raw) as unknown) : body.raw, scope);
    out.body = { ...body, raw: typeof filled === "string" && !json ? filled : toJsonText(filled) };
  }
  return out;
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The checks of a request of mockman's format on its answer, the answer kept while later ones read it. */
export function checkedFailures(
  step: PostmanStep,
  expect: Expectation,
  readLater: boolean,
  scope: TemplateScope,
  exchange: Exchange,
): CheckFailure[] {
  const answer: RecordedResponse = { status: exchange.status, headers: exchange.headers, body: exchange.body };
  scope.responses.set(step.label, answer);
  // Expectations may use templates too, this answer's own among them: {"post._id": "{{create.body.post._id}}"}.
  const failures = checkAnswer({ ...answer, ms: exchange.ms }, fillTemplates(expect, scope));
  if (!readLater) scope.responses.delete(step.label);
  return failures;
}

/** What a result of mockman's format adds: how many checks its `expect` makes, and the status it expects. */
export const checkedExtra = (expect: Expectation): { checks: number; expected?: number } => ({
  checks: checkCount(expect),
  ...(typeof expect.status === "number" ? { expected: expect.status } : {}),
});

/** How toPostman writes a path: under {{baseUrl}}. */
const UNDER_BASE = "{{baseUrl}}/";

/** A request's path as written, for its result when it was not sent. */
export const pathAsWritten = (url: string) => (url.startsWith(UNDER_BASE) ? url.slice(UNDER_BASE.length - 1) : url);

/** Answers no later request reads are let go (templates name what they read). */
export function dropAnswers(plan: PostmanPlan, drops: number[] | undefined, scope: TemplateScope): void {
  for (const read of drops ?? []) {
    const name = plan.steps[read].label;
    scope.responses.delete(name);
    scope.notSent!.delete(name);
  }
}

/** How many checks an `expect` makes: the status (the "below 400" rule without one), each header and body entry, the time. */
const checkCount = (expect: Expectation) =>
  1 + Object.keys(expect.headers ?? {}).length + Object.keys(expect.body ?? {}).length + (expect.maxMs === undefined ? 0 : 1);
