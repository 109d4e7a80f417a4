// Says, until dismissed, that changes are not being saved and why: the saved
// data could not be read at boot (the mock runs in memory), or a write to
// IndexedDB failed (e.g. the storage quota is full) and the change was undone.
import { useEffect, useState } from "react";
import { STORE_ERROR_EVENT, STORE_RECOVERED_EVENT, bootedStoreProblem } from "#app/lib/browser-mock";
import { CloseIcon } from "./Icons";

const WRITE_FAILED = "Your latest changes were not saved.";

interface Problem {
  title: string;
  detail: string;
}

export function StoreBanner() {
  // The shell renders only in the browser, after the mock has booted (every loader waits for it).
  const [problem, setProblem] = useState<Problem | null>(() => {
    const atBoot = bootedStoreProblem();
    if (!atBoot) return null;
    return {
      title: "Your data is not being saved.",
      detail: `The saved data in this browser could not be read (${reasonText(atBoot)}), so Moments is running in memory: it was left untouched, and what you do now is lost when this tab closes.`,
    };
  });

  useEffect(() => {
    const onStoreError = (event: Event) => {
      const reason = (event as CustomEvent<unknown>).detail;
      // A new failure shows again even after an earlier banner was dismissed.
      setProblem({
        title: WRITE_FAILED,
        detail: `Writing to this browser's storage failed (${reasonText(reason)}), so the change was undone. Free some space or export your data from Settings, then try again.`,
      });
    };
    // Once a later write is saved, the write warning has nothing left to say.
    const onRecovered = () => setProblem((current) => (current?.title === WRITE_FAILED ? null : current));
    window.addEventListener(STORE_ERROR_EVENT, onStoreError);
    window.addEventListener(STORE_RECOVERED_EVENT, onRecovered);
    return () => {
      window.removeEventListener(STORE_ERROR_EVENT, onStoreError);
      window.removeEventListener(STORE_RECOVERED_EVENT, onRecovered);
    };
  }, []);

  if (!problem) return null;
  return (
    <div className="store-banner" role="alert">
      <div className="store-banner__text">
        <strong>{problem.title}</strong> {problem.detail}
      </div>
      <button
        type="button"
        className="icon-button store-banner__close"
        aria-label="Dismiss storage warning"
        onClick={() => setProblem(null)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** The store's message, without a final full stop: it sits inside our sentence. */
function reasonText(reason: unknown): string {
  return (
    String(reason ?? "unknown error")
      .trim()
      .replace(/\.$/, "") || "unknown error"
  );
}
