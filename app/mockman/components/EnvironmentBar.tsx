// Beside the endpoint: the active environment, the Environment editor's
// button, and the URL the request goes to once its {{variables}} are filled.
import type { EnvironmentState } from "../lib/environments";

interface Props {
  state: EnvironmentState;
  /** The endpoint with variables filled (secrets masked), or null when it holds none. */
  resolvedUrl: string | null;
  /** References in the endpoint nothing fills. */
  unresolved: string[];
  onActive(id: string | null): void;
  onEdit(): void;
}

export function EnvironmentBar({ state, resolvedUrl, unresolved, onActive, onEdit }: Props) {
  return (
    <div className="mm-envbar">
      <label className="mm-section-title" htmlFor="mm-env-active">
        Active environment
      </label>
      <select id="mm-env-active" className="mm-select" value={state.activeId ?? ""} onChange={(e) => onActive(e.target.value || null)}>
        <option value="">No environment</option>
        {state.environments.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
          </option>
        ))}
      </select>
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
