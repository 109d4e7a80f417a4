// Which API the app talks to, said wherever it matters: in the shell while it is
// a `mockman serve` (with the way back), and on the welcome, login and signup
// screens (your password goes there). The question asked before a link may switch
// the app to a server that is not on this machine is app/lib/api-question.ts.
import { useSyncExternalStore } from "react";
import { apiTarget, switchToInBrowserMock } from "#app/lib/api-target";

const noSubscription = () => () => {};
const noTarget = () => null;

/** The API in use, null for the in-browser mock. Fixed for the page's life (changing it reloads); null in the SPA's prerender. */
export const useApiTarget = () => useSyncExternalStore(noSubscription, apiTarget, noTarget);

export function ApiTargetNotice() {
  const target = useApiTarget();
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

/** On the welcome, login and signup screens: where what you type goes, when it is not this browser. */
export function ApiTargetLine({ className }: { className?: string }) {
  const target = useApiTarget();
  if (!target) return null;
  return (
    <p className={`api-target-line ${className ?? ""}`} role="note">
      This page uses the API at <strong>{target}</strong>: your username and password are sent there.{" "}
      <button type="button" className="link-button" onClick={() => switchToInBrowserMock()}>
        Use the in-browser mock
      </button>
    </p>
  );
}
