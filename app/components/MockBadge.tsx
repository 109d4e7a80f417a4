// While the mock is set to be slow, failing or offline (/mockman, Mock settings),
// the shell says so, so nobody mistakes an injected failure for a real bug.
import { useSyncExternalStore } from "react";
import {
  NO_FAULTS,
  formatDelay,
  isActive,
  loadFaultSettings,
  onFaultSettings,
  saveFaultSettings,
  type FaultSettings,
} from "#mock/core/fault-settings";
import "./MockBadge.css";

function describe(s: FaultSettings): string {
  const parts: string[] = [];
  if (s.delay && s.delay.max > 0) parts.push(`delay ${formatDelay(s.delay)} ms`);
  if (s.failRate > 0) parts.push(`${Math.round(s.failRate * 100)}% fail with ${s.failStatus}`);
  if (s.offline) parts.push("offline");
  return parts.join(", ");
}

/** What the badge says, "" when the mock is as it should be: a string, so React sees a change only when the words change. */
const badgeText = () => {
  const settings = loadFaultSettings();
  return isActive(settings) ? describe(settings) : "";
};
const subscribe = (changed: () => void) => onFaultSettings(changed);
const none = () => "";

export function MockBadge() {
  // The setting lives in localStorage (this tab and others write it); the SPA's prerender has none.
  const text = useSyncExternalStore(subscribe, badgeText, none);
  if (!text) return null;
  return (
    <p className="mock-badge" role="status">
      <span>Mock: {text}.</span> <a href="/mockman#mock-settings">Settings</a>{" "}
      <button type="button" className="mock-badge__off" onClick={() => saveFaultSettings({ ...NO_FAULTS })}>
        Turn off
      </button>
    </p>
  );
}
