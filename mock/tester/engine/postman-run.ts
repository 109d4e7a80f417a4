// A Postman collection run as Newman runs it: for each request, the
// pre-request scripts (collection, folders, request), then {{variables}}
// filled in from the scopes (local, environment, collection, globals), the
// request sent, then the test scripts in the same order. A request's result is
// its assertions and scripts: no test, no check; a script that throws fails its
// request with its message. postman.setNextRequest jumps, null stops the run.
import { STORE_ERROR_HEADER } from "#mock/core/boundary";
import { describeFailure, type CheckFailure } from "#mock/tester/collection/assert";
import { authOf, type PostmanPlan, type PostmanStep, type StepScript } from "#mock/tester/postman/steps";
import { endpointOf } from "#mock/tester/postman/convert";
import { toPath } from "#mock/tester/collection/urls";
import type { Exchange, OutgoingRequest, Sender } from "./exchange";
import type { ReplayResult } from "./reporters";
import { ScriptSandbox, type Assertion, type ScriptHost, type ScriptRequest, type ScriptResponse, type Scopes } from "../sandbox/sandbox";
import { DYNAMIC_VARIABLES } from "../postman/variables";
import { eventLoopTurns } from "./turns";

const LOOKUP_ORDER = ["local", "data", "environment", "collectionVariables", "globals"] as const;
const VARIABLE = /\{\{([^{}]+)\}\}/g;

/** A value as `{{name}}` puts it in text; undefined when no scope holds a value (Postman then leaves {{name}} as it is). */
export function variableValue(scopes: Scopes, name: string): string | undefined {
  const dynamic = DYNAMIC_VARIABLES[name];
  if (dynamic) return String(dynamic());
  for (const scope of LOOKUP_ORDER) {
    const values = scopes[scope];
    if (Object.prototype.hasOwnProperty.call(values, name)) {
      const value = values[name];
      if (value === undefined || value === null) return undefined;
      return typeof value === "object" ? JSON.stringify(value) : String(value);
    }
  }
  return undefined;
}

/** Fills {{name}} from the scopes, nested ones too (a value may hold {{other}}), as Postman does up to 19 levels. */
export function substitute(text: string, scopes: Scopes): string {
  let out = text;
  for (let depth = 0; depth < 19 && out.includes("{{"); depth++) {
    let changed = false;
    out = out.replace(VARIABLE, (whole, name: string) => {
      const value = variableValue(scopes, name);
      if (value === undefined) return whole;
      changed = true;
      return value;
    });
    if (!changed) break;
  }
  return out;
}

export interface PostmanRunOptions {
  bail: boolean;
  scopes: Scopes;
  base?: string;
  onResult?: (result: ReplayResult) => void;
  /** Keep each result for the returned list (a report needs them); false returns [] and leaves them to onResult. */
  keep?: boolean;
  /** Stops a setNextRequest loop; Newman has no such guard, a CI job needs one. */
  maxRuns?: number;
}

const failureOf = (name: string, message: string): CheckFailure => ({ check: name, expected: "", actual: message });

function headerIndex(headers: Array<[string, string]>, name: string): number {
  const low = name.toLowerCase();
  return headers.findIndex(([k]) => k.toLowerCase() === low);
}

/** The request as sent: variables filled, auth applied, a body with the content type Postman gives it. */
function outgoingOf(step: PostmanStep, headers: Array<[string, string]>, scopes: Scopes, base: string | undefined): OutgoingRequest {
  const fill = (text: string) => substitute(text, scopes);
  let url = endpointOf(fill(step.url));
  const sent = headers.map(([k, v]) => [fill(k), fill(v)] as [string, string]);
  const auth = authOf(step.auth);
  if (auth.header && headerIndex(sent, fill(auth.header[0])) < 0) sent.push([fill(auth.header[0]), fill(auth.header[1])]);
  if (auth.basic) {
    const pair = `${fill(auth.basic[0])}:${fill(auth.basic[1])}`;
    if (headerIndex(sent, "authorization") < 0) sent.push(["Authorization", `Basic ${Buffer.from(pair, "utf8").toString("base64")}`]);
  }
  if (auth.query)
    url += `${url.includes("?") ? "&" : "?"}${encodeURIComponent(fill(auth.query[0]))}=${encodeURIComponent(fill(auth.query[1]))}`;
  let body: string | undefined;
  const type = (value: string) => {
    if (headerIndex(sent, "content-type") < 0) sent.push(["Content-Type", value]);
  };
  // Newman prunes the body of a GET or HEAD (Postman's "disableBodyPruning" is off by default).
  if (step.method === "GET" || step.method === "HEAD") {
    // no body
  } else if (step.body.mode === "raw") {
    body = fill(step.body.raw);
    type(step.body.language === "json" ? "application/json" : "text/plain");
  } else if (step.body.mode === "urlencoded") {
    body = step.body.pairs.map(([k, v]) => `${encodeURIComponent(fill(k))}=${encodeURIComponent(fill(v))}`).join("&");
    type("application/x-www-form-urlencoded");
  }
  const unresolvedHost = url.match(/^\{\{([^{}]+)\}\}/);
  if (unresolvedHost) throw new NotSent(`its URL starts with {{${unresolvedHost[1]}}}, which has no value at this point`);
  let path: string;
  try {
    path = toPath(url, base);
  } catch {
    throw new NotSent(`its URL ${url} is not one mockman can send`);
  }
  return { method: step.method, path, headers: sent, body };
}

class NotSent extends Error {}

function responseOf(exchange: Exchange): ScriptResponse {
  const body = exchange.body;
  return {
    code: exchange.status,
    status: exchange.statusText,
    headers: Object.entries(exchange.headers),
    body: body === null || body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body),
    responseTime: Math.round(exchange.ms),
  };
}

/** Runs a Postman plan; results in the order requests ran. */
export async function replayPostman(plan: PostmanPlan, sender: Sender, options: PostmanRunOptions): Promise<ReplayResult[]> {
  const results: ReplayResult[] = [];
  const hasScripts = plan.steps.some((s) => s.prerequest.length || s.test.length);
  const sandbox = hasScripts ? await ScriptSandbox.create() : undefined;
  // pm.sendRequest goes out through the run's own sender, to the same target.
  const scriptHost: ScriptHost = {
    sendRequest: async (request) => {
      let path: string;
      try {
        path = toPath(request.url, options.base);
      } catch {
        throw new Error(`getaddrinfo ENOTFOUND ${request.url}`);
      }
      const body = request.body ?? undefined;
      return responseOf(await sender.send({ method: request.method, path, headers: request.headers, body }));
    },
    dynamicVariable: (name) => {
      const make = DYNAMIC_VARIABLES[name];
      return make ? String(make()) : undefined;
    },
  };
  let scopes = options.scopes;
  const maxRuns = options.maxRuns ?? Math.max(100_000, plan.steps.length * 10);
  let index = 0;
  // setNextRequest's targets by name or id, the first step that has it (made on first use).
  let jumps: Map<string, number> | undefined;
  const stepAt = () => {
    if (jumps) return jumps;
    jumps = new Map();
    plan.steps.forEach((step, i) => {
      for (const key of [step.label, step.id]) if (key !== undefined && !jumps!.has(key)) jumps!.set(key, i);
    });
    return jumps;
  };
  const turn = eventLoopTurns();
  for (let runs = 0; index < plan.steps.length && index >= 0; runs++) {
    await turn();
    const step = plan.steps[index];
    if (runs >= maxRuns) {
      const stopped = notSentResult(step, `the run stopped after ${maxRuns} requests: setNextRequest goes round in a loop`);
      if (options.keep !== false) results.push(stopped);
      options.onResult?.(stopped);
      break;
    }
    const assertions: Assertion[] = [];
    const errors: CheckFailure[] = [];
    let next: string | null | undefined;
    let headers = step.headers;
    let skip = false;
    const request: ScriptRequest = {
      id: step.id,
      name: step.label,
      method: step.method,
      url: step.url,
      headers,
      body: step.body.mode === "raw" ? step.body.raw : null,
      bodyMode: step.body.mode,
    };
    const runScripts = async (list: StepScript[], eventName: "prerequest" | "test", response?: ScriptResponse) => {
      for (const script of list) {
        const outcome = await sandbox!.run(
          {
            script: script.source,
            scopes,
            request: { ...request, headers },
            response,
            info: { eventName, iteration: 0, iterationCount: 1, requestName: step.label, requestId: step.id },
            cookies: [],
          },
          `${script.where} (${eventName === "test" ? "test" : "pre-request"} script)`,
          scriptHost,
        );
        scopes = outcome.scopes;
        headers = outcome.headers;
        assertions.push(...outcome.assertions);
        if (outcome.error)
          errors.push(failureOf(`${eventName === "test" ? "test" : "pre-request"} script of ${script.where}`, outcome.error));
        if (outcome.nextSet) next = outcome.next ?? null;
        if (outcome.skip) skip = true;
      }
    };

    let result: ReplayResult;
    await runScripts(step.prerequest, "prerequest");
    if (skip || step.unsendable) {
      result = notSentResult(step, skip ? "skipped by pm.execution.skipRequest()" : `it has ${step.unsendable}`);
      if (step.unsendable) result.pass = false;
      else result.pass = !errors.length;
    } else {
      let outgoing: OutgoingRequest | undefined;
      try {
        outgoing = outgoingOf(step, headers, scopes, options.base);
      } catch (error) {
        if (!(error instanceof NotSent)) throw error;
        result = notSentResult(step, error.message);
      }
      if (outgoing) {
        const exchange = await sender.send(outgoing);
        await runScripts(step.test, "test", responseOf(exchange));
        const failures = [...errors, ...assertions.filter((a) => !a.passed).map((a) => failureOf(a.name, a.error ?? "failed"))];
        const storeError = exchange.headers[STORE_ERROR_HEADER];
        if (storeError) failures.unshift({ check: "store", expected: "the change saved", actual: `not saved: ${storeError}` });
        result = {
          name: step.name,
          method: step.method,
          path: outgoing.path,
          status: exchange.status,
          ms: exchange.ms,
          pass: !failures.length,
          failures,
        };
        if (failures.length) result.error = describeFailure(failures[0]);
      }
    }
    result!.assertions = assertions.map((a) => ({
      name: a.name,
      pass: a.passed,
      ...(a.skipped ? { skipped: true } : {}),
      ...(a.error ? { error: a.error } : {}),
    }));
    if (errors.length && result!.status === null) result!.failures = [...errors, ...result!.failures];
    if (options.keep !== false) results.push(result!);
    options.onResult?.(result!);
    if (!result!.pass && options.bail) break;
    if (next === undefined) index++;
    else if (next === null) break;
    else {
      const target = stepAt().get(next);
      if (target === undefined) break; // Newman ends the run when the name matches no request
      index = target;
    }
  }
  sandbox?.dispose();
  return results;
}

function notSentResult(step: PostmanStep, why: string): ReplayResult {
  return {
    name: step.name,
    method: step.method,
    path: step.url,
    status: null,
    ms: 0,
    pass: false,
    failures: [],
    error: `not sent: ${why}`,
  };
}
