// The Environment editor: named environments of variables (name, value,
// secret), import and export in the files `mockman replay --env` reads.
// Its state lives in useEnvironmentEditor; the variables' grid in EnvironmentVariables.
// Below, the globals scripts have set (pm.globals), read by every Send and Run.
import { memo } from "react";
import { FileImport } from "./FileImport";
import { EnvironmentVariables } from "./EnvironmentVariables";
import { useModal } from "../hooks/useModal";
import { toEnvFile, toPostmanEnvironment } from "../lib/environments";
import type { Environments } from "../hooks/useEnvironments";
import { useEnvironmentEditor } from "../hooks/useEnvironmentEditor";

interface Props {
  open: boolean;
  environments: Environments;
  onClose(): void;
}

export const EnvironmentDialog = memo(function EnvironmentDialog({ open, environments, onClose }: Props) {
  const dialog = useModal(open);
  const editor = useEnvironmentEditor(environments);
  const { editing, notice } = editor;

  return (
    <dialog ref={dialog} className="mm-dialog mm-env-dialog" aria-labelledby="mm-env-title" onClose={onClose}>
      <h2 id="mm-env-title" className="mm-panel-title">
        Environments
      </h2>
      <p className="mm-hint">
        <code>{"{{name}}"}</code> in the endpoint, headers and body is filled from the active environment, then the collection's variables,
        then the globals. Files are what <code>mockman replay --env FILE</code> reads.
      </p>
      <div className="mm-toolbar" role="group" aria-label="Pick, add or import an environment">
        <label className="mm-visually-hidden" htmlFor="mm-env-edit">
          Environment to edit
        </label>
        <select
          id="mm-env-edit"
          className="mm-select"
          value={editing?.id ?? ""}
          onChange={(e) => editor.pick(e.target.value)}
          disabled={!editing}
        >
          {editor.environments.length === 0 && <option value="">No environments yet</option>}
          {editor.environments.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
        <button type="button" className="mm-button" onClick={editor.addNew}>
          New environment
        </button>
        <FileImport label="Import environment" fileLabel="Environment file to import" onRead={editor.importText} onNotice={editor.say} />
      </div>
      {editing && (
        <div className="mm-env-editor">
          <label className="mm-section-title" htmlFor="mm-env-name">
            Environment name
          </label>
          <input id="mm-env-name" className="mm-input" value={editing.name} onChange={(e) => editor.rename(editing.id, e.target.value)} />
          <EnvironmentVariables environment={editing} editor={editor} />
          <div className="mm-env-options">
            <label>
              <input type="checkbox" checked={editor.showSecrets} onChange={(e) => editor.setShowSecrets(e.target.checked)} /> Show secret
              values
            </label>
            <label>
              <input type="checkbox" checked={editor.includeSecrets} onChange={(e) => editor.setIncludeSecrets(e.target.checked)} /> Include
              secret values in exports
            </label>
          </div>
          <div className="mm-toolbar" role="group" aria-label="Export or delete this environment">
            <button
              type="button"
              className="mm-button"
              onClick={() => editor.exportAs(toEnvFile(editing, editor.includeSecrets), "for mockman replay --env")}
            >
              Export as mockman env file
            </button>
            <button
              type="button"
              className="mm-button"
              onClick={() => editor.exportAs(toPostmanEnvironment(editing, editor.includeSecrets), "Postman environment")}
            >
              Export as Postman environment
            </button>
            <button type="button" className="mm-button mm-danger" onClick={() => editor.remove(editing)}>
              Delete environment
            </button>
          </div>
        </div>
      )}
      <Globals environments={environments} />
      {environments.problem && <p className="mm-error">{environments.problem}</p>}
      {/* The notice sits beside Done in the row that stays at the dialog's foot, never over it (375 px). */}
      <div className="mm-dialog-actions mm-dialog-foot">
        <p className={notice?.isError ? "mm-notice mm-notice-error" : "mm-notice"} role="status">
          {notice && <span key={notice.seq}>{notice.text}</span>}
        </p>
        <button type="button" className="mm-button mm-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </dialog>
  );
});

/** The globals a Send's or a Run's scripts left (pm.globals.set), read after the environment and the collection's variables. */
function Globals({ environments }: { environments: Environments }) {
  const globals = Object.entries(environments.state.globals ?? {});
  return (
    <section className="mm-env-globals" aria-labelledby="mm-env-globals-title">
      <h3 id="mm-env-globals-title" className="mm-section-title">
        Globals
      </h3>
      {globals.length === 0 ? (
        <p className="mm-hint">
          None. What a script sets with <code>pm.globals.set</code> in a Send or a Run is kept here for the next ones.
        </p>
      ) : (
        <>
          <dl className="mm-env-globals-list">
            {globals.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="mm-button" onClick={() => environments.update((state) => ({ ...state, globals: {} }))}>
            Clear globals
          </button>
        </>
      )}
    </section>
  );
}
