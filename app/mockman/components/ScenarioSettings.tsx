// Scenarios in Mock settings: per-route answers of the in-browser mock (the same JSON
// `mockman serve --scenario` and its admin API take), so a screen can be shown in
// one state on demand: an empty list, a failing write, a slow page. They live in this
// tab's mock worker until the tab reloads. State: app/mockman/hooks/useScenarios.ts.
import { useId } from "react";
import { SCENARIO_EXAMPLE, useScenarios } from "../hooks/useScenarios";

const describe = (s: { method: string; path: string; status?: number; delay?: number; remaining: number | null; used: number }) =>
  [
    `${s.method} ${s.path}${s.status !== undefined ? ` → ${s.status}` : ""}`,
    s.delay ? `after ${s.delay} ms` : "",
    s.remaining === null ? "until cleared" : `${s.remaining} left`,
    `used ${s.used}`,
  ]
    .filter(Boolean)
    .join(" · ");

export function ScenarioSettings() {
  const id = useId();
  const scenarios = useScenarios();
  return (
    <div className="mm-scenarios" aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`} className="mm-panel-title">
        Scenarios
      </h3>
      <p className="mm-hint">
        Per-route answers, as JSON: one scenario, a list, or {"{scenarios, datasets}"}. A request with the header x-mockman-scenario: NAME
        gets that one scenario. Kept until this tab reloads.
      </p>
      {scenarios.list.length > 0 && (
        <ul className="mm-scenario-list" aria-label="Scenarios set">
          {scenarios.list.map((s) => (
            <li key={s.name}>
              <span>
                <strong>{s.name}</strong> {describe(s)}
              </span>
              <button
                type="button"
                className="mm-button"
                onClick={() => void scenarios.remove(s.name)}
                aria-label={`Clear scenario ${s.name}`}
              >
                Clear
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="mm-faults-field">
        <span>Scenario JSON</span>
        <textarea
          className="mm-input"
          rows={3}
          placeholder={SCENARIO_EXAMPLE}
          value={scenarios.text}
          aria-invalid={scenarios.error ? true : undefined}
          aria-describedby={scenarios.error ? `${id}-error` : undefined}
          onChange={(e) => scenarios.setText(e.target.value)}
        />
      </label>
      <div className="mm-scenario-actions">
        <button type="button" className="mm-button" disabled={!scenarios.text.trim()} onClick={() => void scenarios.add()}>
          Add scenarios
        </button>
        {scenarios.list.length > 0 && (
          <button type="button" className="mm-button" onClick={() => void scenarios.clear()}>
            Clear all scenarios
          </button>
        )}
      </div>
      {scenarios.error && (
        <p id={`${id}-error`} className="mm-error" role="alert">
          {scenarios.error}
        </p>
      )}
      <p className="mm-hint" aria-live="polite">
        {scenarios.notice && <span key={scenarios.notice.seq}>{scenarios.notice.text}</span>}
      </p>
    </div>
  );
}
