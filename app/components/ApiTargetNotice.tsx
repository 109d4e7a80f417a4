// Shown in the shell while the app talks to a `mockman serve` instead of the
// mock inside this tab, with the way back.
import { useEffect, useState } from "react";
import { apiTarget, switchToInBrowserMock } from "#app/lib/api-target";

export function ApiTargetNotice() {
  // Read after mount: the server-free prerender of the SPA has no localStorage.
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => setTarget(apiTarget()), []);
  if (!target) return null;
  return (
    <p className="api-target" role="note">
      <span>
        Using the API at <strong>{target}</strong> (<code>mockman serve</code>).
      </span>
      <button type="button" className="link-button" onClick={() => switchToInBrowserMock()}>
        Use the in-browser mock
      </button>
    </p>
  );
}
