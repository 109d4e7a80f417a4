// `mockman replay FILE`: runs a collection (mockman's or Postman v2.1) in order,
// filling {{...}} from variables and earlier answers, and checks each answer
// against its `expect`. Everything a run needs is checked before the first
// request is sent: the file, every header, every variable.
import { SERVE_URL, STORE_ERROR_HEADER } from "#mock/core/boundary";
import { Command, Option } from "commander";
import { z } from "zod";
import { checkAnswer, describeFailure } from "#mock/tester/collection/assert";
import {
  type CollectionFile,
  type CollectionRequest,
  FormatError,
  headerProblem,
  type LoadedCollection,
  loadCollectionJson,
  parseJsonFile,
  undefinedVariables,
} from "#mock/tester/collection/format";
import { toPath } from "#mock/tester/collection/urls";
import {
  TemplateError,
  fillTemplates,
  templateRefs,
  toJsonText,
  type RecordedResponse,
  type TemplateScope,
} from "#mock/tester/collection/templates";
import { openSender } from "../stores";
import { CliError, EXIT, oneLine, usageError } from "../errors";
import type { OutgoingRequest, Sender } from "#mock/tester/engine/exchange";
import { readSource, refuseStoreOutput, writeOutput } from "../inputs";
import { collectNow } from "../memory";
import { wantsColor, type CliIo } from "../io";
import { addFaultOptions, faultsFrom, withFaults } from "../fault-options";
import { addDbOption, addExamples, baseUrl, collect, parseOptions } from "../options";
import {
  REPORTERS,
  assertionCounts,
  columnsFor,
  junitXml,
  resultLines,
  summaryLine,
  type ReplayReport,
  type ReplayResult,
} from "../../mock/tester/engine/reporters";
import { authOf, planScripts, postmanPlan, type PostmanPlan } from "#mock/tester/postman/steps";
import { replayPostman, variableValue } from "../../mock/tester/engine/postman-run";
import type { Scopes } from "../../mock/tester/sandbox/sandbox";
import { DYNAMIC_VARIABLES, namesScriptsSet, unsupportedUses } from "../../mock/tester/postman/variables";
import { eventLoopTurns } from "../../mock/tester/engine/turns";
import { loadVariables, type Variables } from "../variables";

export type { ReplayResult };

const optionsSchema = z.object({
  baseUrl: baseUrl.optional(),
  db: z.string().optional(),
  json: z.boolean().default(false),
  bail: z.boolean().default(false),
  env: z.string().optional(),
  envVar: z.array(z.string()).optional(),
  reporter: z.enum(REPORTERS).optional(),
  reporterOut: z.string().optional(),
});

export async function loadCollection(io: CliIo, file: string): Promise<LoadedCollection> {
  let text = await readSource(io, file, "collection");
  try {
    const json = parseJsonFile(text);
    const large = text.length > LARGE_FILE;
    text = ""; // the parsed file is all that is needed from here
    // V8 frees a string this size only in a full collection: asked for now, its pages go back before the checked requests are built.
    if (large) collectNow();
    const loaded = loadCollectionJson(json);
    settle(loaded.file.requests.length);
    // A Postman collection runs with its scripts, and Newman drops a GET's body: neither the notes of the
    // page's conversion nor the body rule apply to it.
    if (!loaded.postman) {
      for (const note of loaded.notes) io.stderr.write(`mockman: note: ${note}\n`);
      loaded.file.requests.forEach((request, i) => {
        if (request.body !== undefined && (request.method === "GET" || request.method === "HEAD"))
          throw new FormatError(`requests.${i} (${request.name}): a ${request.method} request cannot carry a body (null means none)`);
      });
    }
    return loaded;
  } catch (error) {
    if (error instanceof FormatError) throw usageError(`${file}: ${stripDot(error.message)}. Nothing was sent`);
    throw error;
  }
}

/** A collection file from which on its text is worth a full collection once parsed (~40,000 requests). */
const LARGE_FILE = 4 * 1024 * 1024;

/**
 * After each step that looks at every request of a large collection: the maps of names such a
 * step builds (~16 MB with the tables they outgrew, at 200,000 requests) would otherwise pile up
 * with the next step's until V8 ran a full collection of its own, and set the run's peak.
 */
function settle(requests: number): void {
  if (requests >= 20_000) collectNow();
}

const stripDot = (text: string) => text.replace(/[.\s]+$/, "");

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

export async function replay(
  collection: CollectionFile,
  sender: Sender,
  options: {
    bail: boolean;
    variables?: Variables;
    base?: string;
    onResult?: (result: ReplayResult) => void;
    /** Keep each result for the returned list (a report needs them); false returns [] and leaves them to onResult. */
    keep?: boolean;
  },
): Promise<ReplayResult[]> {
  const scope: TemplateScope = { responses: new Map<string, RecordedResponse>(), variables: options.variables ?? {}, notSent: new Map() };
  const readers = lastReaders(collection);
  // By index, so each request lets go of what it was last to read without a pass over every name.
  const { starts, drops } = dropsByIndex(readers);
  settle(collection.requests.length);
  const results: ReplayResult[] = [];
  const turn = eventLoopTurns();
  for (let i = 0; i < collection.requests.length; i++) {
    await turn();
    const request = collection.requests[i];
    const expect = request.expect;
    const expected = typeof expect?.status === "number" ? expect.status : undefined;
    const readLater = readers[i] > i;
    let result: ReplayResult;
    try {
      const outgoing = prepare(request, scope, options.base);
      const exchange = await sender.send(outgoing);
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
    if (options.keep !== false) results.push(result);
    options.onResult?.(result);
    if (!result.pass && options.bail) break;
  }
  return results;
}

/** How many checks an `expect` makes: the status (the "below 400" rule without one), each header and body entry, the time. */
const checkCount = (expect: CollectionRequest["expect"]) =>
  1 + Object.keys(expect?.headers ?? {}).length + Object.keys(expect?.body ?? {}).length + (expect?.maxMs === undefined ? 0 : 1);

function checkBase(base: string | undefined): string | undefined {
  if (base && !baseUrl.safeParse(base).success) throw usageError(`baseUrl ${base}: expected an http:// URL such as ${SERVE_URL}`);
  return base;
}

const missingVariables = (file: string, missing: string[]) =>
  usageError(
    `${file}: ${missing[0]}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ""}; give it with --env-var NAME=VALUE or --env FILE. Nothing was sent`,
  );

/**
 * A Postman collection's scopes, target and what cannot run, before anything
 * is sent: the collection's `variable` list is pm.collectionVariables, --env and
 * --env-var (and --base-url as baseUrl) the environment, as in Newman.
 */
async function postmanRun(io: CliIo, file: string, plan: PostmanPlan, options: z.infer<typeof optionsSchema>) {
  const environment: Record<string, unknown> = await loadVariables(io, options, undefined);
  const scopes: Scopes = { environment, collectionVariables: { ...plan.variables }, globals: {}, local: {}, data: {} };
  const lead = urlVariable(plan);
  const known = (name: string) => variableValue(scopes, name);
  let base = options.baseUrl ?? (known("baseUrl") || undefined);
  // A collection written for another API names its server otherwise ({{APIURL}}/users): an http:// value for it picks the target.
  if (!base && lead && lead !== "baseUrl" && /^https?:\/\//i.test(known(lead) ?? "")) base = new URL(known(lead)!).origin;
  base = checkBase(base);
  if (options.baseUrl !== undefined || known("baseUrl") !== undefined || lead === "baseUrl")
    environment.baseUrl = options.baseUrl ? options.baseUrl.replace(/\/+$/, "") : (known("baseUrl") ?? "").replace(/\/+$/, "");

  const scripts = planScripts(plan);
  const set = namesScriptsSet(scripts);
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const step of plan.steps) {
    const auth = authOf(step.auth);
    const texts = [
      step.url,
      ...step.headers.flat(),
      ...(step.body.mode === "raw" ? [step.body.raw] : []),
      ...(step.body.mode === "urlencoded" ? step.body.pairs.flat() : []),
      ...[auth.header, auth.query, auth.basic].flat().filter((t): t is string => typeof t === "string"),
    ];
    for (const text of texts)
      for (const m of text.matchAll(/\{\{([^{}]+)\}\}/g)) {
        const name = m[1];
        if (seen.has(name) || known(name) !== undefined || set.names.has(name) || set.computed) continue;
        seen.add(name);
        if (name === lead && step.url.startsWith(`{{${name}}}`))
          throw usageError(
            `${file}: its URLs start with {{${name}}}, which nothing defines: point it at the API with --env-var ${name}=<url> (for mockman serve, e.g. --env-var ${name}=${SERVE_URL}/api). Nothing was sent`,
          );
        missing.push(
          `${step.where} uses {{${name}}}, which no variable or script defines${name.startsWith("$") ? ` (mockman makes ${Object.keys(DYNAMIC_VARIABLES).join(", ")})` : ""}`,
        );
      }
  }
  if (missing.length) throw missingVariables(file, missing);

  let cannotRun = false;
  for (const script of scripts)
    for (const what of unsupportedUses(script.source)) {
      cannotRun = true;
      io.stderr.write(`mockman: ${script.where} uses ${what}, which mockman cannot run; requests where it runs fail\n`);
    }
  for (const step of plan.steps)
    if (step.unsendable) {
      cannotRun = true;
      io.stderr.write(`mockman: ${step.where} has ${step.unsendable}; it fails as not sent\n`);
    }
  return { plan, scopes, base, cannotRun };
}

/** The variable most URLs start with: `baseUrl`, or `APIURL` in `{{APIURL}}/users`. */
function urlVariable(plan: PostmanPlan): string | undefined {
  const counts = new Map<string, number>();
  for (const step of plan.steps) {
    const lead = step.url.match(/^\{\{([^{}]+)\}\}/)?.[1];
    if (lead) counts.set(lead, (counts.get(lead) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [name, n] of counts) if (!best || n > counts.get(best)!) best = name;
  return best;
}

export function replayCommand(io: CliIo): Command {
  const command = new Command("replay")
    .description("run a collection of saved requests (mockman or Postman v2.1) in order and check each answer")
    .argument("<file>", 'collection file ({"mockman": 1, "requests": [...]} or a Postman v2.1 export), or - for stdin')
    .option("--base-url <url>", "send over HTTP to this server (e.g. mockman serve) instead of in-process; sets {{baseUrl}}")
    .option("--env <file>", "variables from a JSON file of names and values (or a Postman environment)")
    .option("--env-var <name=value>", "a variable, overriding --env and the collection's (repeatable)", collect)
    .addOption(new Option("--reporter <name>", "cli (lines), json or junit (XML for CI)").choices(REPORTERS))
    .option("--reporter-out <file>", "write the json or junit report to this file; the lines still go to stdout")
    .option("--json", "print a machine-readable report instead of lines (same as --reporter json)")
    .option("--bail", "stop at the first failure");
  addDbOption(command);
  addFaultOptions(command);
  addExamples(command, [
    "mockman replay cli/examples/smoke.collection.json",
    `mockman replay saved.json --bail --base-url ${SERVE_URL}`,
    "mockman replay saved.json --env cli/examples/local.env.json --env-var user=guest",
    "mockman replay saved.json --reporter junit --reporter-out junit.xml",
    "mockman replay team.postman_collection.json --json > report.json",
  ]);
  return command.action(async (file: string, raw: unknown) => {
    const options = parseOptions(optionsSchema, raw);
    const faults = faultsFrom(raw);
    if (options.json && options.reporter && options.reporter !== "json")
      throw usageError(`--json and --reporter ${options.reporter}: give one`);
    const reporter = options.json ? "json" : (options.reporter ?? "cli");
    if (options.reporterOut && reporter === "cli") throw usageError("--reporter-out needs --reporter json or junit");
    if (options.reporterOut) await refuseStoreOutput(io, options.reporterOut, "--reporter-out", options.db);
    const loaded = await loadCollection(io, file);
    const collection = loaded.file;
    const postman = loaded.postman ? await postmanRun(io, file, postmanPlan(loaded.postman), options) : undefined;
    let base: string | undefined;
    let variables: Variables = {};
    if (postman) base = postman.base;
    else {
      variables = await loadVariables(io, options, collection.variables);
      // --base-url wins; else an env's baseUrl picks the server; else in-process, where {{baseUrl}} is "".
      base = checkBase(options.baseUrl ?? (variables.baseUrl || undefined));
      variables.baseUrl = base ? base.replace(/\/+$/, "") : "";
      const missing = undefinedVariables(collection, variables);
      if (missing.length) throw missingVariables(file, missing);
      settle(collection.requests.length);
    }

    const color = wantsColor(io);
    // Read where they are, not copied into a list of 200,000 names.
    const steps: ReadonlyArray<{ name: string }> = postman ? postman.plan.steps : collection.requests;
    const columns = columnsFor(
      (function* () {
        for (const step of steps) yield step.name;
      })(),
    );
    const linesToStdout = reporter === "cli" || Boolean(options.reporterOut);
    const started = performance.now();
    const sender = withFaults(await openSender(io, { baseUrl: base, db: options.db }, "replay"), faults);
    // Counted as results come, so the lines reporter keeps none of them: a replay's memory stays flat
    // however many requests it runs (only a json or junit report holds the whole list).
    const keep = reporter !== "cli";
    const tally = { requests: 0, passed: 0, assertions: 0, assertionsFailed: 0, lastPass: true };
    const ran = options.bail ? new Set<string>() : undefined;
    const onResult = (result: ReplayResult) => {
      const counts = assertionCounts(result);
      tally.requests++;
      if (result.pass) tally.passed++;
      tally.assertions += counts.made;
      tally.assertionsFailed += counts.failed;
      tally.lastPass = result.pass;
      ran?.add(result.name);
      if (linesToStdout) io.stdout.write(resultLines(result, columns, color));
    };
    let results: ReplayResult[];
    try {
      results = postman
        ? await replayPostman(postman.plan, sender, { bail: options.bail, scopes: postman.scopes, base, onResult, keep })
        : await replay(collection, sender, { bail: options.bail, variables, base, onResult, keep });
    } finally {
      await sender.close();
    }
    const bailed = options.bail && tally.requests > 0 && !tally.lastPass;
    const skipped = bailed ? steps.map((step) => step.name).filter((name) => !ran!.has(name)) : [];
    const report: ReplayReport = {
      file,
      target: sender.where,
      requests: tally.requests,
      assertions: tally.assertions,
      assertionsFailed: tally.assertionsFailed,
      passed: tally.passed,
      failed: tally.requests - tally.passed,
      notRun: skipped.length,
      ms: Math.round((performance.now() - started) * 100) / 100,
      results,
      skipped,
    };
    if (linesToStdout) io.stdout.write(summaryLine(report));
    if (reporter !== "cli") {
      const text = reporter === "junit" ? junitXml(report) : JSON.stringify(report, null, 2) + "\n";
      if (options.reporterOut) await writeOutput(io, options.reporterOut, text, { option: "--reporter-out", db: options.db });
      else io.stdout.write(text);
    }
    if (report.failed)
      throw new CliError(
        `${report.failed} of ${steps.length} requests failed; ${reporter === "cli" ? "see the lines marked FAIL" : "see the report"}`,
        EXIT.failure,
      );
    if (postman?.cannotRun)
      throw new CliError(`the collection's scripts use what mockman cannot run (named above), so this run cannot pass`, EXIT.failure);
  });
}
