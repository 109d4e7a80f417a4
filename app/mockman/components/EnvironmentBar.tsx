// Beside the endpoint: the active environment, the Environment editor's
// button, and the URL the request goes to once its {{variables}} are filled.
import type { Environment, EnvironmentState } from "../lib/environments";

interface Props {
  state: EnvironmentState;
  /** The endpoint with variables filled (secrets masked), or null when it holds none. */
  resolvedUrl: string | null;
  /** References in the endpoint nothing fills. */
  unresolved: string[];
  /** The environment picked, "" for none. */
  onActive(id: string): void;
  onEdit(): void;
}

export function EnvironmentBar({ state, resolvedUrl, unresolved, onActive, onEdit }: Props) {
  return (
    <div className="mm-envbar">
      <label className="mm-section-title" htmlFor="mm-env-active">
        Active environment
      </label>
      <EnvironmentSelect id="mm-env-active" environments={state.environments} environmentId={state.activeId} setEnvironmentId={onActive} />
      <button type="button" className="mm-button" onClick={onEdit} aria-haspopup="dialog">
        Environment
      </button>
      {(resolvedUrl !== null || unresolved.length > 0) && (
        <p className="mm-hint mm-resolved" data-testid="resolved-url">
          {unresolved.length ? (
            <>Not defined yet: {unresolved.join(", ")}</>
          ) : (
            <>
              Resolved URL: <code>{resolvedUrl}</code>
            </>
          )}
        </p>
      )}
    </div>
  );
}

type Picker = { id: string; environments: Environment[]; environmentId: string | null; setEnvironmentId(id: string): void };

/** "No environment" (value "") or one of `environments`: the page's active environment, and a Run's (`disabled` while it runs). */
export function EnvironmentSelect({ id, environments, environmentId, setEnvironmentId: pick, disabled }: Picker & { disabled?: boolean }) {
  return (
    <select id={id} className="mm-select" value={environmentId ?? ""} disabled={disabled} onChange={(e) => pick(e.target.value)}>
      <option value="">No environment</option>
      {environments.map((e) => (
        <option key={e.id} value={e.id}>
          {e.name}
        </option>
      ))}
    </select>
  );
}
