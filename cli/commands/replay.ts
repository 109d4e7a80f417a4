// `mockman replay FILE`: runs a collection (mockman's or Postman v2.1) in order,
// filling {{...}} from variables and earlier answers, and checks each answer
// against its `expect`. Everything a run needs is checked before the first
// request is sent: the file, every header, every variable.
import { SERVE_URL, STORE_ERROR_HEADER } from "#mock/boundary";
import { Command, Option } from "commander";
import { z } from "zod";
import { checkAnswer, describeFailure } from "#mock/collection/assert";
import {
  type CollectionFile,
  type CollectionRequest,
  FormatError,
  headerProblem,
  loadCollectionText,
  undefinedVariables,
} from "#mock/collection/format";
import { toPath } from "#mock/collection/urls";
import { TemplateError, fillTemplates, toJsonText, type RecordedResponse, type TemplateScope } from "#mock/collection/templates";
import { openSender } from "../stores";
import { CliError, EXIT, oneLine, usageError } from "../errors";
import type { OutgoingRequest, Sender } from "../exchange";
import { readSource, writeOutput } from "../inputs";
import { wantsColor, type CliIo } from "../io";
import { addFaultOptions, faultsFrom, withFaults } from "../fault-options";
import { addDbOption, addExamples, baseUrl, collect, parseOptions } from "../options";
import { REPORTERS, columnsFor, junitXml, resultLines, summaryLine, type ReplayReport, type ReplayResult } from "../reporters";
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

export async function loadCollection(io: CliIo, file: string): Promise<CollectionFile> {
  const text = await readSource(io, file, "collection");
  try {
    const loaded = loadCollectionText(text);
    for (const note of loaded.notes) io.stderr.write(`mockman: note: ${note}\n`);
    loaded.file.requests.forEach((request, i) => {
      if (request.body !== undefined && (request.method === "GET" || request.method === "HEAD"))
        throw new FormatError(`requests.${i} (${request.name}): a ${request.method} request cannot carry a body (null means none)`);
    });
    return loaded.file;
  } catch (error) {
    if (error instanceof FormatError) throw usageError(`${file}: ${stripDot(error.message)}. Nothing was sent`);
    throw error;
  }
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

export async function replay(
  collection: CollectionFile,
  sender: Sender,
  options: { bail: boolean; variables?: Variables; base?: string; onResult?: (result: ReplayResult) => void },
): Promise<ReplayResult[]> {
  const scope: TemplateScope = { responses: new Map<string, RecordedResponse>(), variables: options.variables ?? {} };
  const results: ReplayResult[] = [];
  for (const request of collection.requests) {
    const expect = request.expect;
    const expected = typeof expect?.status === "number" ? expect.status : undefined;
    let result: ReplayResult;
    try {
      const outgoing = prepare(request, scope, options.base);
      const exchange = await sender.send(outgoing);
      const answer = { status: exchange.status, headers: exchange.headers, body: exchange.body };
      scope.responses.set(request.name, answer);
      // Expectations may use templates too, this answer's own among them: {"post._id": "{{create.body.post._id}}"}.
      const failures = checkAnswer({ ...answer, ms: exchange.ms }, expect && fillTemplates(expect, scope));
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
      };
      if (failures.length) result.error = describeFailure(failures[0]);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      result = {
        name: request.name,
        method: request.method,
        path: request.endpoint,
        status: null,
        ms: 0,
        pass: false,
        failures: [],
        error: `not sent: ${oneLine(error)}`,
      };
    }
    if (expected !== undefined) result.expected = expected;
    results.push(result);
    options.onResult?.(result);
    if (!result.pass && options.bail) break;
  }
  return results;
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
    const collection = await loadCollection(io, file);
    const variables = await loadVariables(io, options, collection.variables);
    // --base-url wins; else an env's baseUrl picks the server; else in-process, where {{baseUrl}} is "".
    const base = options.baseUrl ?? (variables.baseUrl || undefined);
    if (base && !baseUrl.safeParse(base).success) throw usageError(`baseUrl ${base}: expected an http:// URL such as ${SERVE_URL}`);
    variables.baseUrl = base ? base.replace(/\/+$/, "") : "";
    const missing = undefinedVariables(collection, variables);
    if (missing.length)
      throw usageError(
        `${file}: ${missing[0]}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ""}; give it with --env-var NAME=VALUE or --env FILE. Nothing was sent`,
      );

    const color = wantsColor(io);
    const columns = columnsFor(collection.requests.map((r) => r.name));
    const linesToStdout = reporter === "cli" || Boolean(options.reporterOut);
    const started = performance.now();
    const sender = withFaults(await openSender(io, { baseUrl: base, db: options.db }, "replay"), faults);
    let results: ReplayResult[];
    try {
      results = await replay(collection, sender, {
        bail: options.bail,
        variables,
        base,
        onResult: linesToStdout ? (result) => io.stdout.write(resultLines(result, columns, color)) : undefined,
      });
    } finally {
      await sender.close();
    }
    const passed = results.filter((r) => r.pass).length;
    const skipped = collection.requests.slice(results.length).map((r) => r.name);
    const report: ReplayReport = {
      file,
      target: sender.where,
      passed,
      failed: results.length - passed,
      notRun: skipped.length,
      ms: Math.round((performance.now() - started) * 100) / 100,
      results,
      skipped,
    };
    if (linesToStdout) io.stdout.write(summaryLine(report));
    if (reporter !== "cli") {
      const text = reporter === "junit" ? junitXml(report) : JSON.stringify(report, null, 2) + "\n";
      if (options.reporterOut) await writeOutput(io, options.reporterOut, text);
      else io.stdout.write(text);
    }
    if (report.failed)
      throw new CliError(
        `${report.failed} of ${collection.requests.length} requests failed; ${reporter === "cli" ? "see the lines marked FAIL" : "see the report"}`,
        EXIT.failure,
      );
  });
}
