#!/usr/bin/env node
// The oracle: postman-sandbox (the version Newman 6 runs) executes every case it reads on
// stdin, as postman-runtime drives it in a Newman run, and writes what came out on stdout.
// Run by diff.test.ts in a process of its own; nothing it answers is stored.
//
// stdin:  { cases: PreparedCase[] } (cases.ts), JSON
// stdout: { results: Array<{ runs: [Verdict, Verdict] }> }, JSON: each case twice, so that
//         what changes from run to run (a uuid, a time) is known and left uncompared.
//
// As postman-runtime does (lib/runner/extensions/event.command.js): one context for the
// whole run, the mutations a script made of globals, environment and collection variables applied
// to them after it (MutationTracker), each script an `execute` with the cursor, the context's variables, request,
// response and cookies and the item's legacy names, no resolvedPackages (Newman 6 has no
// package resolver, so no pm.require); a pm.sendRequest is answered through
// `execution.response.ID` (by answer.mjs, as ours is), the cookie jar's store calls through
// `execution.cookies.ID` by tough-cookie's memory store (a fresh, empty jar per script, as a
// Newman run starts with), a pm.execution.skipRequest is heard as `execution.skipRequest.ID`,
// and an error the script raised later (a timer, a callback) is kept apart as `late`: Newman's run
// counts none of them (postman-runtime does only under --bail folder).
import { createRequire } from "node:module";
import { answerFor, errorOf } from "./answer.mjs";
import { wire } from "./wire.mjs";

const require = createRequire(import.meta.url);
const Sandbox = require("postman-sandbox");
const sdk = require("postman-collection");
const { CookieJar, Cookie } = require("@postman/tough-cookie");

const SCOPES = { globals: "globals", environment: "environment", collectionVariables: "collectionVariables", _variables: "local" };

/** The scopes postman-runtime tracks (item.command.js's trackContext): it keeps a script's mutations of them, not their copy. */
const TRACKED = new Set(["globals", "environment", "collectionVariables"]);

/**
 * A scope's variables as postman-runtime keeps them after a script (event.command.js): for a tracked
 * scope, the script's mutations (sdk.MutationTracker) applied to the scope it had; `_variables` as
 * the result lists it.
 */
function keptScope(scope, before, after) {
  if (!after) return [];
  if (!TRACKED.has(scope) || !after.mutations) return after.values || [];
  const kept = new sdk.VariableScope(before || {});
  new sdk.MutationTracker(after.mutations).applyOn(kept);
  return kept.toJSON().values || [];
}

/** A value as both sides report it: JSON, with undefined said so. */
const shown = (value) => (value === undefined ? "undefined" : JSON.stringify(value));
const errorText = (error) => {
  if (error === null || error === undefined) return null;
  if (typeof error !== "object") return String(error);
  return error.name ? `${error.name}: ${error.message}` : String(error.message ?? JSON.stringify(error));
};

/**
 * The rejections no one handled of the running case. In Newman they end the process (Node's
 * default for an unhandled rejection): here they are the case's error when it threw none.
 */
let current;
process.on("unhandledRejection", (reason) => current?.push(errorText(reason)));

function runOne(context, c, done) {
  const id = `case-${Math.random().toString(36).slice(2)}`;
  const rejected = [];
  current = rejected;
  const verdict = { assertions: [], error: null, variables: {}, sent: [], skip: false };
  let asyncError = null;
  const jar = new CookieJar();
  const listeners = [];
  const on = (event, fn) => {
    context.on(event, fn);
    listeners.push(event);
  };
  on(`execution.assertion.${id}`, (_cursor, assertions) => {
    for (const a of assertions)
      verdict.assertions.push({
        name: a.name,
        passed: Boolean(a.passed),
        skipped: Boolean(a.skipped),
        // A thrown non-Error (a string) is the error itself.
        error: a.error === null || a.error === undefined ? null : typeof a.error === "object" ? (a.error.message ?? null) : String(a.error),
      });
  });
  on(`execution.error.${id}`, (_cursor, error) => {
    asyncError = asyncError ?? error;
  });
  on(`execution.skipRequest.${id}`, () => {
    verdict.skip = true;
  });
  on(`execution.request.${id}`, (_cursor, eventId, requestId, request) => {
    const sent = wire(request);
    verdict.sent.push(sent);
    const answer = answerFor(sent);
    setImmediate(() => {
      if ("error" in answer) return context.dispatch(`execution.response.${eventId}`, requestId, errorOf(answer));
      // As postman-runtime's requester: the answer's cookies go into the run's jar, and the
      // response (postman-collection's Response.createFromNode) and the history carry them.
      const cookies = [];
      for (const [k, v] of answer.headers)
        if (k.toLowerCase() === "set-cookie") {
          const cookie = jar.setCookieSync(v, sent.url, { ignoreError: true });
          if (cookie) cookies.push({ name: cookie.key, value: cookie.value, path: cookie.path, domain: cookie.domain });
        }
      const response = new sdk.Response({
        code: answer.code,
        status: answer.status,
        header: answer.headers.map(([key, value]) => ({ key, value })),
        stream: Buffer.from(answer.body),
        responseTime: answer.responseTime,
        cookie: cookies,
      });
      context.dispatch(`execution.response.${eventId}`, requestId, null, response, { cookies });
    });
  });
  on(`execution.cookies.${id}`, (eventId, action, fnName, args) => {
    if (action !== "store") return;
    const store = jar.store;
    const reply = (err, res) => context.dispatch(`execution.cookies.${id}`, eventId, err instanceof Error ? err.message : err, res);
    if (typeof store[fnName] !== "function") return reply(`CookieStore: invalid method name '${fnName}'`);
    args = Array.isArray(args) ? args : [];
    if (fnName === "putCookie" && args[0]) args[0] = Cookie.fromJSON(args[0]);
    if (fnName === "updateCookie" && args[0] && args[1]) [args[0], args[1]] = [Cookie.fromJSON(args[0]), Cookie.fromJSON(args[1])];
    try {
      store[fnName](...args, reply);
    } catch {
      reply(`runtime~CookieStore: error executing "${fnName}"`);
    }
  });
  context.execute(
    { listen: c.listen, script: { exec: c.script } },
    { id, timeout: c.timeout, cursor: c.cursor, context: c.context, legacy: c.legacy },
    (err, result) => {
      // As postman-runtime: the script's listeners go as its result arrives (a pm.sendRequest
      // made after pm.execution.skipRequest() is then never sent).
      for (const event of listeners) context.removeAllListeners(event);
      if (result) {
        for (const [scope, name] of Object.entries(SCOPES)) {
          const values = {};
          for (const v of keptScope(scope, c.context[scope], result[scope])) if (!v.disabled) values[v.key] = shown(v.value);
          verdict.variables[name] = values;
        }
        // The data Newman keeps: postman-runtime syncs back only the tracked scopes (item.command.js's
        // trackContext: globals, environment, collectionVariables) and pm.variables; a script's writes to
        // the legacy `data` object end with the script, whatever postman-sandbox's result lists.
        verdict.variables.data = Object.fromEntries(Object.entries(c.context.data || {}).map(([k, v]) => [k, shown(v)]));
        if (result.return && "nextRequest" in result.return) verdict.next = shown(result.return.nextRequest);
        if (c.listen === "prerequest" && result.request) verdict.request = wire(result.request, false);
      }
      // A rejection no one handled is reported after the microtasks: wait for it before closing the case.
      setImmediate(() => {
        current = undefined;
        verdict.error = errorText(err) ?? (rejected.length ? `unhandled rejection (Newman's process exits): ${rejected[0]}` : null);
        // An error raised after the script returned (execution.error) is counted by postman-runtime only under
        // --bail folder (abortOnError): a Newman run passes the script. Kept apart, for the comparison to see.
        // (A script's own throw arrives both ways: as the result's error and as execution.error.)
        if (asyncError && !err) verdict.late = errorText(asyncError);
        done(verdict);
      });
    },
  );
}

function main(input) {
  const { cases } = JSON.parse(input);
  Sandbox.createContext({}, (err, context) => {
    if (err) throw err;
    // Errors the bridge reports outside any script: they would end a Newman run, so they show.
    context.on("error", (error) => process.stderr.write(`postman-sandbox: ${errorText(error)}\n`));
    const results = [];
    const next = (i) => {
      if (i === cases.length) {
        context.dispose();
        process.stdout.write(JSON.stringify({ results }));
        return;
      }
      // Which case is running, for the test to name if the oracle never ends (a script stuck in a loop).
      process.stderr.write(`@case ${i}\n`);
      runOne(context, cases[i], (first) =>
        runOne(context, cases[i], (second) => {
          results.push({ runs: [first, second] });
          next(i + 1);
        }),
      );
    };
    next(0);
  });
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => main(input));
