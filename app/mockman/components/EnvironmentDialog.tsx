// The Environment editor: named environments of variables (name, value,
// secret), import and export in the files `mockman replay --env` reads.
import { useState } from "react";
import { FileImport } from "./FileImport";
import { useModal } from "../hooks/useModal";
import { downloadText } from "#app/lib/download";
import {
  newEnvironmentId,
  parseEnvironmentFile,
  toEnvFile,
  toPostmanEnvironment,
  type Environment,
  type EnvVariable,
  type ExportedFile,
  VARIABLE_NAME,
} from "../lib/environments";
import type { Environments } from "../hooks/useEnvironments";

interface Props {
  open: boolean;
  environments: Environments;
  onClose(): void;
}

const blankVariable = (): EnvVariable => ({ name: "", value: "", secret: false });

export function EnvironmentDialog({ open, environments, onClose }: Props) {
  const dialog = useModal(open);
  const { state, update } = environments;
  const [editingId, setEditingId] = useState<string | null>(null);
  const [showSecrets, setShowSecrets] = useState(false);
  const [includeSecrets, setIncludeSecrets] = useState(false);
  // Said inside the dialog: while it is open the page's own status line is inert.
  const [notice, setNotice] = useState<{ text: string; isError: boolean } | null>(null);
  const onNotice = (text: string, isError = false) => setNotice({ text, isError });
  const editing =
    state.environments.find((e) => e.id === editingId) ?? state.environments.find((e) => e.id === state.activeId) ?? state.environments[0];

  const change = (id: string, edit: (environment: Environment) => Environment) =>
    update((s) => ({ ...s, environments: s.environments.map((e) => (e.id === id ? edit(e) : e)) }));

  const add = (environment: Environment) => {
    update((s) => ({ environments: [...s.environments, environment], activeId: s.activeId ?? environment.id }));
    setEditingId(environment.id);
  };

  const remove = (environment: Environment) => {
    update((s) => ({
      environments: s.environments.filter((e) => e.id !== environment.id),
      activeId: s.activeId === environment.id ? null : s.activeId,
    }));
    setEditingId(null);
    onNotice(`Deleted the environment "${environment.name}".`);
  };

  const editVariable = (index: number, edit: Partial<EnvVariable>) =>
    editing && change(editing.id, (e) => ({ ...e, variables: e.variables.map((v, i) => (i === index ? { ...v, ...edit } : v)) }));

  const importText = (text: string, fileName: string) => {
    const environment = parseEnvironmentFile(text, fileName);
    add(environment);
    return `Imported the environment "${environment.name}" (${environment.variables.length} variables) from ${fileName}.`;
  };

  const exportAs = (file: ExportedFile, kind: string) => {
    downloadText(file.text, file.fileName);
    onNotice(
      `Exported ${file.fileName} (${kind}).` +
        (file.withheld.length
          ? ` Secret values left out: ${file.withheld.join(", ")} (tick "Include secret values in exports" to write them).`
          : ""),
    );
  };

  return (
    <dialog ref={dialog} className="mm-dialog mm-env-dialog" aria-labelledby="mm-env-title" onClose={onClose}>
      <h2 id="mm-env-title" className="mm-panel-title">
        Environments
      </h2>
      <p className="mm-hint">
        <code>{"{{name}}"}</code> in the endpoint, headers and body is filled from the active environment. Files are what{" "}
        <code>mockman replay --env FILE</code> reads.
      </p>
      <div className="mm-toolbar" role="group" aria-label="Pick, add or import an environment">
        <label className="mm-visually-hidden" htmlFor="mm-env-edit">
          Environment to edit
        </label>
        <select
          id="mm-env-edit"
          className="mm-select"
          value={editing?.id ?? ""}
          onChange={(e) => setEditingId(e.target.value)}
          disabled={!editing}
        >
          {state.environments.length === 0 && <option value="">No environments yet</option>}
          {state.environments.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="mm-button"
          onClick={() =>
            add({
              id: newEnvironmentId(),
              name: `Environment ${state.environments.length + 1}`,
              variables: [{ name: "baseUrl", value: "", secret: false }],
            })
          }
        >
          New environment
        </button>
        <FileImport label="Import environment" fileLabel="Environment file to import" onRead={importText} onNotice={onNotice} />
      </div>
      {editing && (
        <div className="mm-env-editor">
          <label className="mm-section-title" htmlFor="mm-env-name">
            Environment name
          </label>
          <input
            id="mm-env-name"
            className="mm-input"
            value={editing.name}
            onChange={(e) => change(editing.id, (env) => ({ ...env, name: e.target.value }))}
          />
          <fieldset className="mm-headers">
            <legend className="mm-section-title">Variables ({editing.variables.filter((v) => v.name.trim()).length})</legend>
            <div className="mm-env-grid">
              <div className="mm-env-row mm-col-heads" aria-hidden="true">
                <span>Name</span>
                <span>Value</span>
                <span>Secret</span>
                <span />
              </div>
              {editing.variables.map((v, i) => (
                <div className="mm-env-row" key={i} data-testid="variable-row">
                  <input
                    className="mm-input"
                    value={v.name}
                    placeholder="name"
                    aria-label={`Variable ${i + 1} name`}
                    aria-invalid={v.name !== "" && !VARIABLE_NAME.test(v.name)}
                    spellCheck={false}
                    autoComplete="off"
                    onChange={(e) => editVariable(i, { name: e.target.value })}
                  />
                  <input
                    className="mm-input"
                    type={v.secret && !showSecrets ? "password" : "text"}
                    value={v.value}
                    placeholder="value"
                    aria-label={`Variable ${i + 1} value`}
                    spellCheck={false}
                    autoComplete="off"
                    onChange={(e) => editVariable(i, { value: e.target.value })}
                  />
                  <input
                    type="checkbox"
                    checked={v.secret}
                    aria-label={`Variable ${i + 1} secret`}
                    onChange={(e) => editVariable(i, { secret: e.target.checked })}
                  />
                  <button
                    type="button"
                    className="mm-icon-button"
                    aria-label={`Remove variable ${i + 1}${v.name ? ` (${v.name})` : ""}`}
                    title="Remove variable"
                    onClick={() => change(editing.id, (env) => ({ ...env, variables: env.variables.filter((_, j) => j !== i) }))}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
              ))}
            </div>
            <button
              type="button"
              className="mm-button"
              onClick={() => change(editing.id, (env) => ({ ...env, variables: [...env.variables, blankVariable()] }))}
            >
              Add variable
            </button>
          </fieldset>
          <div className="mm-env-options">
            <label>
              <input type="checkbox" checked={showSecrets} onChange={(e) => setShowSecrets(e.target.checked)} /> Show secret values
            </label>
            <label>
              <input type="checkbox" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} /> Include secret values
              in exports
            </label>
          </div>
          <div className="mm-toolbar" role="group" aria-label="Export or delete this environment">
            <button
              type="button"
              className="mm-button"
              onClick={() => exportAs(toEnvFile(editing, includeSecrets), "for mockman replay --env")}
            >
              Export as mockman env file
            </button>
            <button
              type="button"
              className="mm-button"
              onClick={() => exportAs(toPostmanEnvironment(editing, includeSecrets), "Postman environment")}
            >
              Export as Postman environment
            </button>
            <button type="button" className="mm-button mm-danger" onClick={() => remove(editing)}>
              Delete environment
            </button>
          </div>
        </div>
      )}
      <p className={notice?.isError ? "mm-notice mm-notice-error" : "mm-notice"} role="status">
        {notice?.text}
      </p>
      {environments.problem && <p className="mm-error">{environments.problem}</p>}
      <div className="mm-dialog-actions">
        <button type="button" className="mm-button mm-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </dialog>
  );
}
