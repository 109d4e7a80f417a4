// mockman's rules for the requests of a collection it wrote (postman/convert.ts's toPostman: a mockman
// collection is run as that Postman collection, and so is its export). Such a request's one script is its
// `expect` on a `// mockman-expect:` line and what Postman needs to run it alike: the runner checks the
// `expect` on the host instead of running the script (collection/assert.ts: its failure texts, `matches` in
// RE2's linear time), and fills its {{templates}} as mockman's format reads them (collection/templates.ts):
// answers of earlier requests, a whole-string template keeping its type in a JSON body, and a template that
// finds nothing failing the request as not sent. Answers are kept only until the last request that reads them.
import { checkAnswer, describeFailure, type CheckFailure, type Expectation } from "#mock/tester/collection/assert";
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
import type { Exchange } from "./exchange";
import type { ReplayResult } from "./reporters";

export interface ExpectStep {
  expect: Expectation;
  /** The last step whose templates read this one's answer, or -1. */
  lastReader: number;
  /** The steps whose answers this one is the last to read. */
  drops: number[];
}

/** For each step of the plan, mockman's rules when toPostman wrote it (its only script), else undefined. */
export function expectSteps(plan: PostmanPlan): Array<ExpectStep | undefined> {
  const steps = plan.steps.map((step): ExpectStep | undefined => {
    if (step.prerequest.length || step.test.length !== 1) return undefined;
    const expect = writtenExpect(step.label, step.test[0].source);
    return expect && { expect, lastReader: -1, drops: [] };
  });
  const at = new Map<string, number>();
  plan.steps.forEach((step, i) => {
    if (steps[i] && !at.has(step.label)) at.set(step.label, i);
  });
  plan.steps.forEach((step, i) => {
    const rules = steps[i];
    if (!rules) return;
    const raw = step.body.mode === "raw" ? step.body.raw : null;
    for (const ref of templateRefs([step.url, step.headers, raw, rules.expect])) {
      const read = at.get(ref.name);
      if (read !== undefined && read <= i) steps[read]!.lastReader = i;
    }
  });
  steps.forEach((rules, read) => {
    if (rules && rules.lastReader >= 0) steps[rules.lastReader]!.drops.push(read);
  });
  return steps;
}

/** The answers earlier requests got (while a later one may read them), and why those not sent were not. */
export function answersScope(): TemplateScope & { notSent: Map<string, string> } {
  return { responses: new Map<string, RecordedResponse>(), variables: {}, notSent: new Map() };
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
    const json = body.options?.raw?.language === "json";
    const filled = fillTemplates(json ? (JSON.parse(body.raw) as unknown) : body.raw, scope);
    out.body = { ...body, raw: typeof filled === "string" && !json ? filled : toJsonText(filled) };
  }
  return out;
}

/** What a request of mockman's format made of its answer: its checks, the answer kept while later ones read it. */
export function checkedResult(
  step: PostmanStep,
  rules: ExpectStep,
  index: number,
  scope: TemplateScope,
  exchange: Exchange,
  path: string,
  failed: CheckFailure[],
): ReplayResult {
  const answer: RecordedResponse = { status: exchange.status, headers: exchange.headers, body: exchange.body };
  scope.responses.set(step.label, answer);
  // Expectations may use templates too, this answer's own among them: {"post._id": "{{create.body.post._id}}"}.
  const failures = [...failed, ...checkAnswer({ ...answer, ms: exchange.ms }, fillTemplates(rules.expect, scope))];
  if (rules.lastReader <= index) scope.responses.delete(step.label);
  const result: ReplayResult = {
    name: step.name,
    method: step.method,
    path,
    status: exchange.status,
    ms: exchange.ms,
    pass: !failures.length,
    failures,
    checks: checkCount(rules.expect),
  };
  if (failures.length) result.error = describeFailure(failures[0]);
  return withExpected(result, rules.expect);
}

/** A request of mockman's format that was not sent: its path as written; a later template reading it says why. */
export function notSentChecked(step: PostmanStep, rules: ExpectStep, index: number, scope: TemplateScope, why: string): ReplayResult {
  if (rules.lastReader > index) scope.notSent!.set(step.label, why);
  return withExpected(
    {
      name: step.name,
      method: step.method,
      path: step.url.startsWith(UNDER_BASE) ? step.url.slice(UNDER_BASE.length - 1) : step.url,
      status: null,
      ms: 0,
      pass: false,
      failures: [],
      error: `not sent: ${why}`,
      checks: checkCount(rules.expect),
    },
    rules.expect,
  );
}

const withExpected = (result: ReplayResult, expect: Expectation): ReplayResult =>
  typeof expect.status === "number" ? { ...result, expected: expect.status } : result;

/** How toPostman writes a path: under {{baseUrl}}. */
const UNDER_BASE = "{{baseUrl}}/";

/** Answers no later request reads are let go (templates name what they read). */
export function dropAnswers(plan: PostmanPlan, rules: ExpectStep, scope: TemplateScope): void {
  for (const read of rules.drops) {
    const name = plan.steps[read].label;
    scope.responses.delete(name);
    scope.notSent!.delete(name);
  }
}

/** How many checks an `expect` makes: the status (the "below 400" rule without one), each header and body entry, the time. */
const checkCount = (expect: Expectation) =>
  1 + Object.keys(expect.headers ?? {}).length + Object.keys(expect.body ?? {}).length + (expect.maxMs === undefined ? 0 : 1);
