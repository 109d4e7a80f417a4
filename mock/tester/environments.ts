// Environment files, read and written the same way by the page's Environments
// dialog and by `mockman replay` (-e, -g, --export-environment, --export-globals):
// a plain {"name": "value"} object, or a Postman environment or globals export.
import { SERVE_URL } from "#mock/core/boundary";
import { castIn, typedValue, variableTypeOf, type VariableType } from "./engine/variable-types";

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
  /** Read as Newman reads it (`as` "newman"), a Postman export: what Newman's export of it keeps (newmanExport). */
  scope?: ScopeFile;
}

/**
 * What Newman's --export-environment and --export-globals keep of the file it read, postman-collection's
 * VariableScope of it: its `_`-prefixed fields (under `_`, each with its leading underscores taken off, as
 * PropertyBase keeps them), its id and name, and its variables in order, by key. A row no script reads is
 * `frozen`, written back as it was: a disabled one, and one a later row of the same key hides.
 */
export interface ScopeFile {
  meta?: Record<string, unknown>;
  id?: unknown;
  name?: unknown;
  rows: Array<{ key: string; frozen?: NewmanVariable }>;
}

/** A variable as postman-collection's Variable#toJSON writes it (Newman's exports): no `enabled`, type `any` unless it has one. */
interface NewmanVariable {
  disabled?: true;
  type: string;
  value?: unknown;
  key: string;
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
  const rows: ScopeFile["rows"] = [];
  // Each row scripts may read, with its own value: frozen with it when a later row of its key hides it.
  const own = new Map<ScopeFile["rows"][number], NewmanVariable>();
  const variables = (record.values as unknown[]).flatMap((raw, i) => {
    if (!raw || typeof raw !== "object") throw new EnvironmentFileError(`values[${i}] is not an object with a key and a value`);
    const v = raw as { key?: unknown; value?: unknown; type?: unknown; enabled?: unknown; disabled?: unknown };
    const type = variableTypeOf(v.type);
    // Newman keeps a disabled variable (none of its scripts reads it) and writes it back as it was.
    if (v.disabled === true && as === "newman" && v.key !== undefined && v.key !== null && String(v.key))
      rows.push({ key: String(v.key), frozen: newmanVariable(String(v.key), v.value, type, true) });
    if (v.disabled === true || (v.enabled === false && as === "postman")) return [];
    const name = String(v.key ?? "");
    if (!name) throw new EnvironmentFileError(`values[${i}] has no key`);
    const variable: EnvVariable = { name, value: asText(v.value ?? ""), secret: v.type === "secret" };
    if (as === "newman") {
      variable.typed = { value: type ? typedValue(type, v.value) : v.value === undefined ? "" : v.value, ...(type && { type }) };
      // A row a later one of its key hides keeps its own value: scripts read and set the last one.
      for (const row of rows) if (row.key === name && !row.frozen) row.frozen = own.get(row);
      const row = { key: name };
      own.set(row, newmanVariable(name, variable.typed.value, type));
      rows.push(row);
    }
    return [variable];
  });
  const name = typeof record.name === "string" && record.name.trim() ? record.name.trim() : undefined;
  if (as === "postman") return { name, variables };
  const meta = Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => key.startsWith("_") && key !== "_")
      .map(([key, value]) => [key.replace(/^_+/, ""), value]),
  );
  const scope: ScopeFile = {
    ...(Object.keys(meta).length ? { meta } : {}),
    ...(record.id ? { id: record.id } : {}),
    ...(record.name ? { name: record.name } : {}),
    rows,
  };
  return { name, variables, scope };
}

/** A variable as Newman writes it: its value cast in by its type (as the Variable stores it), none when undefined. */
function newmanVariable(key: string, value: unknown, type: VariableType | undefined, disabled = false): NewmanVariable {
  return {
    ...(disabled ? { disabled: true as const } : {}),
    type: type ?? "any",
    ...(value !== undefined ? { value: type ? castIn(type, value) : value } : {}),
    key,
  };
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
    values[v.name] = v.typed ? v.typed.value : v.value;
    if (v.typed?.type) types[v.name] = v.typed.type;
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

/**
 * A scope as Newman's --export-environment and --export-globals write it (newman/lib/run/index.js): the
 * VariableScope's JSON (its file's `_` fields, id, name; each variable `{type, value, key}`, `any` unless typed,
 * in the file's order, then those the run added), a name of `scope` when the file gave none, and the stamps.
 * No file, or a plain one: a new id, as postman-collection gives a scope without one.
 */
export function newmanExport(
  scope: "environment" | "globals",
  file: ScopeFile | undefined,
  values: Record<string, unknown>,
  types: Partial<Record<string, VariableType>>,
  exportedUsing: string,
): string {
  const written = new Set<string>();
  const live = (key: string) => {
    written.add(key);
    return newmanVariable(key, values[key], Object.hasOwn(types, key) ? types[key] : undefined);
  };
  const list: NewmanVariable[] = [];
  for (const row of file?.rows ?? [])
    if (row.frozen) list.push(row.frozen);
    else if (Object.hasOwn(values, row.key) && !written.has(row.key)) list.push(live(row.key));
  for (const key of Object.keys(values)) if (!written.has(key)) list.push(live(key));
  const json = {
    ...(file?.meta && { _: file.meta }),
    id: file?.id || file?.meta?.postman_id || globalThis.crypto.randomUUID(),
    ...(file?.name ? { name: file.name } : {}),
    values: list,
    ...(file?.name ? {} : { name: scope }),
    _postman_variable_scope: scope,
    _postman_exported_at: new Date().toISOString(),
    _postman_exported_using: exportedUsing,
  };
  return JSON.stringify(json, null, 2) + "\n";
}
