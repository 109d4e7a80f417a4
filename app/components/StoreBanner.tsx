// Says, until dismissed, that changes are not being saved and why: the saved
// data could not be read at boot (the mock runs in memory), or a write to
// IndexedDB failed (e.g. the storage quota is full) and the change was undone.
import { useEffect, useState } from "react";
import { STORE_BOOT_PROBLEM_EVENT, STORE_ERROR_EVENT, STORE_RECOVERED_EVENT, bootedStoreProblem } from "#app/lib/browser-mock";
import { CloseIcon } from "./Icons";

const WRITE_FAILED = "Your latest changes were not saved.";

interface Problem {
  title: string;
  detail: string;
}

const bootProblem = (reason: unknown): Problem => ({
  title: "Your data is not being saved.",
  detail: `The saved data in this browser could not be read (${reasonText(reason)}), so Moments is running in memory: it was left untouched, and what you do now is lost when this tab closes.`,
});

export function StoreBanner() {
  // A problem found at boot, if the mock booted before the shell rendered; else it comes as an event.
  const [problem, setProblem] = useState<Problem | null>(() => {
    const atBoot = bootedStoreProblem();
    return atBoot ? bootProblem(atBoot) : null;
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
    // The shell can show before the mock's boot ends (answers kept ready): a boot problem may come later.
    const onBootProblem = (event: Event) => setProblem(bootProblem((event as CustomEvent<unknown>).detail));
    window.addEventListener(STORE_ERROR_EVENT, onStoreError);
    window.addEventListener(STORE_RECOVERED_EVENT, onRecovered);
    window.addEventListener(STORE_BOOT_PROBLEM_EVENT, onBootProblem);
    return () => {
      window.removeEventListener(STORE_BOOT_PROBLEM_EVENT, onBootProblem);
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
