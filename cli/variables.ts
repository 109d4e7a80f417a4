// The variables a replay fills `{{name}}` with: the collection's own
// `variables`, then `-e/--environment FILE`, then each `--env-var NAME=VALUE`,
// later ones winning, as Postman's collection < environment < CLI order; and
// the globals (`-g FILE`, `--global-var`), read the same way.
import type { Variables } from "#mock/tester/collection/templates";
import { EnvironmentFileError, VARIABLE_NAME, readEnvironmentFile, variablesOfFile } from "#mock/tester/environments";
import { usageError } from "./errors";
import { readSource } from "./inputs";
import type { CliIo } from "./io";

export type { Variables };

/**
 * An env file: `{"baseUrl": "http://127.0.0.1:3001", "user": "guest"}`, or a
 * Postman environment or globals export, as Newman reads it (mock/tester/environments.ts).
 */
export function parseEnvFile(text: string, file: string, flag = "--env"): Variables {
  try {
    return variablesOfFile(readEnvironmentFile(text, "newman"));
  } catch (error) {
    if (error instanceof EnvironmentFileError) throw usageError(`${flag} ${file}: ${error.message}`);
    throw error;
  }
}

export function parseEnvVar(raw: string, flag = "--env-var"): [string, string] {
  const eq = raw.indexOf("=");
  const name = eq < 0 ? "" : raw.slice(0, eq);
  if (!VARIABLE_NAME.test(name)) throw usageError(`${flag} ${raw}: write it as NAME=VALUE (a name is letters, digits, _ . -)`);
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
