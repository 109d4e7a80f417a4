// The Environment editor's changes as plain functions of the state: add,
// delete, rename and edit variables. The dialog's hook only applies them.
import { newEnvironmentId, type Environment, type EnvVariable, type EnvironmentState } from "./environments";

export const blankVariable = (): EnvVariable => ({ name: "", value: "", secret: false });

/** A new environment, named by its place in the list, with an empty baseUrl to fill. */
export const newEnvironment = (count: number): Environment => ({
  id: newEnvironmentId(),
  name: `Environment ${count + 1}`,
  variables: [{ name: "baseUrl", value: "", secret: false }],
});

/** The environment the editor shows: the one picked, else the active one, else the first (undefined when there are none). */
export function editedEnvironment(state: EnvironmentState, editingId: string | null): Environment | undefined {
  return (
    state.environments.find((e) => e.id === editingId) ?? state.environments.find((e) => e.id === state.activeId) ?? state.environments[0]
  );
}

/** An environment added at the end; it becomes active only when none is. */
export function addEnvironment(state: EnvironmentState, environment: Environment): EnvironmentState {
  return { ...state, environments: [...state.environments, environment], activeId: state.activeId ?? environment.id };
}

/** An environment deleted; when it was active, none is. */
export function removeEnvironment(state: EnvironmentState, id: string): EnvironmentState {
  return { ...state, environments: state.environments.filter((e) => e.id !== id), activeId: state.activeId === id ? null : state.activeId };
}

export function editEnvironment(state: EnvironmentState, id: string, edit: (environment: Environment) => Environment): EnvironmentState {
  return { ...state, environments: state.environments.map((e) => (e.id === id ? edit(e) : e)) };
}

export const editVariable = (environment: Environment, index: number, edit: Partial<EnvVariable>): Environment => ({
  ...environment,
  variables: environment.variables.map((v, i) => (i === index ? { ...v, ...edit } : v)),
});

export const removeVariable = (environment: Environment, index: number): Environment => ({
  ...environment,
  variables: environment.variables.filter((_, i) => i !== index),
});

export const addVariable = (environment: Environment): Environment => ({
  ...environment,
  variables: [...environment.variables, blankVariable()],
});
