// The Environment editor's changes: a new environment becomes active only when
// none is, deleting the active one leaves none active, and the editor shows
// the picked, else the active, else the first environment.
import { describe, expect, it } from "vitest";
import {
  addEnvironment,
  addVariable,
  editEnvironment,
  editVariable,
  editedEnvironment,
  newEnvironment,
  removeEnvironment,
  removeVariable,
} from "#app/mockman/lib/environment-edits";
import { EMPTY_STATE, type Environment } from "#app/mockman/lib/environments";

const env = (id: string): Environment => ({ id, name: id, variables: [{ name: "a", value: "1", secret: false }] });

describe("the Environment editor's changes", () => {
  it("a new environment becomes active only when none is", () => {
    const first = addEnvironment(EMPTY_STATE, env("e1"));
    expect(first.activeId).toBe("e1");
    const second = addEnvironment(first, env("e2"));
    expect(second.environments.map((e) => e.id)).toEqual(["e1", "e2"]);
    expect(second.activeId).toBe("e1");
    expect(newEnvironment(2)).toMatchObject({ name: "Environment 3", variables: [{ name: "baseUrl", value: "", secret: false }] });
  });

  it("deleting the active environment leaves none active; deleting another keeps it", () => {
    const state = { environments: [env("e1"), env("e2")], activeId: "e1" };
    expect(removeEnvironment(state, "e1")).toEqual({ environments: [env("e2")], activeId: null });
    expect(removeEnvironment(state, "e2")).toEqual({ environments: [env("e1")], activeId: "e1" });
  });

  it("shows the picked environment, else the active one, else the first", () => {
    const state = { environments: [env("e1"), env("e2")], activeId: "e2" };
    expect(editedEnvironment(state, "e1")?.id).toBe("e1");
    expect(editedEnvironment(state, null)?.id).toBe("e2");
    expect(editedEnvironment(state, "deleted")?.id).toBe("e2");
    expect(editedEnvironment({ ...state, activeId: null }, null)?.id).toBe("e1");
    expect(editedEnvironment(EMPTY_STATE, null)).toBeUndefined();
  });

  it("edits one environment's variables by position", () => {
    const state = { environments: [env("e1"), env("e2")], activeId: null };
    const edited = editEnvironment(state, "e2", (e) => editVariable(addVariable(e), 1, { name: "token", secret: true }));
    expect(edited.environments[0]).toBe(state.environments[0]);
    expect(edited.environments[1].variables).toEqual([
      { name: "a", value: "1", secret: false },
      { name: "token", value: "", secret: true },
    ]);
    expect(removeVariable(edited.environments[1], 0).variables).toEqual([{ name: "token", value: "", secret: true }]);
  });
});
