// One engine for collections, ours and Postman's, driven by the CLI (cli/commands/replay.ts)
// and the page (app/mockman/lib/run-worker.ts): `prepareRun` checks a collection and its inputs before anything is
// sent (what is wrong throws RunSetupError, what cannot run is in `notes`) and picks the
// target; `executeRun` runs it through the Sender it is given, and returns the report. A mockman
// collection is checked whole here, then run as the Postman collection it converts to
// (postman/convert.ts's toPostman, which its export is too) by the one runner, postman-run.ts.
// Nothing here touches a file, a socket or the process: files come through a FileSource,
// requests through a Sender, multipart bodies from a MultipartWriter.
import { SERVE_URL } from "#mock/core/boundary";
import { type CollectionFile, undefinedVariables } from "#mock/tester/collection/format";
import type { Variables } from "#mock/tester/collection/templates";
import { toPostman, urlOf, type PostmanCollection } from "#mock/tester/postman/convert";
import { planScripts, postmanPlan, type PlanItem, type PostmanPlan, type PostmanStep } from "#mock/tester/postman/steps";
import { namesScriptsSet, unsupportedUses } from "#mock/tester/postman/script-uses";
import type { Scopes } from "../sandbox/sandbox";
import { setOwn, type ScopeTypes } from "./variable-types";
import type { DataRow } from "./data";
import { dynamicGenerators } from "./dynamic";
import type { FileSource, MultipartWriter, Sender } from "./exchange";
import type { RunJar } from "./cookies";
import { asText } from "#mock/tester/environments";
import { runPostman, type Asker, type SandboxFactory } from "./postman-run";
import type { ScopeMutations } from "./mutations";
import { addToTotals, NO_TOTALS, type ReplayReport, type ReplayResult } from "./reporters";
import { leadingVariable, variableValue, type ScopeLabels } from "./variables";

/** A collection or input that cannot run: nothing was sent. */
export class RunSetupError extends Error {}

export type RunnableCollection = { kind: "mockman"; file: CollectionFile } | { kind: "postman"; collection: PostmanCollection };

export interface RunInputs {
  /** -e FILE then each --env-var (later wins). */
  environment: Record<string, unknown>;
  /** -g FILE then each --global-var. */
  globals: Record<string, unknown>;
  /** The environment's and the globals' variables that have a type (variable-types.ts), as their files give it. */
  types?: Pick<ScopeTypes, "environment" | "globals">;
  /** The environment's and the globals' id and name, as their files give them (pm.environment.name). */
  labels?: ScopeLabels;
  /** -d FILE: one row per iteration. */
  data: DataRow[];
  /** -n; without it, one iteration per data row (or one). */
  iterationCount?: number;
  /** --folder NAME (repeatable): only the requests under these folders (a request's own name works too). */
  folders: string[];
  /** --base-url: send over HTTP to this server; sets {{baseUrl}}. */
  baseUrl?: string;
  /**
   * Who runs it: the CLI (the default) or the page. On the page the collection's own variables may name the server
   * (`baseUrl`, or the variable its URLs start with): its user runs what they imported and sees where it goes.
   * `mockman replay` leaves the target to its user (--base-url, -e, --env-var, -g): a collection written by someone
   * else must not choose where its requests, and the files they carry, go. And the messages that say how to give a
   * variable a value name the CLI's flags (--env-var), or the page's Environment dialog, where a flag means nothing.
   */
  asker?: Asker;
}

/** The page runs it (RunInputs.asker): the collection's own variables may name the server. */
const collectionTarget = (inputs: RunInputs) => inputs.asker === "page";

export interface PreparedRun {
  kind: "mockman" | "postman";
  /** The server to send to, or undefined for in-process. */
  base?: string;
  /** Lines for stderr before the run: what cannot run, variables nothing defines yet. */
  notes: string[];
  /** The requests one iteration runs, as the lines name them (for column widths; the page counts them). */
  names: string[];
  iterations: number;
  /** The environment and globals as the run starts. */
  scopes: Scopes;
  plan: PostmanPlan;
  data: DataRow[];
  /** The Postman collection it runs (a mockman collection's as toPostman converts it). */
  postman: PostmanCollection;
  /** Who runs it (RunInputs.asker), for the advice in the messages of its requests not sent. */
  asker: Asker;
}

const isHttpUrl = (text: string) => {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
};

function checkBase(base: string | undefined): string | undefined {
  if (base && !isHttpUrl(base)) throw new RunSetupError(`baseUrl ${base}: expected an http:// URL such as ${SERVE_URL}`);
  return base;
}

/** A variable's server written without a scheme (`localhost:3001`) is http://, as postman-url-encoder reads such a URL for Newman. */
const withScheme = (text: string | undefined) =>
  text && !text.includes("://") && /^[\w.-]+(:\d+)?(\/|$)/.test(text) ? `http://${text}` : text;

const asTextOr = (value: unknown) => (value === undefined || value === null ? undefined : asText(value));

/** The note for a server the collection names itself, where it may not choose one: the run stays in-process. */
function ownTarget(name: string, value: unknown): string[] {
  const url = asTextOr(value);
  if (!url || !isHttpUrl(url)) return [];
  return [
    `the collection names its own server in {{${name}}} (${url}); a collection does not choose where a replay sends its requests, so this run is in-process. To send there, give --base-url ${new URL(url).origin} or --env-var ${name}=${url}`,
  ];
}

/** Checks a collection and its inputs, and picks the target; throws RunSetupError for what cannot run at all. */
export function prepareRun(collection: RunnableCollection, inputs: RunInputs): PreparedRun {
  const iterations = inputs.iterationCount ?? Math.max(1, inputs.data.length);
  if (collection.kind === "mockman") {
    if (inputs.folders.length)
      throw new RunSetupError(`--folder ${inputs.folders[0]}: a mockman collection has no folders (Postman collections do)`);
    const file = collection.file;
    // Each name an own property (setOwn): `__proto__` assigned, or by Object.assign, would set the prototype instead.
    const variables: Variables = {};
    for (const [k, v] of Object.entries(inputs.globals)) setOwn(variables, k, asText(v));
    for (const [k, v] of Object.entries(file.variables ?? {})) setOwn(variables, k, v);
    for (const [k, v] of Object.entries(inputs.environment)) setOwn(variables, k, asText(v));
    // --base-url wins; else an env's baseUrl picks the server (the collection's own only where it may); else in-process, where {{baseUrl}} is "".
    const given = collectionTarget(inputs) ? variables.baseUrl : asTextOr(inputs.environment.baseUrl ?? inputs.globals.baseUrl);
    const base = checkBase(inputs.baseUrl ?? (withScheme(given) || undefined));
    const notes = base || collectionTarget(inputs) ? [] : ownTarget("baseUrl", file.variables?.baseUrl);
    variables.baseUrl = base ? base.replace(/\/+$/, "") : "";
    // A column of the data file counts as defined: a row without it fails the requests that read it.
    const withData = { ...variables };
    for (const row of inputs.data) for (const key of Object.keys(row)) if (!Object.hasOwn(withData, key)) setOwn(withData, key, "");
    const missing = undefinedVariables(file, withData);
    if (missing.length)
      throw new RunSetupError(
        `${missing[0]}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ""}; give it with --env-var NAME=VALUE or --env FILE`,
      );
    // Its requests keep their names (postmanPlan would make them slugs, and unique against variables).
    const { json } = toPostman(file);
    // Each URL as its text, all a run reads of it: its parts (for Postman's editor) held ~1.5 kB a request.
    for (const item of json.item ?? []) if (typeof item.request === "object") item.request.url = urlOf(item.request.url);
    const plan = postmanPlan(json);
    for (const step of plan.steps) step.name = step.label;
    return {
      kind: "mockman",
      base,
      notes,
      names: file.requests.map((r) => r.name),
      iterations,
      scopes: { environment: { ...variables }, globals: { ...inputs.globals }, collectionVariables: {}, local: {}, data: {} },
      plan,
      data: inputs.data,
      // The Postman collection it runs as: what Newman's junit reporter reads (newman-junit.ts).
      postman: json,
      asker: inputs.asker ?? "cli",
    };
  }

  let plan = postmanPlan(collection.collection);
  if (inputs.folders.length) plan = { ...plan, steps: selectFolders(plan, inputs.folders) };
  const environment: Record<string, unknown> = { ...inputs.environment };
  const scopes: Scopes = {
    environment,
    collectionVariables: { ...plan.variables },
    globals: { ...inputs.globals },
    local: {},
    data: inputs.data[0] ? { ...inputs.data[0] } : {},
    types: {
      environment: { ...inputs.types?.environment },
      globals: { ...inputs.types?.globals },
      collectionVariables: { ...plan.variableTypes },
    },
    ...(inputs.labels && { labels: inputs.labels }),
  };
  const lead = urlVariable(plan);
  const known = (name: string) => variableValue(scopes, name);
  // What may name the server: the user's inputs, and the collection's own variables only where they may.
  const users: Scopes = {
    environment: inputs.environment,
    globals: inputs.globals,
    collectionVariables: {},
    local: {},
    data: inputs.data[0] ? { ...inputs.data[0] } : {},
  };
  const chosen = (name: string) => (collectionTarget(inputs) ? known(name) : variableValue(users, name));
  let base = inputs.baseUrl ?? (withScheme(chosen("baseUrl")) || undefined);
  // A collection written for another API names its server otherwise ({{APIURL}}/users): an http:// value for it picks the target.
  if (!base && lead && lead !== "baseUrl" && isHttpUrl(chosen(lead) ?? "")) base = new URL(chosen(lead)!).origin;
  base = checkBase(base);
  const notes: string[] = [];
  if (!base && !collectionTarget(inputs)) {
    const named = ["baseUrl", ...(lead && lead !== "baseUrl" ? [lead] : [])].find((name) => isHttpUrl(known(name) ?? ""));
    if (named) notes.push(...ownTarget(named, known(named)));
  }
  if (inputs.baseUrl !== undefined || known("baseUrl") !== undefined || lead === "baseUrl")
    environment.baseUrl = inputs.baseUrl ? inputs.baseUrl.replace(/\/+$/, "") : (chosen("baseUrl") ?? "").replace(/\/+$/, "");

  const scripts = planScripts(plan);
  if (lead && known(lead) === undefined) {
    const set = namesScriptsSet(scripts);
    if (!set.names.has(lead) && !set.computed)
      notes.push(
        `its URLs start with {{${lead}}}, which nothing defines: requests fail as not sent. ${
          inputs.asker === "page"
            ? `Add ${lead} under Environment, or to the collection's variables`
            : `Point it at the API with --env-var ${lead}=<url> (for mockman serve, e.g. --env-var ${lead}=${SERVE_URL}/api)`
        }`,
      );
  }
  for (const script of scripts)
    for (const what of unsupportedUses(script.source))
      notes.push(`${script.where} uses ${what}, which mockman cannot run; requests where it runs fail`);
  return {
    kind: "postman",
    base,
    notes,
    names: plan.steps.map((s) => (s.rawName === undefined ? s.name : s.fullName)),
    iterations,
    scopes,
    plan,
    data: inputs.data,
    postman: collection.collection,
    asker: inputs.asker ?? "cli",
  };
}

/**
 * The requests --folder runs, found as postman-runtime finds its entrypoints, in the collection's items (empty folders
 * too: one chosen runs nothing). One name: the first item or folder of that id or name among the collection's own
 * items, else in each one's, in order. Several: the items in the collection's order, each name taken by the first it
 * meets (an id before a name); a name inside a chosen folder is not gathered as its child, but is from its
 * grandchildren on. An item without a name is found by its id alone. A name nothing has is refused before anything
 * is sent.
 */
function selectFolders(plan: PostmanPlan, folders: string[]): PostmanStep[] {
  const idOf = (item: PlanItem) => ("step" in item ? item.step.id : item.id);
  const nameOf = (item: PlanItem) => ("step" in item ? item.step.rawName : item.name);
  const inside = (item: PlanItem) => ("step" in item ? [] : item.items);
  const stepsOf = (item: PlanItem): PostmanStep[] => ("step" in item ? [item.step] : item.items.flatMap(stepsOf));
  const findOne = (items: PlanItem[], name: string): PlanItem | undefined =>
    items.find((c) => idOf(c) === name || nameOf(c) === name) ??
    items.reduce<PlanItem | undefined>((hit, c) => hit ?? findOne(inside(c), name), undefined);
  const chosen: PlanItem[] = [];
  let missing: string | undefined;
  if (folders.length === 1) {
    const hit = findOne(plan.items, folders[0]);
    if (hit) chosen.push(hit);
    else missing = folders[0];
  } else {
    const wanted = new Set(folders);
    const walk = (items: PlanItem[], gather: boolean) => {
      for (const child of items) {
        if (!wanted.size) return;
        const id = idOf(child);
        const name = nameOf(child);
        const match = id !== undefined && wanted.has(id) ? id : name !== undefined && wanted.has(name) ? name : undefined;
        if (match !== undefined) {
          if (gather) chosen.push(child);
          wanted.delete(match);
        }
        // As findItemsOrGroups recurses (with !match alone): a name matched inside a chosen folder is gathered
        // again two levels down, so Newman runs such requests twice.
        walk(inside(child), match === undefined);
      }
    };
    walk(plan.items, true);
    missing = [...wanted][0];
  }
  if (missing !== undefined) throw new RunSetupError(`--folder ${missing}: the collection has no folder or request of that name or id`);
  return chosen.flatMap(stepsOf);
}

/** The variable most URLs start with: `baseUrl`, or `APIURL` in `{{APIURL}}/users`. */
function urlVariable(plan: PostmanPlan): string | undefined {
  const counts = new Map<string, number>();
  for (const step of plan.steps) {
    const lead = leadingVariable(step.url);
    if (lead) counts.set(lead, (counts.get(lead) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [name, n] of counts) if (!best || n > counts.get(best)!) best = name;
  return best;
}

export interface ExecuteOptions {
  bail: boolean;
  onResult?: (result: ReplayResult) => void;
  /** Keep each result for the report (json, junit); false counts them and keeps none. */
  keep?: boolean;
  files?: FileSource;
  /** Writes formdata bodies: the host's (exchange.ts MultipartWriter), as the Sender and the FileSource are. */
  multipart?: MultipartWriter;
  delayMs?: number;
  timeoutMs?: number;
  timeoutRequestMs?: number;
  timeoutScriptMs?: number;
  sandbox?: SandboxFactory;
  /** false: pm.response.cookies is empty, as Newman's (replay); the page's Run lists them as the Postman app. */
  responseCookies?: boolean;
  /** The run's cookie jar (replay's --cookie-jar, --export-cookie-jar); a new, empty one when none is given. */
  cookieJar?: RunJar;
  /** replay's --ignore-redirects: redirects are not followed unless a request's protocolProfileBehavior says so. */
  ignoreRedirects?: boolean;
  settle?: (requests: number) => void;
  /** The file's name, for reports. */
  file: string;
}

export interface RunOutcome {
  report: ReplayReport;
  /** The scopes as the run left them. */
  scopes: Scopes;
  /** What the run's scripts did to them, in order (engine/mutations.ts): what the CLI's exports replay. */
  mutations: ScopeMutations;
}

/** Runs a prepared collection through `sender`; never throws for what a request or script does. */
export async function executeRun(prepared: PreparedRun, sender: Sender, options: ExecuteOptions): Promise<RunOutcome> {
  const started = performance.now();
  const deadline = options.timeoutMs ? started + options.timeoutMs : undefined;
  let totals = NO_TOTALS;
  const onResult = (result: ReplayResult) => {
    totals = addToTotals(totals, result);
    options.onResult?.(result);
  };
  // A large mockman collection: the checks' working maps let go before the run (the CLI asks V8 for a full collection).
  if (prepared.kind === "mockman") options.settle?.(prepared.names.length);
  const end = await runPostman(prepared.plan, sender, {
    bail: options.bail,
    scopes: prepared.scopes,
    base: prepared.base,
    onResult,
    keep: options.keep,
    // postman-collection's table, for a mockman collection's {{$uuid}} too (its templates keep a value's type):
    // the request builder (wire.ts) holds it already.
    dynamic: await dynamicGenerators(),
    files: options.files,
    ...(options.multipart ? { multipart: options.multipart } : {}),
    timeoutRequestMs: options.timeoutRequestMs,
    timeoutScriptMs: options.timeoutScriptMs,
    delayMs: options.delayMs,
    deadline,
    sandbox: options.sandbox,
    ...(options.responseCookies === false ? { responseCookies: false } : {}),
    ...(options.cookieJar ? { cookieJar: options.cookieJar } : {}),
    ...(options.ignoreRedirects ? { ignoreRedirects: true } : {}),
    data: prepared.data,
    iterations: prepared.iterations,
    asker: prepared.asker,
  });
  const report: ReplayReport = {
    file: options.file,
    target: sender.where,
    requests: totals.passed + totals.failed,
    assertions: totals.tests,
    assertionsFailed: totals.testsFailed,
    passed: totals.passed,
    failed: totals.failed,
    notRun: end.stopped?.notRun ?? 0,
    ms: Math.round((performance.now() - started) * 100) / 100,
    results: end.results,
    skipped: end.stopped?.skipped ?? [],
  };
  if (prepared.iterations !== 1) report.iterations = prepared.iterations;
  if (end.timedOut) report.error = `the run went past --timeout ${options.timeoutMs} ms and was stopped`;
  return {
    report,
    scopes: end.scopes ?? prepared.scopes,
    mutations: end.mutations ?? { environment: [], globals: [], collectionVariables: [] },
  };
}
