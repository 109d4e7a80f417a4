// `mockman replay FILE`: runs a collection in order, filling {{name.path}}
// from earlier responses, and checks each answer against its `expect`.
import { Command } from "commander";
import { z } from "zod";
import {
  type CollectionFile,
  type CollectionRequest,
  FormatError,
  type RecordedResponse,
  fillTemplates,
  parseCollectionFile,
} from "#mock/collection/format";
import { openSender } from "../data";
import { CliError, EXIT, oneLine, usageError } from "../errors";
import type { OutgoingRequest, Sender } from "../exchange";
import { readSource } from "../inputs";
import { wantsColor, type CliIo } from "../io";
import { addFaultOptions, faultsFrom, withFaults } from "../fault-options";
import { addDbOption, addExamples, baseUrl, parseOptions } from "../options";
import { formatMs } from "../render";

const optionsSchema = z.object({
  baseUrl: baseUrl.optional(),
  db: z.string().optional(),
  json: z.boolean().default(false),
  bail: z.boolean().default(false),
});

export interface ReplayResult {
  name: string;
  method: string;
  path: string;
  status: number | null;
  ms: number;
  pass: boolean;
  expected?: number;
  error?: string;
}

export async function loadCollection(io: CliIo, file: string): Promise<CollectionFile> {
  const text = await readSource(io, file, "collection");
  let collection: CollectionFile;
  try {
    collection = parseCollectionFile(text);
  } catch (error) {
    if (error instanceof FormatError) throw usageError(`${file}: ${error.message}. Nothing was sent`);
    throw error;
  }
  collection.requests.forEach((request, i) => {
    if (request.body !== undefined && (request.method === "GET" || request.method === "HEAD"))
      throw usageError(`${file}: requests.${i} (${request.name}): a ${request.method} request cannot carry a body. Nothing was sent`);
  });
  return collection;
}

/** A collection request, its templates filled, ready to send. */
export function prepare(request: CollectionRequest, responses: Map<string, RecordedResponse>): OutgoingRequest {
  const endpoint = fillTemplates(request.endpoint, responses);
  const headers = Object.entries(fillTemplates(request.headers, responses)).map(([k, v]) => [k, String(v)] as [string, string]);
  let body: string | undefined;
  if (request.body !== undefined) {
    const filled = fillTemplates(request.body, responses);
    // A string is sent as it is, so a body saved as raw JSON text works too.
    body = typeof filled === "string" ? filled : JSON.stringify(filled);
    if (!headers.some(([k]) => k.toLowerCase() === "content-type")) headers.push(["content-type", "application/json"]);
  }
  const path = /^https?:\/\//i.test(endpoint) ? new URL(endpoint).pathname + new URL(endpoint).search : endpoint;
  return { method: request.method, path, headers, body };
}

export async function replay(
  collection: CollectionFile,
  sender: Sender,
  options: { bail: boolean; onResult?: (result: ReplayResult) => void },
): Promise<ReplayResult[]> {
  const responses = new Map<string, RecordedResponse>();
  const results: ReplayResult[] = [];
  for (const request of collection.requests) {
    const expected = request.expect?.status;
    let result: ReplayResult;
    try {
      const outgoing = prepare(request, responses);
      const exchange = await sender.send(outgoing);
      responses.set(request.name, { status: exchange.status, headers: exchange.headers, body: exchange.body });
      const storeError = exchange.headers["x-mock-store-error"];
      const pass = !storeError && (expected === undefined ? exchange.status < 400 : exchange.status === expected);
      result = { name: request.name, method: request.method, path: outgoing.path, status: exchange.status, ms: exchange.ms, pass };
      if (expected !== undefined) result.expected = expected;
      if (storeError) result.error = `not saved to the store: ${storeError}`;
      else if (!pass) result.error = expected === undefined ? "expected a status below 400" : `expected ${expected}`;
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      result = {
        name: request.name,
        method: request.method,
        path: request.endpoint,
        status: null,
        ms: 0,
        pass: false,
        error: oneLine(error),
      };
      if (expected !== undefined) result.expected = expected;
    }
    results.push(result);
    options.onResult?.(result);
    if (!result.pass && options.bail) break;
  }
  return results;
}

/** Paths are known only once filled; a template is guessed at the length of an id. */
function pathWidth(collection: CollectionFile): number {
  const guess = (endpoint: string) => endpoint.replace(/\{\{[^}]*\}\}/g, "x".repeat(36)).length;
  return Math.min(80, Math.max(20, ...collection.requests.map((r) => guess(r.endpoint))));
}

interface Columns {
  name: number;
  path: number;
}

function lineFor(result: ReplayResult, width: Columns, color: boolean): string {
  const verdict = result.pass ? "pass" : "fail";
  const painted = color ? `\x1b[${result.pass ? 32 : 31}m${verdict}\x1b[0m` : verdict;
  const cells = [
    result.name.padEnd(width.name),
    result.method.padEnd(7),
    result.path.padEnd(width.path),
    String(result.status ?? "---").padEnd(3),
    formatMs(result.ms).padStart(8),
    painted + (result.error ? `  ${result.error}` : ""),
  ];
  return cells.join("  ");
}

export function replayCommand(io: CliIo): Command {
  const command = new Command("replay")
    .description("run a collection of saved requests in order and check each status")
    .argument("<file>", 'collection file ({"mockman": 1, "requests": [...]}), or - for stdin')
    .option("--base-url <url>", "send over HTTP to this server instead of in-process")
    .option("--json", "print a machine-readable report instead of lines")
    .option("--bail", "stop at the first failure");
  addDbOption(command);
  addFaultOptions(command);
  addExamples(command, [
    "mockman replay cli/examples/smoke.collection.json",
    "mockman replay saved.json --bail --base-url http://127.0.0.1:3000",
    "mockman replay saved.json --json > report.json",
  ]);
  return command.action(async (file: string, raw: unknown) => {
    const options = parseOptions(optionsSchema, raw);
    const faults = faultsFrom(raw);
    const collection = await loadCollection(io, file);
    const color = wantsColor(io);
    const width = { name: Math.max(4, ...collection.requests.map((r) => r.name.length)), path: pathWidth(collection) };
    const started = performance.now();
    const sender = withFaults(await openSender(io, options, "replay"), faults);
    let results: ReplayResult[];
    try {
      results = await replay(collection, sender, {
        bail: options.bail,
        onResult: options.json ? undefined : (result) => io.stdout.write(lineFor(result, width, color) + "\n"),
      });
    } finally {
      await sender.close();
    }
    const passed = results.filter((r) => r.pass).length;
    const failed = results.length - passed;
    const notRun = collection.requests.length - results.length;
    const ms = Math.round((performance.now() - started) * 100) / 100;
    if (options.json) {
      io.stdout.write(JSON.stringify({ file, target: sender.where, passed, failed, notRun, ms, results }, null, 2) + "\n");
    } else {
      io.stdout.write(`${passed} passed, ${failed} failed${notRun ? `, ${notRun} not run (--bail)` : ""}\n`);
    }
    if (failed) throw new CliError(`${failed} of ${collection.requests.length} requests failed; see the lines marked fail`, EXIT.failure);
  });
}
