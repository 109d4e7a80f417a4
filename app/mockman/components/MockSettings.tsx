// Mock settings: make the in-browser mock slow, failing or offline, to see the
// app's loading and error paths. Kept in localStorage (survives reloads) and
// applied to the mock at once; the app shell shows a badge while anything is on.
import { useEffect, useId, useState } from "react";
import {
  FAIL_STATUSES,
  NO_FAULTS,
  formatDelay,
  isActive,
  loadFaultSettings,
  onFaultSettings,
  saveFaultSettings,
  type FaultSettings,
  type FailStatus,
} from "#mock/core/fault-settings";
import { ScenarioSettings } from "./ScenarioSettings";
import "./MockSettings.css";

const DELAY_RE = /^\s*(\d{1,5})\s*(?:-\s*(\d{1,5})\s*)?$/;

/** "" (none), "200" or "100-800"; null when it is not one of those. */
function parseDelay(text: string): FaultSettings["delay"] | null | undefined {
  if (text.trim() === "") return null;
  const m = DELAY_RE.exec(text);
  if (!m) return undefined;
  const min = Number(m[1]);
  const max = Number(m[2] ?? m[1]);
  return min <= max && max <= 60_000 ? { min, max } : undefined;
}

export function MockSettings() {
  const id = useId();
  const [settings, setSettings] = useState<FaultSettings>(NO_FAULTS);
  const [delayText, setDelayText] = useState("");
  const [delayError, setDelayError] = useState("");
  // The rate as typed: a value out of range stays in the field, said wrong, instead of snapping back unexplained.
  const [rateText, setRateText] = useState("0");
  const [rateError, setRateError] = useState("");
  useEffect(() => {
    const sync = (s: FaultSettings) => {
      setSettings(s);
      setDelayText(formatDelay(s.delay));
      setRateText(String(s.failRate));
      setRateError("");
    };
    sync(loadFaultSettings());
    return onFaultSettings(sync);
  }, []);
  const change = (patch: Partial<FaultSettings>) => saveFaultSettings({ ...settings, ...patch });
  const onDelay = (text: string) => {
    setDelayText(text);
    const delay = parseDelay(text);
    if (delay === undefined) {
      setDelayError("Give milliseconds such as 200, or a range such as 100-800 (at most 60000).");
      return;
    }
    setDelayError("");
    saveFaultSettings({ ...settings, delay });
  };
  const onRate = (text: string) => {
    setRateText(text);
    const rate = Number(text);
    if (text.trim() === "" || !(rate >= 0 && rate <= 1)) {
      setRateError("Give a failure rate from 0 (never) to 1 (always), such as 0.25.");
      return;
    }
    setRateError("");
    change({ failRate: rate });
  };
  const on = isActive(settings);
  return (
    <section className="mm-panel mm-faults" id="mock-settings" aria-labelledby={`${id}-title`}>
      <div className="mm-panel-head">
        <h2 id={`${id}-title`} className="mm-panel-title">
          Mock settings
        </h2>
        {on && (
          <button type="button" className="mm-button" onClick={() => saveFaultSettings({ ...NO_FAULTS })}>
            Turn all off
          </button>
        )}
      </div>
      <p className="mm-hint">Make the in-browser mock slow or failing to see how the app copes. Kept across reloads.</p>
      <div className="mm-faults-grid">
        <label className="mm-faults-field">
          <span>Delay (ms)</span>
          <input
            className="mm-input"
            inputMode="numeric"
            placeholder="200 or 100-800"
            value={delayText}
            aria-invalid={delayError ? true : undefined}
            aria-describedby={delayError ? `${id}-delay-error` : undefined}
            onChange={(e) => onDelay(e.target.value)}
          />
        </label>
        <label className="mm-faults-field">
          <span>Failure rate (0 to 1)</span>
          <input
            className="mm-input"
            type="number"
            min={0}
            max={1}
            step={0.05}
            value={rateText}
            aria-invalid={rateError ? true : undefined}
            aria-describedby={rateError ? `${id}-rate-error` : undefined}
            onChange={(e) => onRate(e.target.value)}
          />
        </label>
        <label className="mm-faults-field">
          <span>Failure status</span>
          <select
            className="mm-select"
            value={settings.failStatus}
            onChange={(e) => change({ failStatus: Number(e.target.value) as FailStatus })}
          >
            {FAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="mm-faults-check">
          <input type="checkbox" checked={settings.offline} onChange={(e) => change({ offline: e.target.checked })} />
          <span>Offline (every /api request fails as a network error)</span>
        </label>
      </div>
      {delayError && (
        <p id={`${id}-delay-error`} className="mm-error" role="alert">
          {delayError}
        </p>
      )}
      {rateError && (
        <p id={`${id}-rate-error`} className="mm-error" role="alert">
          {rateError}
        </p>
      )}
      <ScenarioSettings />
    </section>
  );
}
