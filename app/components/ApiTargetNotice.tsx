// Shown in the shell while the app talks to a `mockman serve` instead of the
// mock inside this tab, with the way back.
import { useSyncExternalStore } from "react";
import { apiTarget, switchToInBrowserMock } from "#app/lib/api-target";

const noSubscription = () => () => {};
const noTarget = () => null;

export function ApiTargetNotice() {
  // The target is fixed for the page's life (changing it reloads); the SPA's prerender has no localStorage, so null there.
  const target = useSyncExternalStore(noSubscription, apiTarget, noTarget);
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
