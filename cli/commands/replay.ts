// `mockman replay FILE`: runs a collection (mockman's or Postman v2.1) with the
// engine in mock/tester/engine/, under Newman's option names. This file reads
// the options and the files they name, opens the sender, and prints: what a
// run does is the engine's.
import { readFile, realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { SERVE_URL } from "#mock/core/boundary";
import { Command, Option } from "commander";
import { z } from "zod";
import { FormatError, parseJsonFile, loadRunnableJson, type LoadedCollection } from "#mock/tester/collection/format";
import { DataError, parseIterationData, type DataRow } from "#mock/tester/engine/data";
import type { FileSource, MultipartWriter } from "#mock/tester/engine/exchange";
import { cut, NotSent } from "#mock/tester/engine/bounds";
import { jarFromJSON, runJar, type RunJar } from "#mock/tester/engine/cookies";
import {
  REPORTERS,
  columnsFor,
  jsonReport,
  printable,
  resultLines,
  shownName,
  summaryLine,
  type ReplayResult,
} from "#mock/tester/engine/reporters";
import { executeRun, prepareRun, RunSetupError, type RunnableCollection } from "#mock/tester/engine/run";
import type { ScopeMutations } from "#mock/tester/engine/mutations";
import { openSender } from "../stores";
import { consoleBoxes } from "../console-lines";
import { CliError, EXIT, oneLine, usageError } from "../errors";
import { readSource, refuseStoreOutput, writeOutput } from "../inputs";
import { collectNow } from "../memory";
import { wantsColor, type CliIo } from "../io";
import { addFaultOptions, faultsFrom, withFaults } from "../fault-options";
import { addDbOption, addExamples, baseUrl, collect, count, parseOptions } from "../options";
import { loadGlobals, loadVariables } from "../variables";
import { collectionExport, scopeExport, type ScopeStart } from "../exports";
import pkg from "../../package.json" with { type: "json" };

export type { ReplayResult };

const ms = count(2_147_483_647);

const optionsSchema = z.object({
  baseUrl: baseUrl.optional(),
  db: z.string().optional(),
  json: z.boolean().default(false),
  bail: z.union([z.boolean(), z.string()]).optional(),
  environment: z.string().optional(),
  env: z.string().optional(),
  envVar: z.array(z.string()).optional(),
  globals: z.string().optional(),
  globalVar: z.array(z.string()).optional(),
  iterationData: z.string().optional(),
  iterationCount: count(1_000_000, 1).optional(),
  folder: z.array(z.string()).optional(),
  delayRequest: ms.optional(),
  timeout: ms.optional(),
  timeoutRequest: ms.optional(),
  timeoutScript: ms.optional(),
  suppressExitCode: z.boolean().default(false),
  reporters: z.array(z.string()).optional(),
  reporter: z.array(z.string()).optional(),
  reporterOut: z.string().optional(),
  reporterJsonExport: z.string().optional(),
  reporterJunitExport: z.string().optional(),
  exportEnvironment: z.string().optional(),
  exportGlobals: z.string().optional(),
  exportCollection: z.string().optional(),
  cookieJar: z.string().optional(),
  exportCookieJar: z.string().optional(),
  color: z.enum(["on", "off", "auto"]).default("auto"),
  workingDir: z.string().optional(),
  insecure: z.boolean().default(false),
  ignoreRedirects: z.boolean().default(false),
  insecureFileRead: z.boolean().optional(),
  silent: z.boolean().default(false),
  reporterCliSilent: z.boolean().default(false),
});

type Options = z.infer<typeof optionsSchema>;

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

export async function loadCollection(io: CliIo, file: string): Promise<LoadedCollection> {
  let text = await readSource(io, file, "collection");
  try {
    const json = parseJsonFile(text);
    const large = text.length > LARGE_FILE;
    text = ""; // the parsed file is all that is needed from here
    // V8 frees a string this size only in a full collection: asked for now, its pages go back before the checked requests are built.
    if (large) collectNow();
    const loaded = loadRunnableJson(json);
    settle(loaded.file.requests.length);
    if (!loaded.postman) {
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

/** Newman's -r: names split on commas, from -r/--reporters and --reporter (both repeatable), and --json; duplicates once. */
function reportersOf(options: Options): string[] {
  const names = [...(options.reporters ?? []), ...(options.reporter ?? [])].flatMap((list) => list.split(",")).map((n) => n.trim());
  if (options.json) {
    const other = names.find((n) => n !== "json");
    if (other) throw usageError(`--json and --reporter ${other}: give one`);
    names.push("json");
  }
  for (const name of names)
    if (!(REPORTERS as readonly string[]).includes(name))
      throw usageError(`--reporters ${name}: not a reporter. Allowed choices are ${REPORTERS.join(", ")}`);
  return names.length ? [...new Set(names)] : ["cli"];
}

/**
 * Where each report goes: a file, or stdout (one of them at most); and whether the cli lines print. --silent,
 * as Newman's: the cli reporter registers nothing (no lines, no summary, no console boxes), and only it: the
 * json and junit reports are written where they would be, and stderr's warnings and errors still go out.
 */
function destinations(options: Options, reporters: string[]) {
  const files = reporters.filter((r) => r !== "cli");
  if (options.reporterOut && !files.length) throw usageError("--reporter-out needs --reporter json or junit");
  if (options.reporterOut && files.length > 1)
    throw usageError("--reporter-out takes one report: give --reporter-json-export FILE and --reporter-junit-export FILE");
  if (options.reporterJsonExport && !files.includes("json")) throw usageError("--reporter-json-export needs -r json");
  if (options.reporterJunitExport && !files.includes("junit")) throw usageError("--reporter-junit-export needs -r junit");
  const out: Record<string, string | undefined> = {
    json: options.reporterJsonExport ?? (files.includes("json") ? options.reporterOut : undefined),
    junit: options.reporterJunitExport ?? (files.includes("junit") ? options.reporterOut : undefined),
  };
  const explicitCli = reporters.includes("cli");
  const toStdout = files.filter((r) => !out[r]);
  // Newman writes a report that has no export path under newman/ when the cli lines hold stdout.
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  if (explicitCli) for (const r of toStdout) out[r] = `newman/newman-run-report-${stamp}.${r === "junit" ? "xml" : "json"}`;
  else if (toStdout.length > 1)
    throw usageError(`-r ${toStdout.join(",")}: one report can go to stdout; give --reporter-${toStdout[1]}-export FILE`);
  const stdoutReport = explicitCli ? undefined : toStdout[0];
  return { out, lines: !stdoutReport && !options.silent && !options.reporterCliSilent, stdoutReport };
}

/** The folder files are read in: --working-dir, else the collection's folder (the current one for stdin or a URL). */
const workingDirOf = (io: CliIo, file: string, workingDir: string | undefined) =>
  workingDir ? resolve(io.cwd, workingDir) : file === "-" || /^https?:\/\//i.test(file) ? io.cwd : dirname(resolve(io.cwd, file));

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/** The real path (links followed), or the path itself when nothing is there yet. */
const realOr = (path: string) => realpath(path).catch(() => path);

/**
 * Whether `path` (absolute) lies inside `root`, as written and once links are followed: a link
 * inside the folder that points out of it is outside (Newman's --no-insecure-file-read checks
 * the written path only).
 */
async function within(root: string, path: string): Promise<boolean> {
  if (!inside(root, path)) return false;
  return inside(await realOr(root), await realOr(path));
}

const FILE_READ_HINT = "give --insecure-file-read to read files anywhere";

/**
 * Formdata files and binary bodies: paths relative to the working dir, and inside it, as Newman's
 * --working-dir with --no-insecure-file-read (its default) holds them: a collection (or a script,
 * through {{f}} set to /proc/self/environ) names a file outside, and that request fails, not sent.
 */
function fileSource(root: string, insecureFileRead: boolean): FileSource {
  return {
    async read(path) {
      const target = resolve(root, path);
      if (!insecureFileRead && !(await within(root, target)))
        throw new NotSent(`its body names the file ${printable(cut(path, 500))}, outside the working dir ${root} (${FILE_READ_HINT})`);
      try {
        return new Uint8Array(await readFile(target));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new Error(code === "ENOENT" ? `no such file in ${root}` : code === "EISDIR" ? "it is a folder" : oneLine(error));
      }
    },
  };
}

/** Formdata bodies as postman-request writes them, by its form-data (cli/form-data.ts, a file of its own in the bundle, loaded on first use). */
const formDataBody: MultipartWriter = async (parts, boundary) => (await import("../form-data")).formDataBody(parts, boundary);

/** -d, read where the user names it, as Newman reads it: the working dir bounds only the files a collection names. */
async function readData(io: CliIo, file: string): Promise<DataRow[]> {
  const text = await readSource(io, file, "--iteration-data file");
  try {
    return parseIterationData(text);
  } catch (error) {
    if (error instanceof DataError) throw usageError(`--iteration-data ${file}: ${stripDot(error.message)}. Nothing was sent`);
    throw error;
  }
}

/** --cookie-jar: a jar as tough-cookie's CookieJar.fromJSON reads it (Newman's), into the run's bounded store. */
async function readJar(io: CliIo, file: string): Promise<RunJar> {
  const text = await readSource(io, file, "--cookie-jar file");
  try {
    return jarFromJSON(text);
  } catch (error) {
    throw usageError(`--cookie-jar ${file}: not a cookie jar tough-cookie reads (${stripDot(oneLine(error))}). Nothing was sent`);
  }
}

export function replayCommand(io: CliIo): Command {
  const command = new Command("replay")
    .description("run a collection (mockman or Postman v2.1) as Newman runs it, with Newman's options, and check each answer")
    .argument("<file>", 'collection file ({"mockman": 1, "requests": [...]} or a Postman v2.1 export), or - for stdin')
    .option("--base-url <url>", "send over HTTP to this server (e.g. mockman serve) instead of in-process; sets {{baseUrl}}")
    .option("-e, --environment <file>", "environment: a Postman environment export, or a JSON object of names and values")
    .addOption(new Option("--env <file>", "the same as --environment").hideHelp())
    .option("--env-var <name=value>", "an environment variable, overriding the file's (repeatable)", collect)
    .option("-g, --globals <file>", "globals: a Postman globals export, or a JSON object of names and values")
    .option("--global-var <name=value>", "a global variable (repeatable)", collect)
    .option("-d, --iteration-data <file>", "iteration data: CSV with a header row, or a JSON array of objects; one iteration per row")
    .option("-n, --iteration-count <n>", "run the collection this many times (default: one per data row, or 1)")
    .option("--folder <name>", "run only this folder (or request), by name or id, at any depth (repeatable)", collect)
    .option("--delay-request <ms>", "wait this long between requests")
    .option("--timeout <ms>", "stop the run after this long (exit 1)")
    .option("--timeout-request <ms>", "fail a request not answered within this long (default: 30 s over HTTP)")
    .option("--timeout-script <ms>", "stop a script that runs longer (default: 5 s)")
    .option("--bail [modifiers]", "stop at the first failure ('failure', or 'folder': refuse an unknown --folder, which is always refused)")
    .option("-x, --suppress-exit-code", "exit 0 even when a check failed")
    .option("-r, --reporters <names>", "cli, json, junit, comma-separated (repeatable)", collect)
    .addOption(new Option("--reporter <name>", "the same as -r (repeatable)").hideHelp().argParser(collect))
    .option("--reporter-json-export <file>", "write the json report to this file")
    .option("--reporter-junit-export <file>", "write the JUnit XML report to this file")
    .option("--reporter-out <file>", "write the one json or junit report to this file; the lines still go to stdout")
    .option("--json", "print a machine-readable report instead of lines (same as -r json)")
    .option("--export-environment <file>", "write the environment as the run left it (Postman's format)")
    .option("--export-globals <file>", "write the globals as the run left them (Postman's format)")
    .option("--export-collection <file>", "write the collection, its variables as the run left them")
    .option("--cookie-jar <file>", "start the run's cookie jar from this file (tough-cookie's JSON, as --export-cookie-jar writes it)")
    .option("--export-cookie-jar <file>", "write the run's cookie jar as the run left it (tough-cookie's JSON)")
    .addOption(new Option("--color <mode>", "colour the lines").choices(["on", "off", "auto"]))
    .option("--silent", "print no lines, summary or console output (the json and junit reports are still written)")
    .addOption(new Option("--reporter-cli-silent", "the same as --silent (Newman's cli reporter option)").hideHelp())
    .option(
      "--working-dir <dir>",
      "where file bodies are read from; they and --iteration-data are read only inside it (default: the collection's folder)",
    )
    .option("--insecure-file-read", "let file bodies and --iteration-data be read outside --working-dir")
    .addOption(new Option("--no-insecure-file-read", "read files only inside --working-dir (the default)").hideHelp())
    .option("-k, --insecure", "accept any TLS certificate (an https --base-url)")
    .option("--ignore-redirects", "follow no redirect (a request's protocolProfileBehavior followRedirects still wins)");
  addDbOption(command);
  addFaultOptions(command);
  addExamples(command, [
    "mockman replay cli/examples/smoke.collection.json",
    `mockman replay saved.json --bail --base-url ${SERVE_URL}`,
    "mockman replay team.postman_collection.json -e local.postman_environment.json -d users.csv",
    "mockman replay team.postman_collection.json --folder Auth -n 3 --delay-request 100",
    "mockman replay saved.json -r cli,junit --reporter-junit-export junit.xml",
    "mockman replay team.postman_collection.json --json > report.json",
  ]);
  return command.action(async (file: string, raw: unknown) => {
    const options = parseOptions(optionsSchema, raw);
    const faults = faultsFrom(raw);
    if (options.env && options.environment) throw usageError("--env and --environment: give one");
    const bail = options.bail === undefined ? false : options.bail === true ? "failure" : options.bail;
    if (typeof bail === "string")
      for (const modifier of bail.split(","))
        if (!["failure", "folder"].includes(modifier.trim()))
          throw usageError(`--bail ${modifier}: expected failure or folder (or nothing, which means failure)`);
    const reporters = reportersOf(options);
    const where = destinations(options, reporters);
    // No report is written over a store, its journal or its lock (checked before anything is sent).
    for (const [reporter, target] of Object.entries(where.out))
      if (target) await refuseStoreOutput(io, target, `the ${reporter} report`, options.db);
    for (const [option, target] of [
      ["--export-environment", options.exportEnvironment],
      ["--export-globals", options.exportGlobals],
      ["--export-collection", options.exportCollection],
      ["--export-cookie-jar", options.exportCookieJar],
    ] as const)
      if (target) await refuseStoreOutput(io, target, option, options.db);

    const loaded = await loadCollection(io, file);
    const environment = await loadVariables(io, { env: options.environment ?? options.env, envVar: options.envVar });
    const globals = await loadGlobals(io, options);
    const jar = options.cookieJar ? await readJar(io, options.cookieJar) : options.exportCookieJar ? runJar() : undefined;
    const root = workingDirOf(io, file, options.workingDir);
    const insecureFileRead = options.insecureFileRead === true;
    const data = options.iterationData ? await readData(io, options.iterationData) : [];
    const collection: RunnableCollection = loaded.postman
      ? { kind: "postman", collection: loaded.postman }
      : { kind: "mockman", file: loaded.file };
    let prepared;
    try {
      prepared = prepareRun(collection, {
        environment: environment.values,
        globals: globals.values,
        types: { environment: environment.types, globals: globals.types },
        labels: { environment: labelOf(environment.start.file), globals: labelOf(globals.start.file) },
        data,
        iterationCount: options.iterationCount,
        folders: options.folder ?? [],
        baseUrl: options.baseUrl,
      });
    } catch (error) {
      if (error instanceof RunSetupError) throw usageError(`${file}: ${stripDot(error.message)}. Nothing was sent`);
      throw error;
    }
    if (!loaded.postman) settle(prepared.names.length);
    for (const note of prepared.notes) io.stderr.write(`mockman: ${printable(note)}\n`);

    const color = options.color === "on" ? true : options.color === "off" ? false : wantsColor(io);
    const columns = columnsFor(prepared.names);
    const iterations = prepared.iterations;
    let iterationShown = -1;
    const warned = new Set<string>();
    const onResult = (result: ReplayResult) => {
      if (where.lines && iterations > 1 && result.iteration !== undefined && result.iteration !== iterationShown) {
        iterationShown = result.iteration;
        io.stdout.write(`Iteration ${result.iteration + 1}/${iterations}\n`);
      }
      for (const warning of result.warnings ?? []) {
        const line = printable(`${shownName(result)}: ${warning}`);
        if (warned.has(line)) continue;
        warned.add(line);
        io.stderr.write(`mockman: warning: ${line}\n`);
      }
      if (!where.lines) return;
      // As Newman prints them: the pre-request scripts' console calls above the request's line, the test scripts' below.
      const boxes = consoleBoxes(result.console, color);
      io.stdout.write(boxes.before + resultLines(result, columns, color) + boxes.after);
    };
    const sender = withFaults(
      await openSender(io, { baseUrl: prepared.base, db: options.db, insecure: options.insecure }, "replay"),
      faults,
    );
    let outcome;
    // When the run started, for the junit report's timestamp (Newman's summary.run.timings.started).
    const started = Date.now();
    try {
      outcome = await executeRun(prepared, sender, {
        file,
        bail: Boolean(bail && bail.includes("failure")),
        onResult,
        // Counted as results come, so the lines reporter keeps none of them: a replay's memory stays flat
        // however many requests it runs (only a json or junit report holds the whole list).
        keep: reporters.some((r) => r !== "cli"),
        files: fileSource(root, insecureFileRead),
        multipart: formDataBody,
        delayMs: options.delayRequest,
        timeoutMs: options.timeout,
        timeoutRequestMs: options.timeoutRequest,
        timeoutScriptMs: options.timeoutScript,
        // As Newman: its requester gives a response no cookies (they are the jar's, pm.cookies).
        responseCookies: false,
        ...(jar ? { cookieJar: jar } : {}),
        ...(options.ignoreRedirects ? { ignoreRedirects: true } : {}),
        settle: loaded.postman ? undefined : settle,
      });
    } finally {
      await sender.close();
    }
    const { report } = outcome;
    if (where.lines) io.stdout.write(summaryLine(report));
    for (const reporter of reporters.filter((r) => r !== "cli")) {
      // The junit report is Newman's, by its own reporter (engine/newman-junit.ts, loaded only for it).
      const text =
        reporter === "junit"
          ? (await import("#mock/tester/engine/newman-junit")).newmanJunit(report, prepared.postman, prepared.plan, started)
          : jsonReport(report);
      const target = where.out[reporter];
      // Its folder made when missing, as Newman's (newman/ for a report with no export path).
      if (target) await writeOutput(io, target, text, { option: `the ${reporter} report`, db: options.db, makeDir: true });
      else io.stdout.write(text);
    }
    // --base-url gives {{baseUrl}} as --env-var would: the environment exported has it.
    if (options.baseUrl !== undefined) environment.start.sets.push(["baseUrl", prepared.scopes.environment.baseUrl]);
    await exportScopes(io, options, loaded, outcome.mutations, { environment: environment.start, globals: globals.start });
    // As Newman writes it: the jar's own toJSON.
    if (options.exportCookieJar && jar)
      await writeOutput(io, options.exportCookieJar, JSON.stringify(jar.toJSON(), null, 2) + "\n", { makeDir: true });

    const failure = report.error
      ? report.error
      : report.failed
        ? `${report.failed} of ${report.requests + report.notRun} requests failed; ${where.lines ? "see the lines marked FAIL" : reporters.some((r) => r !== "cli") ? "see the report" : "--silent printed no lines"}`
        : undefined;
    if (failure) {
      if (options.suppressExitCode) io.stderr.write(`mockman: ${failure} (exit 0: --suppress-exit-code)\n`);
      else throw new CliError(failure, EXIT.failure);
    }
  });
}

/** A scope file's own id and name, where it gives them as text (a Postman export does). */
function labelOf(file: Record<string, unknown> | undefined): { id?: string; name?: string } {
  const label: { id?: string; name?: string } = {};
  if (typeof file?.id === "string") label.id = file.id;
  if (typeof file?.name === "string") label.name = file.name;
  return label;
}

/** --export-environment, --export-globals, --export-collection: the scopes as the run left them (cli/exports.ts). */
async function exportScopes(
  io: CliIo,
  options: Options,
  loaded: LoadedCollection,
  mutations: ScopeMutations,
  starts: Record<"environment" | "globals", ScopeStart>,
): Promise<void> {
  if (!options.exportEnvironment && !options.exportGlobals && !options.exportCollection) return;
  const stamp = `mockman/${pkg.version}`;
  for (const [item, target] of [
    ["environment", options.exportEnvironment],
    ["globals", options.exportGlobals],
  ] as const)
    if (target) await writeOutput(io, target, await scopeExport(item, starts[item], mutations[item], stamp), { makeDir: true });
  if (options.exportCollection)
    await writeOutput(
      io,
      options.exportCollection,
      // A mockman collection is written as it was read: its run sets no collection variables.
      loaded.postman
        ? await collectionExport(loaded.postman, mutations.collectionVariables, stamp)
        : JSON.stringify(loaded.file, null, 2) + "\n",
      { makeDir: true },
    );
}
