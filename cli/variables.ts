// The variables a replay fills `{{name}}` with: the collection's own
// `variables`, then `-e/--environment FILE`, then each `--env-var NAME=VALUE`,
// later ones winning, as Postman's collection < environment < CLI order; and
// the globals (`-g FILE`, `--global-var`), read the same way.
import { SERVE_URL } from "#mock/core/boundary";
import type { Variables } from "#mock/tester/collection/templates";
import { parseJsonFile } from "#mock/data/export-file";
import { isObject } from "#mock/core/types";
import { usageError } from "./errors";
import { readSource } from "./inputs";
import type { CliIo } from "./io";

export type { Variables };

const NAME = /^[A-Za-z0-9_.-]+$/;

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * An env file: `{"baseUrl": "http://127.0.0.1:3001", "user": "guest"}`, or a
 * Postman environment export (`{"values": [{"key", "value", "enabled"}]}`).
 */
export function parseEnvFile(text: string, file: string, flag = "--env"): Variables {
  let json: unknown;
  try {
    json = parseJsonFile(text);
  } catch (error) {
    throw usageError(`${flag} ${file} is ${(error as Error).message}. Write it as {"baseUrl": "${SERVE_URL}"}`);
  }
  if (!isObject(json)) throw usageError(`${flag} ${file} must be a JSON object of names and values, e.g. {"baseUrl": "${SERVE_URL}"}`);
  const record = json as Record<string, unknown>;
  // A Postman environment or globals export: its keys are Postman's, any text but empty.
  const exported = Array.isArray(record.values);
  const pairs: Array<[string, unknown]> = exported
    ? (record.values as Array<{ key?: unknown; value?: unknown; enabled?: unknown }>)
        .filter((v) => v && v.enabled !== false)
        .map((v) => [String(v.key ?? ""), v.value ?? ""])
    : Object.entries(record);
  const variables: Variables = {};
  for (const [name, value] of pairs) {
    if (exported ? !name : !NAME.test(name))
      throw usageError(`${flag} ${file}: ${JSON.stringify(name)} is not a variable name (letters, digits, _ . -)`);
    if (value !== null && typeof value === "object") {
      if (!exported) throw usageError(`${flag} ${file}: ${name} must be a string, number or boolean`);
      variables[name] = JSON.stringify(value);
    } else variables[name] = asText(value);
  }
  return variables;
}

export function parseEnvVar(raw: string, flag = "--env-var"): [string, string] {
  const eq = raw.indexOf("=");
  const name = eq < 0 ? "" : raw.slice(0, eq);
  if (!NAME.test(name)) throw usageError(`${flag} ${raw}: write it as NAME=VALUE (a name is letters, digits, _ . -)`);
  return [name, raw.slice(eq + 1)];
}

/** -g FILE then each --global-var NAME=VALUE. */
export async function loadGlobals(io: CliIo, options: { globals?: string; globalVar?: string[] }): Promise<Variables> {
  const variables: Variables = {};
  if (options.globals)
    Object.assign(variables, parseEnvFile(await readSource(io, options.globals, "--globals file"), options.globals, "--globals"));
  for (const raw of options.globalVar ?? []) {
    const [name, value] = parseEnvVar(raw, "--global-var");
    variables[name] = value;
  }
  return variables;
}

export async function loadVariables(
  io: CliIo,
  options: { env?: string; envVar?: string[] },
  defaults: Variables | undefined,
): Promise<Variables> {
  const variables: Variables = { ...defaults };
  if (options.env) Object.assign(variables, parseEnvFile(await readSource(io, options.env, "--env file"), options.env));
  for (const raw of options.envVar ?? []) {
    const [name, value] = parseEnvVar(raw);
    variables[name] = value;
  }
  return variables;
}
