// The variables a replay fills `{{name}}` with: the collection's own
// `variables`, then `-e/--environment FILE`, then each `--env-var NAME=VALUE`,
// later ones winning, as Postman's collection < environment < CLI order; and
// the globals (`-g FILE`, `--global-var`), read the same way.
import type { Variables } from "#mock/tester/collection/templates";
import { EnvironmentFileError, readEnvironmentFile, typedVariablesOfFile } from "#mock/tester/environments";
import { setOwn, typedValue, type VariableType } from "#mock/tester/engine/variable-types";
import { usageError } from "./errors";
import { readSource } from "./inputs";
import type { ScopeStart } from "./exports";
import type { CliIo } from "./io";

export type { Variables };

/** Variables by name, and the types of those that have one (variable-types.ts). */
export interface TypedVariables {
  values: Record<string, unknown>;
  types: Record<string, VariableType>;
}

/** A scope as a run starts with it, and where its export starts (cli/exports.ts). */
export interface LoadedScope extends TypedVariables {
  start: ScopeStart;
}

/**
 * An env file: `{"baseUrl": "http://127.0.0.1:3001", "user": "guest"}`, or a
 * Postman environment or globals export, as Newman reads it (mock/tester/environments.ts): a Postman
 * export's values keep their JSON type (3 is a number to scripts), cast by a variable's own type.
 */
export function parseEnvFile(text: string, file: string, flag = "--env"): TypedVariables & { json: Record<string, unknown> } {
  try {
    const read = readEnvironmentFile(text, "newman");
    // A plain file is a scope of its variables as the run reads them (Newman would read none of them: it reads `values`).
    const json = read.json ?? { values: read.variables.map((v) => ({ key: v.name, value: v.value })) };
    return { ...typedVariablesOfFile(read), json };
  } catch (error) {
    if (error instanceof EnvironmentFileError) throw usageError(`${flag} ${file}: ${error.message}`);
    throw error;
  }
}

export function parseEnvVar(raw: string, flag = "--env-var"): [string, string] {
  const eq = raw.indexOf("=");
  const name = eq < 0 ? "" : raw.slice(0, eq);
  // Any name Newman takes (up to the first '='): Postman's names may hold spaces and signs.
  if (!name) throw usageError(`${flag} ${raw}: write it as NAME=VALUE`);
  return [name, raw.slice(eq + 1)];
}

/** A file's variables, then each NAME=VALUE set on them as Newman sets it (VariableScope#set: cast by the file's type). */
async function loadScope(
  io: CliIo,
  file: { path?: string; what: string; flag?: string },
  pairs: string[] = [],
  flag: string,
): Promise<LoadedScope> {
  const read = file.path ? parseEnvFile(await readSource(io, file.path, file.what), file.path, file.flag) : undefined;
  const scope: LoadedScope = { values: read?.values ?? {}, types: read?.types ?? {}, start: { file: read?.json, sets: [] } };
  for (const raw of pairs) {
    const [name, value] = parseEnvVar(raw, flag);
    setOwn(scope.values, name, typedValue(Object.hasOwn(scope.types, name) ? scope.types[name] : undefined, value));
    scope.start.sets.push([name, value]);
  }
  return scope;
}

/** -g FILE then each --global-var NAME=VALUE. */
export const loadGlobals = (io: CliIo, options: { globals?: string; globalVar?: string[] }): Promise<LoadedScope> =>
  loadScope(io, { path: options.globals, what: "--globals file", flag: "--globals" }, options.globalVar, "--global-var");

/** -e FILE then each --env-var NAME=VALUE. */
export const loadVariables = (io: CliIo, options: { env?: string; envVar?: string[] }): Promise<LoadedScope> =>
  loadScope(io, { path: options.env, what: "--env file" }, options.envVar, "--env-var");
