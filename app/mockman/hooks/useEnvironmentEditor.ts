// The Environment editor's own state: which environment it shows, whether
// secrets are shown and exported, and what it last said. Said inside the
// dialog: while it is open the page's own status line is inert.
import { useState } from "react";
import { downloadText } from "#app/lib/download";
import {
  addEnvironment,
  addVariable,
  editEnvironment,
  editVariable,
  editedEnvironment,
  newEnvironment,
  removeEnvironment,
  removeVariable,
} from "../lib/environment-edits";
import { parseEnvironmentFile, type Environment, type EnvVariable, type ExportedFile } from "../lib/environments";
import { useNotice } from "./useNotice";
import type { Environments } from "./useEnvironments";

export function useEnvironmentEditor({ state, update }: Environments) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [showSecrets, setShowSecrets] = useState(false);
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const { notice, say } = useNotice();
  const editing = editedEnvironment(state, editingId);

  const change = (id: string, edit: (environment: Environment) => Environment) => update((s) => editEnvironment(s, id, edit));
  const add = (environment: Environment) => {
    update((s) => addEnvironment(s, environment));
    setEditingId(environment.id);
  };

  return {
    editing,
    environments: state.environments,
    notice,
    say,
    showSecrets,
    setShowSecrets,
    includeSecrets,
    setIncludeSecrets,
    pick: setEditingId,
    addNew: () => add(newEnvironment(state.environments.length)),
    remove(environment: Environment) {
      update((s) => removeEnvironment(s, environment.id));
      setEditingId(null);
      say(`Deleted the environment "${environment.name}".`);
    },
    rename: (id: string, name: string) => change(id, (env) => ({ ...env, name })),
    editVariable: (index: number, edit: Partial<EnvVariable>) => editing && change(editing.id, (e) => editVariable(e, index, edit)),
    removeVariable: (index: number) => editing && change(editing.id, (e) => removeVariable(e, index)),
    addVariable: () => editing && change(editing.id, addVariable),
    /** Reads an environment file into a new environment; the message is what FileImport says. */
    importText(text: string, fileName: string) {
      const environment = parseEnvironmentFile(text, fileName);
      add(environment);
      return `Imported the environment "${environment.name}" (${environment.variables.length} variables) from ${fileName}.`;
    },
    exportAs(file: ExportedFile, kind: string) {
      downloadText(file.text, file.fileName);
      say(
        `Exported ${file.fileName} (${kind}).` +
          (file.withheld.length
            ? ` Secret values left out: ${file.withheld.join(", ")} (tick "Include secret values in exports" to write them).`
            : ""),
      );
    },
  };
}

export type EnvironmentEditor = ReturnType<typeof useEnvironmentEditor>;
