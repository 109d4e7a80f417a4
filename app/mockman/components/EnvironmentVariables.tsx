// The edited environment's variables: name, value (hidden when secret, unless
// shown), the secret box and a remove button per row, then Add variable.
import { VARIABLE_NAME, type Environment } from "../lib/environments";
import type { EnvironmentEditor } from "../hooks/useEnvironmentEditor";

export function EnvironmentVariables({ environment, editor }: { environment: Environment; editor: EnvironmentEditor }) {
  return (
    <fieldset className="mm-headers">
      <legend className="mm-section-title">Variables ({environment.variables.filter((v) => v.name.trim()).length})</legend>
      <div className="mm-env-grid">
        <div className="mm-env-row mm-col-heads" aria-hidden="true">
          <span>Name</span>
          <span>Value</span>
          <span>Secret</span>
          <span />
        </div>
        {environment.variables.map((v, i) => (
          <div className="mm-env-row" key={i} data-testid="variable-row">
            <input
              className="mm-input"
              value={v.name}
              placeholder="name"
              aria-label={`Variable ${i + 1} name`}
              aria-invalid={v.name !== "" && !VARIABLE_NAME.test(v.name)}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => editor.editVariable(i, { name: e.target.value })}
            />
            <input
              className="mm-input"
              type={v.secret && !editor.showSecrets ? "password" : "text"}
              value={v.value}
              placeholder="value"
              aria-label={`Variable ${i + 1} value`}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => editor.editVariable(i, { value: e.target.value })}
            />
            <input
              type="checkbox"
              checked={v.secret}
              aria-label={`Variable ${i + 1} secret`}
              onChange={(e) => editor.editVariable(i, { secret: e.target.checked })}
            />
            <button
              type="button"
              className="mm-icon-button"
              aria-label={`Remove variable ${i + 1}${v.name ? ` (${v.name})` : ""}`}
              title="Remove variable"
              onClick={() => editor.removeVariable(i)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
      <button type="button" className="mm-button" onClick={editor.addVariable}>
        Add variable
      </button>
    </fieldset>
  );
}
