// The corpus and what each case is run with: the same prepared case goes to the oracle
// (postman-sandbox, oracle.mjs) and to our sandbox (ours.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SCRIPT_TIMEOUT_MS } from "#mock/tester/sandbox/sandbox";

/** A variable as postman-collection lists it. */
export interface VariableJSON {
  key: string;
  value?: unknown;
  type?: string;
  disabled?: boolean;
}

/** A scope: a list of variables, or a VariableScope's JSON ({ values }). */
export type ScopeJSON = VariableJSON[] | { values?: VariableJSON[] };

/** One script and the context it runs in, as postman-sandbox's `execute` takes it. */
export interface Case {
  name: string;
  /** Where it came from: a postman-sandbox test file, or the difference it was added for. */
  from?: string;
  /** The event: a test script (default) or a pre-request script. */
  listen?: "test" | "prerequest";
  /** The script, a line a string (as a collection's `exec`), or one string. */
  script: string | string[];
  context?: {
    globals?: ScopeJSON;
    environment?: ScopeJSON;
    collectionVariables?: ScopeJSON;
    /** pm.variables' local scope. */
    _variables?: ScopeJSON;
    /** The iteration's data row. */
    data?: Record<string, unknown>;
    /** postman-collection's Request JSON (or a URL). */
    request?: unknown;
    /** postman-collection's Response JSON. */
    response?: unknown;
    /** pm.cookies: the cookies of the response. */
    cookies?: Array<{ name: string; value: string; [k: string]: unknown }>;
  };
  /** Which iteration of how many (pm.info). */
  cursor?: { iteration?: number; cycles?: number };
  /** The item's id and name (pm.info.requestId and requestName). */
  legacy?: { _itemId?: string; _itemName?: string };
  /** The script's time budget in ms, both sides (default DEFAULT_TIMEOUT). */
  timeout?: number;
}

/** A case with every default filled in: what both sides run. */
export interface PreparedCase {
  /** `file: name`: how a difference is reported. */
  id: string;
  file: string;
  name: string;
  listen: "test" | "prerequest";
  script: string;
  context: {
    globals: VariableJSON[];
    environment: VariableJSON[];
    collectionVariables: VariableJSON[];
    _variables: VariableJSON[];
    data: Record<string, unknown>;
    request: unknown;
    response?: unknown;
    cookies: Array<{ name: string; value: string; [k: string]: unknown }>;
  };
  cursor: { iteration: number; cycles: number };
  legacy: { _itemId: string; _itemName: string };
  timeout: number;
}

/** mockman's own budget for a script (Newman's is unlimited): a script that never ends stops there on both sides. */
export const DEFAULT_TIMEOUT = SCRIPT_TIMEOUT_MS;

/** The request of a case that names none. */
export const DEFAULT_REQUEST = {
  url: "https://postman-echo.com/get?source=mockman",
  method: "GET",
  header: [{ key: "Accept", value: "application/json" }],
};

/** The response of a test script whose case names none. */
export const DEFAULT_RESPONSE = {
  code: 200,
  status: "OK",
  header: [
    { key: "Content-Type", value: "application/json; charset=utf-8" },
    { key: "X-Request-Id", value: "r-1" },
  ],
  body: '{"ok":true,"items":[{"id":1,"name":"one"},{"id":2,"name":"two"}]}',
  responseTime: 12,
};

/**
 * A response as postman-runtime hands it to a script (requester.js: `new sdk.Response({ code, status,
 * header, stream, responseTime })`): its bytes as a stream, never a `body` text. A case written with
 * a text body (a unit test of postman-sandbox's, ours) is given to both tools that way.
 */
function asRuntimeHandsIt(response: unknown): unknown {
  const r = response as { body?: unknown; stream?: unknown } | null;
  if (!r || typeof r !== "object" || typeof r.body !== "string" || r.stream !== undefined) return response;
  const { body, ...rest } = r;
  return { ...rest, stream: { type: "Base64", data: Buffer.from(body as string, "utf8").toString("base64") } };
}

const listOf = (scope: ScopeJSON | undefined): VariableJSON[] => (Array.isArray(scope) ? scope : (scope?.values ?? []));

export function prepare(file: string, c: Case): PreparedCase {
  const listen = c.listen ?? "test";
  const context = c.context ?? {};
  return {
    id: `${file}: ${c.name}`,
    file,
    name: c.name,
    listen,
    script: Array.isArray(c.script) ? c.script.join("\n") : c.script,
    context: {
      globals: listOf(context.globals),
      environment: listOf(context.environment),
      collectionVariables: listOf(context.collectionVariables),
      _variables: listOf(context._variables),
      data: context.data ?? {},
      request: context.request ?? DEFAULT_REQUEST,
      ...(listen === "test" || context.response ? { response: asRuntimeHandsIt(context.response ?? DEFAULT_RESPONSE) } : {}),
      cookies: context.cookies ?? [],
    },
    cursor: { iteration: c.cursor?.iteration ?? 0, cycles: c.cursor?.cycles ?? 1 },
    legacy: { _itemId: c.legacy?._itemId ?? "request-id", _itemName: c.legacy?._itemName ?? "request-name" },
    timeout: c.timeout ?? DEFAULT_TIMEOUT,
  };
}

const CORPUS = join(import.meta.dirname, "corpus");

/** Every corpus file: the JSON extracted from postman-sandbox's tests, and ours (TypeScript modules exporting `cases`). */
export async function loadCorpus(): Promise<Map<string, PreparedCase[]>> {
  const files = new Map<string, PreparedCase[]>();
  const walk = async (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      const name = prefix + entry.name;
      if (entry.isDirectory()) await walk(full, `${name}/`);
      else if (entry.name.endsWith(".json"))
        files.set(
          name,
          (JSON.parse(readFileSync(full, "utf8")) as Case[]).map((c) => prepare(name, c)),
        );
      else if (entry.name.endsWith(".ts")) {
        const module = (await import(full)) as { cases: Case[] };
        files.set(
          name,
          module.cases.map((c) => prepare(name, c)),
        );
      }
    }
  };
  await walk(CORPUS, "");
  for (const [file, cases] of files) {
    const seen = new Set<string>();
    for (const c of cases) {
      if (seen.has(c.name)) throw new Error(`${file}: two cases named ${JSON.stringify(c.name)}`);
      seen.add(c.name);
    }
  }
  return files;
}
