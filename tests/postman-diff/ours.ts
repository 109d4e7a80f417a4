// Our side: each prepared case through mockman's ScriptSandbox, as the engine
// (mock/tester/engine/postman-run.ts) calls it, and what came out in the oracle's terms.
// The case's request, response and variables are read with postman-collection, the
// library the oracle reads them with, so both sides start from the same values.
import { createRequire } from "node:module";
import {
  ScriptSandbox,
  type ScopeName,
  type ScriptInput,
  type ScriptRequest,
  type ScriptResponse,
  type OutgoingScriptRequest,
} from "#mock/tester/sandbox/sandbox";
import type { PreparedCase, VariableJSON } from "./cases";
import type { Sent, Verdict } from "./compare";
import { formDataBody } from "#cli/form-data";

import { answerFor as answer, errorOf } from "./answer.mjs";
import { wire } from "./wire.mjs";

const require = createRequire(import.meta.url);
const sdk = require("postman-collection");
const answerFor = answer as (
  request: Sent,
) => { error: string; fields?: Record<string, unknown> } | (ScriptResponse & { error?: undefined });

/** Typed values as postman-collection gives them (a `number` variable's "2" is 2). */
const scope = (values: VariableJSON[]): Record<string, unknown> => new sdk.VariableScope({ values }).toObject();

function requestOf(c: PreparedCase): ScriptRequest {
  const request = new sdk.Request(c.context.request);
  const body = request.body;
  const mode: string = body && !body.disabled && body.mode ? body.mode : "none";
  const definition = (c.context.request && typeof c.context.request === "object" ? c.context.request : request.toJSON()) as Record<
    string,
    unknown
  >;
  // `definition`: the request as postman-collection's JSON, as the engine gives it to a sandbox
  // that reads it (one that does not ignores it).
  const script: ScriptRequest & { definition?: Record<string, unknown> } = {
    definition,
    id: c.legacy._itemId,
    name: c.legacy._itemName,
    method: request.method,
    url: request.url.toString(),
    headers: request.headers
      .all()
      .filter((h: any) => !h.disabled)
      .map((h: any) => [String(h.key), String(h.value ?? "")] as [string, string]),
    body: mode === "raw" && body.raw !== undefined && body.raw !== "" ? String(body.raw) : null,
  };
  return script;
}

function responseOf(c: PreparedCase): ScriptResponse | undefined {
  if (!c.context.response) return undefined;
  const response = new sdk.Response(c.context.response);
  return {
    code: response.code,
    status: response.reason() ?? response.status ?? "",
    headers: response.headers.all().map((h: any) => [String(h.key), String(h.value ?? "")] as [string, string]),
    body: response.text() ?? "",
    responseTime: response.responseTime ?? 0,
  };
}

export function inputOf(c: PreparedCase): ScriptInput {
  const scopes = {
    globals: scope(c.context.globals),
    environment: scope(c.context.environment),
    collectionVariables: scope(c.context.collectionVariables),
    local: scope(c.context._variables),
    data: { ...c.context.data },
  };
  return {
    script: c.script,
    scopes,
    request: requestOf(c),
    response: responseOf(c),
    info: {
      eventName: c.listen,
      iteration: c.cursor.iteration,
      iterationCount: c.cursor.cycles,
      requestName: c.legacy._itemName,
      requestId: c.legacy._itemId,
    },
    cookies: c.context.cookies.map((cookie) => ({ name: String(cookie.name), value: String(cookie.value) })),
    timeoutMs: c.timeout,
  };
}

const shown = (value: unknown) => (value === undefined ? "undefined" : JSON.stringify(value));
const shownScope = (values: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, shown(v)]));
/** A multipart body as the comparison reads it: one name=value a part (boundaries differ from run to run). */
function wireBody(request: OutgoingScriptRequest): string | null {
  const type = request.headers.find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
  const boundary = type.match(/^multipart\/form-data;\s*boundary=(.+)$/i)?.[1];
  if (!boundary || request.body === null) return request.body;
  return request.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const name = part.match(/name="([^"]*)"/)?.[1] ?? "";
      const value = part.slice(part.indexOf("\r\n\r\n") + 4).replace(/\r\n$/, "");
      return `${name}=${value}`;
    })
    .join("\n");
}
const wireHeaders = (headers: Array<[string, string]>): Array<[string, string]> =>
  headers.map(([k, v]) => [k, /^multipart\/form-data;/i.test(v) ? "multipart/form-data" : v]);

/** Runs every case in one sandbox, as one run of the engine does. */
export async function runOurs(cases: PreparedCase[]): Promise<Verdict[]> {
  const sandbox = await ScriptSandbox.create();
  const verdicts: Verdict[] = [];
  try {
    for (const c of cases) {
      const sent: Sent[] = [];
      const input = inputOf(c);
      let outcome;
      try {
        outcome = await sandbox.run(input, `${c.listen} script`, {
          sendRequest: async (request) => {
            const wire: Sent = {
              method: request.method,
              url: request.url,
              headers: wireHeaders(request.headers),
              body: wireBody(request),
            };
            sent.push(wire);
            const answer = answerFor(wire);
            if (answer.error !== undefined) throw errorOf(answer);
            return answer;
          },
          // A formdata body written as the CLI writes it: postman-request's form-data.
          multipart: formDataBody,
        });
      } catch (error) {
        // The sandbox promises never to throw for what a script does: say so as the case's error.
        verdicts.push({
          assertions: [],
          error: `the sandbox threw: ${(error as Error).message}`,
          variables: {},
          sent,
          skip: false,
        });
        continue;
      }
      const variables: Verdict["variables"] = {};
      for (const name of ["globals", "environment", "collectionVariables", "local", "data"] as ScopeName[])
        variables[name] = shownScope(outcome.scopes[name]);
      const verdict: Verdict = {
        assertions: outcome.assertions.map((a) => ({ name: a.name, passed: a.passed, skipped: a.skipped, error: a.error ?? null })),
        error: outcome.error,
        ...(outcome.late ? { late: outcome.late[0] } : {}),
        variables,
        sent,
        skip: outcome.skip,
      };
      if (outcome.nextSet) verdict.next = shown(outcome.next);
      // pm.request after a pre-request script: read from its postman-collection JSON as the
      // oracle's is, when our sandbox gives it; else from the flat fields.
      const after = outcome.request as (typeof outcome.request & { definition?: Record<string, unknown> }) | null;
      if (c.listen === "prerequest" && after)
        verdict.request = after.definition
          ? (wire(after.definition, false) as Sent)
          : { method: after.method, url: after.url, headers: outcome.headers, body: after.body };
      verdicts.push(verdict);
    }
  } finally {
    sandbox.dispose();
  }
  return verdicts;
}
