// While the mock is set to be slow, failing or offline (/mockman, Mock settings),
// the shell says so, so nobody mistakes an injected failure for a real bug.
import { useEffect, useState } from "react";
import {
  NO_FAULTS,
  formatDelay,
  isActive,
  loadFaultSettings,
  onFaultSettings,
  saveFaultSettings,
  type FaultSettings,
} from "#mock/fault-settings";
import "./MockBadge.css";

function describe(s: FaultSettings): string {
  const parts: string[] = [];
  if (s.delay && s.delay.max > 0) parts.push(`delay ${formatDelay(s.delay)} ms`);
  if (s.failRate > 0) parts.push(`${Math.round(s.failRate * 100)}% fail with ${s.failStatus}`);
  if (s.offline) parts.push("offline");
  return parts.join(", ");
}

export function MockBadge() {
  const [settings, setSettings] = useState<FaultSettings>(NO_FAULTS);
  useEffect(() => {
    setSettings(loadFaultSettings());
    return onFaultSettings(setSettings);
  }, []);
  if (!isActive(settings)) return null;
  return (
    <p className="mock-badge" role="status">
      <span>Mock: {describe(settings)}.</span> <a href="/mockman#mock-settings">Settings</a>{" "}
      <button type="button" className="mock-badge__off" onClick={() => saveFaultSettings({ ...NO_FAULTS })}>
        Turn off
      </button>
    </p>
  );
}
