// Environment files, read the same way by the page's Environments dialog and by
// `mockman replay` (-e, -g): a plain {"name": "value"} object, or a Postman
// environment or globals export; written as the Postman app exports them (the page).
// replay's --export-environment and --export-globals are postman-collection's (cli/exports.ts).
import { SERVE_URL } from "#mock/core/boundary";
import { castIn, setOwn, typedValue, variableTypeOf, type VariableType } from "./engine/variable-types";

/** A name a plain file may give (Postman's own exports may use any name but an empty one). */
export const VARIABLE_NAME = /^[A-Za-z0-9_.-]+$/;

export class EnvironmentFileError extends Error {}

export interface EnvVariable {
  name: string;
  value: string;
  /** Postman's `type: "secret"`: masked on the page and left out of its exports unless asked. */
  secret: boolean;
  /**
   * Read as Newman reads it (`as` "newman", a Postman export): the value as postman-collection's Variable
   * holds it, not text (3 stays 3, an object an object, null null; cast by `type` when it has one), and that type.
   */
  typed?: { value: unknown; type?: VariableType };
}

export interface EnvironmentFile {
  /** The name a Postman export gives itself; a plain file has none. */
  name?: string;
  variables: EnvVariable[];
  /**
   * Read as Newman reads it (`as` "newman"), a Postman export: the file's JSON, what postman-collection's
   * VariableScope is made of for Newman's --export-environment and --export-globals (cli/exports.ts).
   */
  json?: Record<string, unknown>;
}

/** A value as the variable holds it: text as it is, anything else as its JSON. */
export const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * Reads an environment file: `{"baseUrl": "http://127.0.0.1:3001"}`, or a Postman
 * export (`{"name", "values": [{key, value, type, enabled}]}`), a non-text value kept as its JSON text.
 * A value marked `disabled: true` is left out. One marked `enabled: false` (Postman's unticked row) is left
 * out as the Postman app leaves it out, unless `as` is "newman": Newman's VariableScope reads no `enabled`
 * and fills from it (`mockman replay` runs as Newman does). Throws an EnvironmentFileError saying what is
 * wrong ("not JSON: …", "… is not a variable name").
 */
export function readEnvironmentFile(text: string, as: "postman" | "newman" = "postman"): EnvironmentFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EnvironmentFileError(`not JSON: ${(error as Error).message}`);
  }
  if (!json || typeof json !== "object" || Array.isArray(json))
    throw new EnvironmentFileError(`not a JSON object of names and values, e.g. {"baseUrl": "${SERVE_URL}"}`);
  const record = json as Record<string, unknown>;
  if (!Array.isArray(record.values)) {
    const variables = Object.entries(record).map(([name, value]) => {
      if (!VARIABLE_NAME.test(name))
        throw new EnvironmentFileError(`${JSON.stringify(name)} is not a variable name (letters, digits, _ . -)`);
      if (value !== null && typeof value === "object") throw new EnvironmentFileError(`${name} must be a string, number or boolean`);
      return { name, value: asText(value ?? ""), secret: false };
    });
    return { variables };
  }
  const variables = (record.values as unknown[]).flatMap((raw, i) => {
    if (!raw || typeof raw !== "object") throw new EnvironmentFileError(`values[${i}] is not an object with a key and a value`);
    const v = raw as { key?: unknown; value?: unknown; type?: unknown; enabled?: unknown; disabled?: unknown };
    if (v.disabled === true || (v.enabled === false && as === "postman")) return [];
    const name = String(v.key ?? "");
    if (!name) throw new EnvironmentFileError(`values[${i}] has no key`);
    const variable: EnvVariable = { name, value: asText(v.value ?? ""), secret: v.type === "secret" };
    if (as === "newman") {
      const type = variableTypeOf(v.type);
      variable.typed = { value: type ? typedValue(type, v.value) : v.value === undefined ? "" : v.value, ...(type && { type }) };
    }
    return [variable];
  });
  const name = typeof record.name === "string" && record.name.trim() ? record.name.trim() : undefined;
  return { name, variables, ...(as === "newman" && { json: record }) };
}

/** The variables of a file by name, a later one winning. */
export function variablesOfFile(file: EnvironmentFile): Record<string, string> {
  return Object.fromEntries(file.variables.map((v) => [v.name, v.value]));
}

/**
 * The variables of a file by name as Newman's scripts read them (a later one winning): each value typed as
 * the file wrote it (`typed`, read as "newman"), and the types of those that have one.
 */
export function typedVariablesOfFile(file: EnvironmentFile): { values: Record<string, unknown>; types: Record<string, VariableType> } {
  const values: Record<string, unknown> = {};
  const types: Record<string, VariableType> = {};
  for (const v of file.variables) {
    setOwn(values, v.name, v.typed ? v.typed.value : v.value);
    if (v.typed?.type) setOwn(types, v.name, v.typed.type);
    else delete types[v.name];
  }
  return { values, types };
}

/** Postman's environment or globals file, as the Postman app exports one (the page's Environments dialog). */
export function toPostmanFile(
  name: string,
  scope: "environment" | "globals",
  variables: Array<{ name: string; value: unknown; secret?: boolean; type?: VariableType }>,
): string {
  const json = {
    name,
    // A value of another type (a script's number, object or array) keeps it, typed `any`, as Newman exports it;
    // a variable with a type (variable-types.ts) is written with it, its value as the Variable stores it.
    values: variables.map((v) =>
      v.type
        ? { key: v.name, value: castIn(v.type, v.value), type: v.type, enabled: true }
        : {
            key: v.name,
            value: typeof v.value === "string" || v.value === undefined || typeof v.value === "function" ? asText(v.value ?? "") : v.value,
            type: v.secret ? "secret" : typeof v.value === "string" || v.value === undefined ? "default" : "any",
            enabled: true,
          },
    ),
    _postman_variable_scope: scope,
  };
  return JSON.stringify(json, null, 2) + "\n";
}
