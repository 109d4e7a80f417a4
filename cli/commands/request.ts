// `mockman request METHOD PATH`: one request, curl/HTTPie style.
import { SERVE_URL, SERVED_BY, STORE_ERROR_HEADER } from "#mock/core/boundary";
import { Command } from "commander";
import { z } from "zod";
import { COLLECTION_METHODS, headerProblem } from "#mock/tester/collection/format";
import { isAbsoluteUrl, toPath } from "#mock/tester/collection/urls";
import { GUEST } from "#mock/data/seed";
import { openSender } from "../stores";
import { CliError, EXIT, usageError } from "../errors";
import type { Exchange, OutgoingRequest, Sender } from "#mock/tester/engine/exchange";
import { readBody, refuseStoreOutput, writeOutput } from "../inputs";
import { wantsColor, type CliIo } from "../io";
import { addFaultOptions, faultsFrom, withFaults } from "../fault-options";
import { addDbOption, addExamples, baseUrl, collect, parseOptions } from "../options";
import { renderExchange } from "../render";

const optionsSchema = z.object({
  header: z.array(z.string()).default([]),
  data: z.string().optional(),
  token: z.string().min(1, "the token is empty").optional(),
  as: z.string().optional(),
  baseUrl: baseUrl.optional(),
  db: z.string().optional(),
  include: z.boolean().default(false),
  body: z.boolean().default(false),
  json: z.boolean().default(false),
  fail: z.boolean().default(false),
  output: z.string().min(1, "the output file name is empty").optional(),
});

const TOKEN_CHARS = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseMethod(raw: string): string {
  const method = raw.toUpperCase();
  if (!(COLLECTION_METHODS as readonly string[]).includes(method))
    throw usageError(`unknown method ${raw}: use one of ${COLLECTION_METHODS.join(", ")}`);
  return method;
}

export function parseHeader(raw: string): [string, string] {
  const colon = raw.indexOf(":");
  if (colon < 0) throw usageError(`header '${raw}' has no colon: write it as -H 'Name: value'`);
  const name = raw.slice(0, colon).trim();
  if (!TOKEN_CHARS.test(name)) throw usageError(`header '${raw}' has no valid name before the colon: write it as -H 'Name: value'`);
  const value = raw.slice(colon + 1).trim();
  const problem = headerProblem(name, value);
  if (problem) throw usageError(problem);
  return [name, value];
}

function parseAs(raw: string): { username: string; password: string } {
  if (raw === GUEST.username) return { ...GUEST };
  const colon = raw.indexOf(":");
  if (colon <= 0 || colon === raw.length - 1) throw usageError(`--as ${raw}: use --as guest or --as USER:PASSWORD`);
  return { username: raw.slice(0, colon), password: raw.slice(colon + 1) };
}

/** `request GET https://host/api/x` works too, the way curl takes a URL. */
function splitTarget(path: string, base: string | undefined): { path: string; baseUrl?: string } {
  if (!isAbsoluteUrl(path)) return { path: toPath(path), baseUrl: base };
  if (base) throw usageError(`give either a full URL or --base-url, not both`);
  return { path: toPath(path), baseUrl: new URL(path).origin };
}

export async function logIn(sender: Sender, who: { username: string; password: string }): Promise<string> {
  const reply = await sender.send({
    method: "POST",
    path: "/api/auth/login",
    headers: [["content-type", "application/json"]],
    body: JSON.stringify(who),
  });
  const token = (reply.body as { encodedToken?: unknown } | null)?.encodedToken;
  if (reply.status !== 200 || typeof token !== "string") {
    const why = (reply.body as { errors?: string[] } | null)?.errors?.[0] ?? reply.statusText;
    throw new CliError(`cannot log in as ${who.username}: ${reply.status} ${why}. Check --as USER:PASSWORD`);
  }
  return token;
}

export function requestCommand(io: CliIo): Command {
  const command = new Command("request")
    .description("send one request to the mock API and print the response")
    .argument("<method>", `HTTP method: ${COLLECTION_METHODS.join(", ")}`)
    .argument("<path>", "path such as /api/posts (or a full http:// URL)")
    .option("-H, --header <header>", "request header 'Name: value' (repeatable)", collect)
    .option("-d, --data <json>", "JSON body: inline, @file, or @- to read stdin")
    .option("--token <token>", "send this token in the authorization header")
    .option("--as <who>", "log in first, as guest or USER:PASSWORD, and send that token")
    .option("--base-url <url>", "send over HTTP to this server instead of in-process")
    .option("-i, --include", "print the response headers too")
    .option("-b, --body", "print only the body")
    .option("--json", "print exactly {status, statusText, headers, body, ms} as JSON")
    .option("--fail", "exit 4 on a 4xx response and 5 on a 5xx")
    .option("-o, --output <file>", "write the body to this file (an image's bytes, or the text) instead of printing it");
  addDbOption(command);
  addFaultOptions(command);
  addExamples(command, [
    "mockman request GET /api/posts",
    'mockman request POST /api/posts --as guest -d \'{"postData":{"content":"Hello"}}\'',
    "mockman request GET /api/users/bookmark --as guest -i",
    "mockman request POST /api/auth/login -d @login.json --json --fail",
    `mockman request GET /api/posts --base-url ${SERVE_URL}`,
    "mockman request GET /api/photos/users/ID/userPhoto -o avatar.png",
  ]);
  return command.action(async (rawMethod: string, rawPath: string, raw: unknown) => {
    const options = parseOptions(optionsSchema, raw);
    const faults = faultsFrom(raw);
    const method = parseMethod(rawMethod);
    const target = splitTarget(rawPath, options.baseUrl);
    const headers = (options.header ?? []).map(parseHeader);
    const has = (name: string) => headers.some(([n]) => n.toLowerCase() === name);
    if (options.token && options.as) throw usageError("give --token or --as, not both");
    if ((options.token || options.as) && has("authorization"))
      throw usageError("the authorization header is given twice: drop -H authorization or --token/--as");
    if (options.json && (options.include || options.body)) throw usageError("--json prints everything: drop -i and -b");
    if (options.include && options.body) throw usageError("-b prints only the body and -i adds the headers: give one of them");
    const who = options.as ? parseAs(options.as) : undefined;
    // Before anything is sent: a request must not take effect and then fail to save its answer.
    if (options.output) await refuseStoreOutput(io, options.output, "-o", options.db);
    const body = options.data === undefined ? undefined : await readBody(io, options.data, headers);
    if (body !== undefined && (method === "GET" || method === "HEAD"))
      throw usageError(`a ${method} request cannot carry a body: drop -d or use POST`);
    if (body !== undefined && !has("content-type")) headers.push(["content-type", "application/json"]);
    if (options.token) headers.push(["authorization", options.token]);

    const sender = withFaults(await openSender(io, { baseUrl: target.baseUrl, db: options.db }, "request"), faults);
    let exchange: Exchange;
    try {
      if (who) headers.push(["authorization", await logIn(sender, who)]);
      const request: OutgoingRequest = { method, path: target.path, headers, body };
      exchange = await sender.send(request);
    } finally {
      await sender.close();
    }

    // The five keys the manual names, whatever else the sender kept (Set-Cookie rows, the raw header rows, the bytes).
    const { bytes } = exchange;
    const shown = {
      status: exchange.status,
      statusText: exchange.statusText,
      headers: exchange.headers,
      body: exchange.body,
      ms: exchange.ms,
    };
    if (options.output) {
      const text = typeof shown.body === "string" ? shown.body : shown.body === null ? "" : JSON.stringify(shown.body, null, 2) + "\n";
      const saved = bytes ?? text;
      await writeOutput(io, options.output, saved, { option: "-o", db: options.db });
      shown.body = `(${saved.length.toLocaleString("en-US")} ${bytes ? "bytes" : "characters"} written to ${options.output})`;
    }
    io.stdout.write(
      options.json
        ? JSON.stringify(shown, null, 2) + "\n"
        : renderExchange(
            { ...shown, ...(exchange.rawHeaders ? { rawHeaders: exchange.rawHeaders } : {}) },
            { headers: options.include, bodyOnly: options.body, color: wantsColor(io) },
          ),
    );
    // Another server's JSON is a fine answer; an HTML page from a server without the mark is a wrong --base-url.
    if (target.baseUrl && !(SERVED_BY in exchange.headers) && typeof exchange.body === "string")
      io.stderr.write(`mockman: note: ${notMockman(target.baseUrl, exchange)}\n`);
    const storeError = exchange.headers[STORE_ERROR_HEADER];
    if (storeError) throw new CliError(`the change was not saved to the store: ${storeError}. Check the --db file and its folder`);
    if (options.fail && exchange.status >= 400)
      throw new CliError(
        `the server answered ${exchange.status} ${exchange.statusText} (--fail)`,
        exchange.status >= 500 ? EXIT.serverError : EXIT.clientError,
      );
  });
}

/** Said on stderr when --base-url reached a server that is not `mockman serve` (its answers carry no x-mockman header). */
export function notMockman(base: string, exchange: Exchange): string {
  const html = /html/i.test(exchange.headers["content-type"] ?? "");
  return `${base} is not mockman serve${html ? " (it answered with an HTML page)" : ""}; for the mock API start mockman serve and use --base-url ${SERVE_URL}`;
}
