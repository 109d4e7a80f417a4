// Named environments of variables ({{baseUrl}}, {{token}}) for the page, kept
// in IndexedDB of their own. Files are what `mockman replay --env` reads: a
// plain {"name": "value"} object, or a Postman environment export.
import Dexie, { type Table } from "dexie";
import type { Variables } from "./variables";

export const ENVIRONMENTS_DATABASE = "mockman-environments";

export interface EnvVariable {
  name: string;
  value: string;
  /** Masked on screen and left out of exports unless asked. */
  secret: boolean;
}

export interface Environment {
  id: string;
  name: string;
  variables: EnvVariable[];
}

export interface EnvironmentState {
  environments: Environment[];
  activeId: string | null;
}

export const EMPTY_STATE: EnvironmentState = { environments: [], activeId: null };

/** What `mockman replay --env` accepts as a variable name. */
export const VARIABLE_NAME = /^[A-Za-z0-9_.-]+$/;

export class EnvironmentFileError extends Error {}

let counter = 0;
export const newEnvironmentId = () => `env-${Date.now().toString(36)}-${(++counter).toString(36)}`;

export const activeEnvironment = (state: EnvironmentState) => state.environments.find((e) => e.id === state.activeId) ?? null;

/** The variables a request is filled from: the active environment's rows with a name (a later row wins). */
export function variablesOf(environment: Environment | null): Variables {
  const variables: Variables = {};
  for (const v of environment?.variables ?? []) if (v.name.trim()) variables[v.name.trim()] = v.value;
  return variables;
}

export const MASK = "••••••";

/** The same variables with each secret's value masked, for what the page shows (the resolved URL). */
export function maskedVariablesOf(environment: Environment | null): Variables {
  const variables = variablesOf(environment);
  for (const v of environment?.variables ?? []) if (v.secret && v.name.trim()) variables[v.name.trim()] = MASK;
  return variables;
}

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * Reads an environment file: `{"baseUrl": "http://127.0.0.1:3001"}` or a
 * Postman environment (`{"name", "values": [{key, value, type, enabled}]}`,
 * `type: "secret"` kept as secret, disabled values left out as Postman does).
 */
export function parseEnvironmentFile(text: string, fileName: string): Environment {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new EnvironmentFileError(`not JSON (${(error as Error).message})`);
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) {
    throw new EnvironmentFileError('it must be a JSON object of names and values, e.g. {"baseUrl": "http://127.0.0.1:3001"}');
  }
  const record = json as Record<string, unknown>;
  const postman = Array.isArray(record.values);
  const rows: Array<{ name: string; value: unknown; secret: boolean }> = postman
    ? (record.values as unknown[]).flatMap((raw, i) => {
        if (!raw || typeof raw !== "object") throw new EnvironmentFileError(`values[${i}] is not an object with a key and a value`);
        const v = raw as { key?: unknown; value?: unknown; type?: unknown; enabled?: unknown };
        if (v.enabled === false) return [];
        return [{ name: String(v.key ?? ""), value: v.value ?? "", secret: v.type === "secret" }];
      })
    : Object.entries(record).map(([name, value]) => ({ name, value, secret: false }));
  const variables = rows.map((row) => {
    if (!VARIABLE_NAME.test(row.name))
      throw new EnvironmentFileError(`${JSON.stringify(row.name)} is not a variable name (letters, digits, _ . -)`);
    if (row.value !== null && typeof row.value === "object")
      throw new EnvironmentFileError(`${row.name} must be a string, number or boolean`);
    return { name: row.name, value: asText(row.value ?? ""), secret: row.secret };
  });
  const named =
    postman && typeof record.name === "string" && record.name.trim()
      ? record.name.trim()
      : fileName.replace(/(\.postman_environment|\.env)?\.json$/i, "");
  return { id: newEnvironmentId(), name: named || "Imported", variables };
}

export interface ExportedFile {
  text: string;
  fileName: string;
  /** Secrets whose values were left out. */
  withheld: string[];
}

const fileBase = (name: string) => name.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^-+|-+$/g, "") || "environment";

/** The environment as `mockman replay --env` reads it; a withheld secret is left out, so replay names it instead of sending "". */
export function toEnvFile(environment: Environment, includeSecrets: boolean): ExportedFile {
  const out: Record<string, string> = {};
  const withheld: string[] = [];
  for (const v of environment.variables) {
    if (!v.name.trim()) continue;
    if (v.secret && !includeSecrets) withheld.push(v.name);
    else out[v.name.trim()] = v.value;
  }
  return { text: JSON.stringify(out, null, 2) + "\n", fileName: `${fileBase(environment.name)}.env.json`, withheld };
}

/** The environment as a Postman environment file; a withheld secret keeps its name and type with an empty value. */
export function toPostmanEnvironment(environment: Environment, includeSecrets: boolean): ExportedFile {
  const withheld: string[] = [];
  const values = environment.variables
    .filter((v) => v.name.trim())
    .map((v) => {
      const hide = v.secret && !includeSecrets;
      if (hide) withheld.push(v.name);
      return { key: v.name.trim(), value: hide ? "" : v.value, type: v.secret ? "secret" : "default", enabled: true };
    });
  const json = { name: environment.name, values, _postman_variable_scope: "environment" };
  return { text: JSON.stringify(json, null, 2) + "\n", fileName: `${fileBase(environment.name)}.postman_environment.json`, withheld };
}

/** The environments and which one is active, one record in a database of their own. */
export class EnvironmentStore {
  private db: Dexie;
  private state: Table<EnvironmentState & { key: string }, string>;

  constructor(name = ENVIRONMENTS_DATABASE) {
    this.db = new Dexie(name);
    this.db.version(1).stores({ state: "key" });
    this.state = this.db.table("state");
  }

  async load(): Promise<EnvironmentState> {
    const found = await this.state.get("environments");
    return found ? { environments: found.environments, activeId: found.activeId } : EMPTY_STATE;
  }

  async save(state: EnvironmentState): Promise<void> {
    await this.state.put({ key: "environments", ...state });
  }
}
