// Named environments of variables ({{baseUrl}}, {{token}}) for the page, kept
// in IndexedDB of their own. Files are what `mockman replay --env` reads: a
// plain {"name": "value"} object, or a Postman environment export, read and
// written by mock/tester/environments.ts as the CLI does.
import Dexie, { type Table } from "dexie";
import { readEnvironmentFile, toPostmanFile, type EnvVariable } from "#mock/tester/environments";
import type { Variables } from "./variables";

export { EnvironmentFileError, VARIABLE_NAME, type EnvVariable } from "#mock/tester/environments";

export const ENVIRONMENTS_DATABASE = "mockman-environments";

export interface Environment {
  id: string;
  name: string;
  variables: EnvVariable[];
}

export interface EnvironmentState {
  environments: Environment[];
  activeId: string | null;
  /** Postman's globals (pm.globals): what a Run's or a Send's scripts left there, read by the next ones. */
  globals?: Record<string, string>;
}

export const EMPTY_STATE: EnvironmentState = { environments: [], activeId: null };

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

/** Reads an environment file (mock/tester/environments.ts) as a new environment, named as the file names itself or after the file. */
export function parseEnvironmentFile(text: string, fileName: string): Environment {
  const file = readEnvironmentFile(text);
  const name = file.name ?? fileName.replace(/(\.postman_environment|\.env)?\.json$/i, "");
  return { id: newEnvironmentId(), name: name || "Imported", variables: file.variables };
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
  const variables = environment.variables
    .filter((v) => v.name.trim())
    .map((v) => {
      const hide = v.secret && !includeSecrets;
      if (hide) withheld.push(v.name);
      return { name: v.name.trim(), value: hide ? "" : v.value, secret: v.secret };
    });
  const text = toPostmanFile(environment.name, "environment", variables);
  return { text, fileName: `${fileBase(environment.name)}.postman_environment.json`, withheld };
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
    return found ? { environments: found.environments, activeId: found.activeId, globals: found.globals ?? {} } : EMPTY_STATE;
  }

  async save(state: EnvironmentState): Promise<void> {
    await this.state.put({ key: "environments", ...state });
  }
}
