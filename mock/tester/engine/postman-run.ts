// A Postman collection run as Newman runs it: for each request, the
// pre-request scripts (collection, folders, request), then {{variables}}
// filled in from the scopes as the scripts left them (variables.ts), the
// request sent with its auth, body and the jar's cookies, then the test
// scripts in the same order. A request's result is its assertions and scripts:
// no test, no check; a script that throws fails its request with its message.
// postman.setNextRequest jumps, null stops the iteration.
import { STORE_ERROR_HEADER } from "#mock/core/boundary";
import { describeFailure, type CheckFailure, type Expectation } from "#mock/tester/collection/assert";
import { rawOnly, type Behaviour, type PostmanPlan, type PostmanStep, type StepScript } from "#mock/tester/postman/steps";
import { toPath } from "#mock/tester/collection/urls";
import {
  rowsByName,
  sendWithin,
  type Exchange,
  type FileSource,
  type MultipartWriter,
  type HopCookies,
  type OutgoingRequest,
  type Sender,
} from "./exchange";
import type { ReplayResult } from "./reporters";
import { MutationLog, type Mutation, type ScopeMutations, type TrackedScope } from "./mutations";
import {
  SCRIPT_TIMEOUT_MS,
  ScriptSandbox,
  type Assertion,
  type ConsoleEntry,
  type ScriptHost,
  type ScriptInput,
  type ScriptOutcome,
  type ScriptRequest,
  type ScriptResponse,
  type Scopes,
} from "../sandbox/sandbox";
import { leadingVariable, substitute, unfilledHostname } from "./variables";
import { dynamicText, type DynamicGenerators } from "./dynamic";
import { cookieHeader, cookiesFor, keepSetCookies, runJar, splitSetCookie, type RunJar } from "./cookies";
import { eventLoopTurns } from "./turns";
import type { Wire, WireRequest } from "./wire";
import { BOUNDS, cut, filledOr, NotSent, runBounds } from "./bounds";
import { answersScope, checkedExtra, checkedFailures, dropAnswers, expectSteps, filledRequest, pathAsWritten } from "./expect-steps";
import { TemplateError } from "./variables";

/** What the engine needs of a script sandbox (the isolate, or a test's stand-in). */
export interface Sandbox {
  run(input: ScriptInput, where: string, host: ScriptHost): Promise<ScriptOutcome>;
  dispose?(): void;
}

export type SandboxFactory = (options: { timeoutMs?: number; deadline?: number }) => Promise<Sandbox>;

export const defaultSandbox: SandboxFactory = (options) => ScriptSandbox.create(options);

/** Who runs a collection, for the messages that say how to give a variable a value: the CLI's flags, or the page's Environment. */
export type Asker = "cli" | "page";

export interface PostmanRunOptions {
  bail: boolean;
  scopes: Scopes;
  base?: string;
  onResult?: (result: ReplayResult) => void;
  /** Keep each result for the returned list (a report needs them); false returns [] and leaves them to onResult. */
  keep?: boolean;
  /** Postman's dynamic variables ({{$guid}}, {{$randomEmail}}): postman-collection's generators (dynamic.ts). */
  dynamic?: DynamicGenerators;
  /** Formdata files and binary bodies. */
  files?: FileSource;
  /** Writes formdata bodies, the run's and its scripts' pm.sendRequest (the host's: exchange.ts MultipartWriter). */
  multipart?: MultipartWriter;
  /** --timeout-request, --timeout-script, --delay-request. */
  timeoutRequestMs?: number;
  timeoutScriptMs?: number;
  delayMs?: number;
  /** performance.now() past which no request starts (--timeout). */
  deadline?: number;
  sandbox?: SandboxFactory;
  /** Each iteration's data row ({{column}}, pm.iterationData). */
  data?: Array<Record<string, unknown>>;
  iterations?: number;
  /** false: pm.response.cookies is empty, as Newman's (ScriptInput.responseCookies); the page lists them as the Postman app. */
  responseCookies?: boolean;
  /** The run's jar (--cookie-jar, or one to export); a new, empty one when none is given. */
  cookieJar?: RunJar;
  /** --ignore-redirects: no redirect is followed unless a request's protocolProfileBehavior says followRedirects. */
  ignoreRedirects?: boolean;
  /** Who runs it, for the advice in a not-sent message (run.ts RunInputs.asker): the CLI's flags by default. */
  asker?: Asker;
}

/** How a run ended, for the report. */
export interface RunEnd {
  results: ReplayResult[];
  /** --bail or --timeout stopped it: the steps of that iteration that did not run, and how many requests in all. */
  stopped?: { skipped: string[]; notRun: number };
  /** --timeout stopped it. */
  timedOut?: boolean;
  /** The scopes as the run left them. */
  scopes?: Scopes;
  /** What its scripts did to them, to replay (--export-environment, --export-globals, --export-collection). */
  mutations?: ScopeMutations;
}

const failureOf = (name: string, message: string): CheckFailure => ({ check: name, expected: "", actual: message });

async function responseOf(exchange: Exchange): Promise<ScriptResponse> {
  const { body } = exchange;
  return {
    code: exchange.status,
    status: exchange.statusText,
    // The server's rows (Exchange.rawHeaders), names in its case, each row its own; those of one name as written (same
    // case) gathered at its first row, as core.js's arrayPairsToObject gathers them before requester.js lists them again.
    headers: exchange.rawHeaders
      ? [...rowsByName(exchange.rawHeaders)].flatMap(([name, values]) => values.map((value): [string, string] => [name, value]))
      : Object.entries(exchange.headers),
    // A binary body as pm.response.text() reads it, in its charset too: as the sender decodes it.
    body: exchange.text
      ? await exchange.text()
      : body === null || body === undefined
        ? ""
        : typeof body === "string"
          ? body
          : JSON.stringify(body),
    responseTime: Math.round(exchange.ms),
    ...(exchange.received ? { stream: exchange.received } : {}),
  };
}

const setCookiesOf = (exchange: Exchange) =>
  exchange.setCookies ?? (exchange.headers["set-cookie"] ? splitSetCookie(exchange.headers["set-cookie"]) : []);

/**
 * The request as Newman sends it, by postman-collection, postman-url-encoder and postman-runtime's body builder
 * and authorizers (wire.ts), loaded on first use: the page's first load and the CLI's start hold none of it.
 */
let wireModule: Promise<typeof import("./wire")> | undefined;
const loadWire = () => (wireModule ??= import("./wire"));
/** Its URL as a result shows it; as written when Postman's model cannot read the request (wire.ts then fails it as not sent). */
async function urlShown(definition: Record<string, unknown>, fill: (text: string) => string): Promise<string> {
  const { urlTextOf } = await loadWire();
  try {
    return urlTextOf(definition, fill);
  } catch {
    const url = definition.url as { raw?: unknown } | string | undefined;
    return typeof url === "string" ? url : typeof url?.raw === "string" ? url.raw : "";
  }
}

const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Each request's run, numbered across every run of this process: its scripts share the isolate's state,
 * another request's never (ScriptInput.requestRun), also when one sandbox serves several runs (the page's
 * run worker keeps its isolate warm from one Send to the next).
 */
let requestRuns = 0;

/** Runs a Postman plan (a mockman collection's too, converted): each iteration in turn, results in the order requests ran. */
export async function runPostman(plan: PostmanPlan, sender: Sender, options: PostmanRunOptions): Promise<RunEnd> {
  const results: ReplayResult[] = [];
  // The requests of a collection toPostman wrote run with mockman's rules (expect-steps.ts): no sandbox for them.
  const checked = expectSteps(plan);
  const answers = answersScope(options.dynamic);
  const hasScripts = plan.steps.some((s, i) => !checked.expects[i] && (s.prerequest.length || s.test.length));
  const pastDeadline = () => options.deadline !== undefined && performance.now() > options.deadline;
  // --timeout cuts the sandbox's boot too (synchronous: no timer fires during it); the run then stops before its first request.
  const sandbox =
    hasScripts && !pastDeadline()
      ? await (options.sandbox ?? defaultSandbox)({ timeoutMs: options.timeoutScriptMs, deadline: options.deadline }).catch(
          (error: unknown) => {
            if (pastDeadline()) return undefined;
            throw error;
          },
        )
      : undefined;
  let scopes = options.scopes;
  const log = new MutationLog(scopes);
  /** The characters the variables hold (variableChars): a script may not grow them past BOUNDS.variableChars. */
  let held = variableChars(scopes);
  const jar = options.cookieJar ?? runJar();
  const data = options.data ?? [];
  const iterations = options.iterations ?? Math.max(1, data.length);
  // Stops a setNextRequest loop; Newman has no such guard, a CI job needs one.
  const maxRuns = Math.max(100_000, plan.steps.length * 10);
  const dynamic = options.dynamic && dynamicText(options.dynamic);
  // setNextRequest's targets by id, then by name (made on first use).
  let jumps: Map<string, number> | undefined;
  const stepAt = () => {
    if (jumps) return jumps;
    // As postman-runtime's lookup hash: an id before any name, of several requests with one name the last, and a
    // request without a name (labelled `request` for output) found by its id alone.
    const ids = new Map<string, number>();
    const names = new Map<string, number>();
    plan.steps.forEach((step, i) => {
      if (step.id !== undefined) ids.set(step.id, i);
      if (step.rawName !== undefined) names.set(step.rawName, i);
    });
    jumps = new Map([...names, ...ids]);
    return jumps;
  };
  const turn = eventLoopTurns();
  const bounds = runBounds(options.keep !== false);
  const emit = (result: ReplayResult) => {
    bounds.result(result); // the report keeps what its bounds allow (bounds.ts)
    if (options.keep !== false) results.push(result);
    options.onResult?.(result);
  };
  const end: RunEnd = { results };
  const stopFrom = (from: number, iteration: number, ran: Set<number>): RunEnd["stopped"] => {
    const skipped = plan.steps.filter((_, i) => !ran.has(i) && i >= from).map((s) => s.name);
    return { skipped, notRun: skipped.length + (iterations - iteration - 1) * plan.steps.length };
  };

  /**
   * Sends one request: the run's timeout, the jar's cookies in and out (unless its protocolProfileBehavior
   * disables them). The jar's cookies go after a Cookie header of its own, as postman-request adds them.
   */
  const send = async (outgoing: OutgoingRequest, url: string, behaviour: Behaviour = {}): Promise<Exchange> => {
    // --ignore-redirects is the requester's default (postman-runtime's followRedirects option): a protocolProfileBehavior
    // that sets followRedirects still wins, as postman-runtime's requester resolves it; pm.sendRequest's too.
    if (options.ignoreRedirects && behaviour.followRedirects === undefined) behaviour = { ...behaviour, followRedirects: false };
    if (options.deadline !== undefined && performance.now() >= options.deadline)
      throw new NotSent("the run's --timeout passed before it was sent");
    // The jar's cookies go after a Cookie row of the request's own, at each hop of a redirect too (a login's 302
    // sets the cookie its Location needs). The first hop's row is written here, into the request, so a sender cannot
    // lose it; the sender only lists it where its transport writes it (SendOptions.jarCookie).
    const own = outgoing.headers.findIndex(([k]) => k.toLowerCase() === "cookie");
    const ownRow = own < 0 ? "" : outgoing.headers[own][1];
    const at = (path: string) => new URL(path, url).href;
    const rowAt = (href: string) => [ownRow, cookieHeader(jar, href)].filter(Boolean).join("; ");
    // url itself for the first hop, not at(url): a path alone (http:///api/...) read as a URL would take "api" for its host.
    const first = behaviour.disableCookies ? "" : rowAt(url);
    const jarCookie = first ? { at: own < 0 ? outgoing.headers.length : own, added: own < 0 } : undefined;
    const sending: OutgoingRequest = !jarCookie
      ? outgoing
      : {
          ...outgoing,
          headers: jarCookie.added
            ? [...outgoing.headers, ["Cookie", first]]
            : outgoing.headers.map((row, i): [string, string] => (i === own ? [row[0], first] : row)),
        };
    const cookies: HopCookies | undefined = behaviour.disableCookies
      ? undefined
      : { rowFor: (path) => rowAt(at(path)), keep: (path, setCookies) => keepSetCookies(jar, at(path), setCookies) };
    // --timeout-request, or what is left of the run's --timeout when that is sooner: the run ends there, in flight or not.
    const requestMs = options.timeoutRequestMs || undefined;
    const runLeft = options.deadline === undefined ? undefined : Math.max(1, Math.ceil(options.deadline - performance.now()));
    const byRun = runLeft !== undefined && (requestMs === undefined || runLeft < requestMs);
    const timeoutMs = byRun ? runLeft : requestMs;
    const exchange = await sendWithin(
      sender,
      sending,
      {
        ...(timeoutMs ? { timeoutMs } : {}),
        behaviour,
        ...(cookies ? { cookies } : {}),
        ...(jarCookie ? { jarCookie } : {}),
        systemHeaders: true,
      },
      () =>
        byRun
          ? new NotSent("no answer before the run's --timeout")
          : // The fields a script's pm.sendRequest callback reads on err, as postman-request's timeout has them.
            Object.assign(new NotSent(`no answer within --timeout-request ${requestMs} ms`), { code: "ESOCKETTIMEDOUT", connect: false }),
    );
    if (!behaviour.disableCookies) keepSetCookies(jar, url, setCookiesOf(exchange));
    return exchange;
  };

  try {
    for (let iteration = 0; iteration < iterations; iteration++) {
      const row = data.length ? (data[Math.min(iteration, data.length - 1)] ?? {}) : {};
      scopes = { ...scopes, data: { ...row } };
      let index = 0;
      const ran = new Set<number>();
      for (let runs = 0; index < plan.steps.length && index >= 0; runs++) {
        await turn();
        const step = plan.steps[index];
        if (pastDeadline()) {
          end.timedOut = true;
          end.stopped = stopFrom(index, iteration, ran);
          return end;
        }
        if (runs >= maxRuns) {
          const why = `the run stopped after ${maxRuns} requests: setNextRequest goes round in a loop`;
          emit({ ...notSentResult(step, why, await urlShown(step.definition, (text) => substitute(text, scopes, dynamic))), iteration });
          break;
        }
        // Before every request, the first too, as postman-runtime queues its delay.
        if (options.delayMs) await delay(options.delayMs);
        ran.add(index);
        const expect = checked.expects[index];
        const outcome = expect ? { result: await runChecked(step, expect, index), next: undefined } : await runStep(step, iteration);
        const result = outcome.result;
        // A mockman collection's results name their iteration when there are several, as its lines and reports did.
        if (!expect || iterations > 1) result.iteration = iteration;
        if (!expect) result.position = index;
        emit(result);
        if (pastDeadline()) end.timedOut = true;
        if (end.timedOut || (!result.pass && options.bail)) {
          end.stopped = stopFrom(index + 1, iteration, ran);
          return end;
        }
        const next = outcome.next;
        if (next === undefined) index++;
        else if (next === null) break;
        else {
          const target = stepAt().get(next);
          if (target === undefined) break; // Newman ends the run when the name matches no request
          index = target;
        }
      }
    }
    return end;
  } finally {
    end.scopes = scopes;
    end.mutations = log.toJSON();
    sandbox?.dispose?.();
  }

  /** A request of mockman's format: its templates filled from earlier answers, sent as any other, its `expect` checked. */
  async function runChecked(step: PostmanStep, expect: Expectation, index: number): Promise<ReplayResult> {
    const readLater = checked.lastReader[index] > index;
    const extra = checkedExtra(expect);
    let result: ReplayResult;
    try {
      const prepared = await outgoingOf(step, filledRequest(step, answers, scopes), (text) => text, []);
      const exchange = await send(prepared.outgoing, prepared.url, step.behaviour);
      result = sentResult(step, shownPath(prepared), exchange, checkedFailures(step, expect, readLater, answers, exchange), extra);
    } catch (error) {
      if (!(error instanceof NotSent || error instanceof TemplateError)) throw error;
      const why = error.message.replace(/\s*[\r\n]+\s*/g, " ").trim();
      // A later template reading this request's answer says why there is none.
      if (readLater) answers.notSent.set(step.label, why);
      result = notSentResult(step, why, pathAsWritten(step.url), extra);
    }
    dropAnswers(plan, checked.drops.get(index), answers);
    return result;
  }

  async function runStep(step: PostmanStep, iteration: number): Promise<{ result: ReplayResult; next: string | null | undefined }> {
    const assertions: Assertion[] = [];
    const errors: CheckFailure[] = [];
    const scriptErrors: NonNullable<ReplayResult["scriptErrors"]> = [];
    /** A failure of a script that the run itself names (a bound, --timeout), never the script's own error. */
    const ownError = (script: "prerequest" | "test", where: string, message: string) => {
      errors.push(failureOf(`${script === "test" ? "test" : "pre-request"} script of ${where}`, message));
      scriptErrors.push({ script, thrown: { kind: "limit", message } });
    };
    const sentByScripts: NonNullable<ReplayResult["sent"]> = [];
    const warnings: string[] = [];
    const logged: ConsoleEntry[] = [];
    let next: string | null | undefined;
    let headers = step.headers;
    let skip = false;
    const requestRun = ++requestRuns;
    // pm.request: the collection's request, then as each pre-request script leaves it.
    let definition: Record<string, unknown> | undefined = step.definition;
    // A URL kept as `{ raw, variable }` (the page's saved requests with path variables) as Postman writes it, for pm.request too.
    if (definition && rawOnly(definition)) definition = (await loadWire()).withPostmanUrl(definition);
    const request: ScriptRequest = {
      id: step.id,
      name: step.label,
      method: step.method,
      url: step.url,
      headers,
      body: step.body.mode === "raw" ? step.body.raw : null,
      ...(step.body.mode === "urlencoded" || step.body.mode === "formdata" ? { form: step.body } : {}),
    };
    const fill = (text: string, unresolved?: Set<string>) => substitute(text, scopes, dynamic, unresolved);
    const host: ScriptHost = {
      dynamicVariable: (name) => dynamic?.(name),
      cookieJar: jar,
      ...(options.multipart ? { multipart: options.multipart } : {}),
      sendRequest: async (req) => {
        // The URL as wire.ts encoded it (sandbox.ts builds a script's request as the run's own).
        const url = req.url;
        // A host still written as a variable ('{{baseUrl}}/login': the script's text is not filled) names no server:
        // postman-request's lookup fails, and so does this, rather than sending it to the run's target.
        const hostname = unfilledHostname(url);
        if (hostname !== undefined) {
          sentByScripts.push({ method: req.method, url, error: `getaddrinfo ENOTFOUND ${hostname}` });
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: "ENOTFOUND",
            errno: -3008,
            syscall: "getaddrinfo",
            hostname,
          });
        }
        let path: string;
        try {
          path = pathOf(url, options.base);
        } catch {
          throw new Error(`pm.sendRequest: ${req.url} is not a URL mockman can send`);
        }
        const entry: NonNullable<ReplayResult["sent"]>[number] = { method: req.method, url: path };
        sentByScripts.push(entry);
        try {
          const exchange = await send(
            // Its body is text (its files taken out, a file body sent as none), as postman-request writes it: first.
            {
              method: req.method,
              path,
              headers: [...req.headers],
              ...(req.body === null ? {} : { body: req.body }),
              ...(req.body ? { textFirst: true } : {}),
            },
            url,
          );
          entry.status = exchange.status;
          return await responseOf(exchange);
        } catch (error) {
          entry.error = (error as Error).message;
          throw error;
        }
      },
    };
    const guard = bounds.step(host);
    /**
     * The auth it went with: its own (as its pre-request scripts left it) when it names a type, else the one it
     * inherits; its parameters' values filled, as the test script's pm.request.auth reads them in Newman.
     */
    const sentAuth = () => {
      const own = (definition ?? step.definition).auth as Record<string, unknown> | undefined;
      const auth = typeof own?.type === "string" && own.type ? own : (step.auth as Record<string, unknown> | undefined);
      if (!auth || auth.type === "noauth") return undefined;
      const filled = (value: unknown) => (typeof value === "string" ? filledOr(fill, value) : value);
      return Object.fromEntries(
        Object.entries(auth).map(([key, params]) => [
          key,
          Array.isArray(params)
            ? params.map((p: unknown) => (p && typeof p === "object" ? { ...p, value: filled((p as { value?: unknown }).value) } : p))
            : params,
        ]),
      );
    };
    const runScripts = async (
      list: StepScript[],
      eventName: "prerequest" | "test",
      url: string,
      response?: ScriptResponse,
      sent?: OutgoingRequest & { listed?: WireRequest["listed"]; bodyJson?: unknown; system?: Array<[string, string]> },
    ) => {
      for (const script of list) {
        // --timeout bounds the scripts too: none starts after it, and one running then is stopped there.
        const left = options.deadline === undefined ? Infinity : options.deadline - performance.now();
        if (left <= 0) {
          // A test script that cannot run leaves its request unjudged: a failure, not a silent pass.
          if (eventName === "test") ownError("test", script.where, "it did not run: the run's --timeout had passed");
          break;
        }
        const budget = options.timeoutScriptMs || SCRIPT_TIMEOUT_MS;
        const cutByRun = left < budget;
        // A test script sees the request as it was sent (its variables filled, as postman-runtime gives it).
        const auth = sent && sentAuth();
        const scriptRequest: ScriptRequest = sent
          ? {
              ...request,
              url,
              headers: sent.headers,
              // Without the list (a request of ours), the rows as sent.
              ...(sent.listed ? { listed: (await loadWire()).listedAfterSend(sent.listed, sent.headers, sent.system ?? []) } : {}),
              ...(typeof sent.body === "string" && request.body !== null ? { body: sent.body } : {}),
              ...(sent.bodyJson ? { bodyJson: sent.bodyJson } : {}),
              ...(auth ? { auth } : {}),
            }
          : { ...request, headers, ...(definition ? { definition } : {}) };
        const outcome = await sandbox!.run(
          {
            script: script.source,
            scopes,
            request: scriptRequest,
            response,
            ...(options.responseCookies === false ? { responseCookies: false } : {}),
            requestRun,
            cookies: cookiesFor(jar, url),
            ...(cutByRun
              ? { timeoutMs: Math.max(1, Math.ceil(left)) }
              : options.timeoutScriptMs
                ? { timeoutMs: options.timeoutScriptMs }
                : {}),
            info: {
              eventName,
              iteration,
              iterationCount: iterations,
              // None for a request without a name, as postman-collection leaves it unset (pm.info.requestName).
              ...(step.rawName === undefined ? {} : { requestName: step.rawName }),
              requestId: step.id,
              path: step.path,
              owner: script.owner,
            },
          },
          `${script.where} (${eventName === "test" ? "test" : "pre-request"} script)`,
          guard.host,
        );
        if (cutByRun && outcome.error && performance.now() >= options.deadline!) {
          outcome.error = "the run's --timeout passed while it ran; it was stopped there";
          outcome.thrown = { kind: "limit", message: outcome.error };
        }
        // The variables as the script left them, unless it grew them past their bound (limits.ts): the host holds them
        // for the rest of the run, and each script is handed them all. Past it, its changes are dropped and its request fails.
        const holding = variableChars(outcome.scopes);
        if (holding > BOUNDS.variableChars && holding > held) {
          ownError(
            eventName,
            script.where,
            `the variables would hold ${holding.toLocaleString("en-US")} characters, more than the ${BOUNDS.variableChars.toLocaleString("en-US")} a run's variables may hold (the bound); the script's variable changes were dropped`,
          );
        } else {
          held = holding;
          scopes = outcome.scopes;
          for (const [scope, mutations] of Object.entries(outcome.mutations ?? {}) as Array<[TrackedScope, Mutation[]]>)
            for (const mutation of mutations) log.record(scope, mutation);
        }
        headers = outcome.headers;
        // What a pre-request script changed of pm.request (its query, method, raw body) goes out.
        if (eventName === "prerequest" && outcome.request) {
          if (outcome.request.definition) definition = outcome.request.definition;
          request.url = outcome.request.url;
          request.method = outcome.request.method;
          if (request.body !== null && outcome.request.body !== null) request.body = outcome.request.body;
        }
        // Assertions, error and the jar's refusals within the host's bounds (bounds.ts).
        guard.take(outcome, {
          label: `${eventName === "test" ? "test" : "pre-request"} script of ${script.where}`,
          assertions,
          errors,
          scriptErrors,
          console: logged,
          script: eventName,
          warnings,
        });
        for (const late of outcome.late ?? [])
          warnings.push(
            `${eventName === "test" ? "test" : "pre-request"} script of ${script.where} raised an error after it returned (not counted, as Newman counts none): ${cut(late, 300)}`,
          );
        if (outcome.nextSet) next = outcome.next ?? null;
        if (outcome.skip) skip = true;
      }
    };

    let result: ReplayResult;
    // The URL as postman-collection reads it, filled as the scripts have left the variables.
    const urlNow = () => urlShown(definition ?? step.definition, (text) => filledOr(fill, text));
    // Its URL (for pm.cookies) only when a pre-request script runs: a request without one is built once, by wire.ts.
    if (step.prerequest.length) await runScripts(step.prerequest, "prerequest", await urlNow());
    const sentBefore = sentByScripts.length;
    if (skip) {
      const path = pathOf(await urlNow(), options.base);
      result = { ...notSentResult(step, "skipped by pm.execution.skipRequest()", path), notSent: "skipped", skipped: true };
      result.pass = !errors.length;
    } else if (options.bail && (errors.length || assertions.some((a) => !a.passed))) {
      // --bail stops at a pre-request script's error or failed test before the request goes, as Newman's does.
      result = { ...notSentResult(step, "--bail: its pre-request script failed", await urlNow()), notSent: "bail" };
      result.failures = [...assertions.filter((a) => !a.passed).map((a) => failureOf(a.name, a.error ?? "failed")), ...result.failures];
    } else {
      let prepared: Prepared | undefined;
      try {
        prepared = await outgoingOf(step, definition, fill, warnings);
      } catch (error) {
        if (!(error instanceof NotSent)) throw error;
        result = notSentResult(step, error.message, await urlNow());
      }
      if (prepared) {
        for (const name of prepared.unresolved) warnings.push(`{{${name}}} has no value; sent as written`);
        let exchange: Exchange | undefined;
        try {
          // postman-runtime's requester sends no request whose URL is empty: a request error (its test scripts still run).
          if (prepared.wire.urlText === "") throw new Error("request url is empty");
          exchange = await send(prepared.outgoing, prepared.url, step.behaviour);
          // An auth that learns from the answer (digest's 401 challenge) asks for the request again, signed anew
          // (at most wire.ts's AUTH_REPLAYS times).
          while (await prepared.wire.answered(exchange.status, Object.entries(exchange.headers))) {
            prepared = { ...prepared, ...(await sendable(prepared.wire, warnings)) };
            exchange = await send(prepared.outgoing, prepared.url, step.behaviour);
          }
        } catch (error) {
          // A request error (no answer in time, connection refused): Newman counts it a failure and runs on.
          result = notSentResult(step, (error as Error).message, prepared.url);
          const own = requesterMessage(error);
          if (own !== undefined) result.requestError = cut(own, BOUNDS.messageChars);
        }
        // The test scripts run after a request error too, with no response (pm.response has no code), as
        // postman-runtime runs them: their assertions count, and a setNextRequest of theirs is followed.
        // With --bail a request error ends the item there: postman-runtime queues no test event (item.command.js).
        if (exchange || !options.bail)
          await runScripts(step.test, "test", prepared.url, exchange && (await responseOf(exchange)), {
            ...prepared.outgoing,
            listed: prepared.listed,
            bodyJson: prepared.bodyJson,
            ...(exchange?.systemHeaders ? { system: exchange.systemHeaders } : {}),
          });
        const failed = assertions.filter((a) => !a.passed).map((a) => failureOf(a.name, a.error ?? "failed"));
        if (exchange) result = sentResult(step, shownPath(prepared), exchange, [...errors, ...failed]);
        else result!.failures = [...result!.failures, ...failed];
      }
    }
    result!.assertions = assertions.map((a) => ({
      name: a.name,
      pass: a.passed,
      ...(a.skipped ? { skipped: true } : {}),
      ...(a.error ? { error: a.error } : {}),
      ...(a.errorName ? { errorName: a.errorName } : {}),
      ...(a.noMessage ? { noMessage: a.noMessage } : {}),
      ...(a.index === undefined ? {} : { index: a.index }),
    }));
    if (scriptErrors.length) result!.scriptErrors = scriptErrors;
    if (errors.length && result!.status === null) result!.failures = [...errors, ...result!.failures];
    if (warnings.length) result!.warnings = warnings;
    if (logged.length) result!.console = logged;
    if (sentByScripts.length) result!.sent = sentByScripts;
    if (sentBefore) result!.sentBefore = sentBefore;
    // A pm.sendRequest that got no answer fails its item, as Newman counts it among the run's failed requests.
    for (const { method, url, error } of sentByScripts)
      if (error !== undefined) {
        result!.failures = [...result!.failures, { check: `pm.sendRequest ${method} ${url}`, expected: "an answer", actual: error }];
        result!.pass = false;
      }
    return { result: result!, next };
  }

  /** The request as sent: variables filled, then postman-collection's model, auth and body as Newman's (wire.ts). */
  async function outgoingOf(
    step: PostmanStep,
    definition: Record<string, unknown> | undefined,
    fillIn: (text: string, unresolved?: Set<string>) => string,
    warnings: string[],
  ): Promise<Prepared> {
    const unresolved = new Set<string>();
    // Each text within BOUNDS.expandedChars (variables.ts), and all of one request's within BOUNDS.requestFilledChars:
    // 300 headers of one variable filled to 16M characters each would otherwise hold gigabytes.
    let filled = 0;
    const fill = (text: string) => {
      const out = fillIn(text, unresolved);
      if (out !== text && (filled += out.length) > BOUNDS.requestFilledChars)
        throw new NotSent(
          `its {{variables}} expand to more than ${BOUNDS.requestFilledChars.toLocaleString("en-US")} characters in all (the bound on one request's filled-in texts)`,
        );
      return out;
    };
    const { wire } = await loadWire();
    const request = wire({
      definition: definition ?? step.definition,
      ...(step.auth ? { inherited: step.auth as Record<string, unknown> } : {}),
      ...(step.behaviour.disableBodyPruning ? { keepBody: true } : {}),
      ...(step.behaviour.disableUrlEncoding ? { disableUrlEncoding: true } : {}),
      fill,
      files: options.files,
      ...(options.multipart ? { multipart: options.multipart } : {}),
    });
    const unresolvedHost = leadingVariable(request.urlText);
    if (unresolvedHost)
      throw new NotSent(
        `its URL starts with {{${unresolvedHost}}}, which has no value when it is sent (${
          options.asker === "page" ? `add ${unresolvedHost} under Environment` : `give it with --env-var ${unresolvedHost}=<url>`
        })`,
      );
    return { wire: request, unresolved, ...(await sendable(request, warnings)) };
  }

  /** What goes out for a request now (signed again at each replay). */
  async function sendable(request: Wire, warnings: string[]): Promise<Omit<Prepared, "unresolved" | "wire">> {
    const built = await request.build();
    for (const warning of built.warnings) if (!warnings.includes(warning)) warnings.push(warning);
    let path: string;
    try {
      path = pathOf(built.url, options.base);
    } catch {
      throw new NotSent(`its URL ${built.url} is not one mockman can send`);
    }
    const outgoing: OutgoingRequest = { method: built.method, path, headers: built.headers };
    if (built.body !== undefined) outgoing.body = built.body;
    if (built.textFirst) outgoing.textFirst = true;
    return { outgoing, url: built.url, listed: built.listed, bodyJson: built.bodyJson };
  }
}

/**
 * The message of the error the sender's transport raised (Node's `connect ECONNREFUSED 127.0.0.1:1`), which ours
 * keep as the `cause` of the error they throw with a message for the report: Newman's requestError is that one.
 */
function requesterMessage(error: unknown): string | undefined {
  let source: unknown = error;
  for (let depth = 0; source instanceof Error && source.cause !== undefined && depth < 8; depth++) source = source.cause;
  return source !== error && source instanceof Error ? source.message : undefined;
}

/** The path it was sent to, with its URL's fragment (never sent), as Newman's reports show the request's URL. */
const shownPath = (prepared: Pick<Prepared, "outgoing" | "url">) => prepared.outgoing.path + (/#.*$/.exec(prepared.url)?.[0] ?? "");

interface Prepared {
  outgoing: OutgoingRequest;
  url: string;
  /** Its header list as a test script reads it (wire.ts). */
  listed: WireRequest["listed"];
  bodyJson: WireRequest["bodyJson"];
  unresolved: Set<string>;
  wire: Wire;
}

/**
 * The path (and query) of an encoded URL as the target receives it: the text after its origin, kept as
 * postman-url-encoder wrote it (WHATWG's URL would encode it again), the target's own path prefix left out.
 */
function pathOf(url: string, base?: string): string {
  const origin = url.match(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i);
  if (!origin) return toPath(url, base);
  const rest = url.slice(origin[0].length).replace(/#.*$/, "");
  const [pathname, search = ""] = (rest.startsWith("/") ? rest : `/${rest}`).split(/(?=\?)/, 2);
  const prefix = base ? new URL(base).pathname.replace(/\/+$/, "") : "";
  // The prefix as whole segments: /api's base does not take the "/api" off /apiary.
  const under = prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`));
  const path = under ? pathname.slice(prefix.length) || "/" : pathname;
  return path + search;
}

/** What a checked request's result adds (expect-steps.ts checkedExtra). */
type Checked = ReturnType<typeof checkedExtra>;

/** A request's result from its answer: its failures (a change the store did not save first), the first one its error. */
/**
 * A result's `id`, only for an item without a name, which Newman's reports give none; and Newman's full name
 * for it where that is not already its name (reporters.ts).
 */
const namesOf = (step: PostmanStep): { id?: string; fullName?: string } => ({
  ...(step.rawName === undefined ? { id: step.id } : {}),
  ...(step.fullName === step.name ? {} : { fullName: step.fullName }),
});

function sentResult(step: PostmanStep, path: string, exchange: Exchange, failures: CheckFailure[], extra?: Checked): ReplayResult {
  const storeError = exchange.headers[STORE_ERROR_HEADER];
  if (storeError) failures.unshift({ check: "store", expected: "the change saved", actual: `not saved: ${storeError}` });
  const result: ReplayResult = {
    name: step.name,
    ...namesOf(step),
    method: step.method,
    path,
    status: exchange.status,
    ms: exchange.ms,
    pass: !failures.length,
    failures,
    ...(extra && { checks: extra.checks }),
  };
  if (failures.length) result.error = describeFailure(failures[0]);
  if (extra?.expected !== undefined) result.expected = extra.expected;
  return result;
}

/** The characters of the names and values a run's variables hold (its data row aside: the user's file, read again each iteration). */
function variableChars(scopes: Scopes): number {
  let chars = 0;
  for (const scope of [scopes.environment, scopes.collectionVariables, scopes.globals, scopes.local])
    for (const [name, value] of Object.entries(scope ?? {})) {
      chars += name.length;
      if (typeof value === "string") chars += value.length;
      else if (value !== null && typeof value === "object") {
        try {
          chars += JSON.stringify(value)?.length ?? 0;
        } catch {
          // A value JSON cannot write (a cycle) crossed from no script: the user's own, not counted.
        }
      } else chars += String(value).length;
    }
  return chars;
}

/** A request that was not sent, and why. */
function notSentResult(step: PostmanStep, why: string, path: string, extra?: Checked): ReplayResult {
  return {
    name: step.name,
    ...namesOf(step),
    method: step.method,
    path,
    status: null,
    ms: 0,
    pass: false,
    failures: [],
    error: `not sent: ${why}`,
    ...extra,
  };
}
