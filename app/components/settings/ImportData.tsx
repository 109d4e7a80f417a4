// Import: pick an export file; the mock's worker reads and checks it whole before
// anything happens, so the page stays responsive however large it is. A bad file
// says what is wrong and changes nothing; a good one asks first. Each stage
// (reading, checking, saving, loading) shows with a progress bar.
import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { checkImportFile, describeExport, type DataToolActionData } from "#app/lib/data-tools";
import { IMPORT_PROGRESS_EVENT } from "#app/lib/import-progress";
import type { ImportSummary, Progress } from "#mock/browser/worker-protocol";
import { ConfirmDialog } from "../ConfirmDialog";

interface Checked {
  name: string;
  ticket: number;
  summary: ImportSummary;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

/** The stages in order, so the bar moves across the whole import, not within one stage. */
const STAGES: Progress["phase"][] = ["reading", "checking", "saving", "loading"];
const STAGE_TEXT: Record<Progress["phase"], string> = {
  reading: "Reading",
  checking: "Checking",
  saving: "Saving",
  loading: "Loading",
};

/** The share of the whole import done, 0 to 1: each stage is a quarter, filled by its own done/total. */
const shareDone = (p: Progress) => (STAGES.indexOf(p.phase) + (p.total > 0 ? Math.min(1, p.done / p.total) : 0)) / STAGES.length;

export function ImportData({ fetcher }: { fetcher: FetcherWithComponents<DataToolActionData> }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState<Checked | null>(null);
  const [stage, setStage] = useState<string | null>(null);
  const [savingWhat, setSaving] = useState("");
  const [progress, setProgress] = useState<Progress | null>(null);
  // 'submitting' only: an import that ends the session cancels the revalidation
  // that follows it, and a fetcher left 'loading' must not keep the button busy.
  const saving = fetcher.state === "submitting" && fetcher.formData?.get("intent") === "import";
  const busy = saving || stage !== null;
  const refused = fetcher.state === "idle" && fetcher.data?.intent === "import" && !fetcher.data.ok ? fetcher.data.error : null;
  const shown = problem ?? refused;

  useEffect(() => {
    const onProgress = (event: Event) => setProgress((event as CustomEvent<Progress>).detail);
    window.addEventListener(IMPORT_PROGRESS_EVENT, onProgress);
    return () => window.removeEventListener(IMPORT_PROGRESS_EVENT, onProgress);
  }, []);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    setProblem(null);
    setProgress(null);
    setStage(`Reading and checking “${file.name}” (${megabytes(file.size)})…`);
    try {
      const checked = await checkImportFile(file);
      if (!checked.ok) {
        setProblem(`“${file.name}” can't be imported: ${checked.problem}. Nothing was changed.`);
        return;
      }
      setReady({ name: file.name, ticket: checked.ticket, summary: checked.summary });
    } catch (error) {
      setProblem(`“${file.name}” can't be imported: ${(error as Error).message}. Nothing was changed.`);
    } finally {
      setStage(null);
    }
  };

  const confirm = () => {
    if (!ready) return;
    setProgress(null);
    fetcher.submit({ intent: "import", ticket: String(ready.ticket) }, { method: "post" });
    setSaving(`Saving ${describeExport(ready.summary).replace(/, exported .*$/, "")} in this browser…`);
    setReady(null);
  };

  return (
    <div className="data-tool">
      <div className="data-tool__text">
        <h3 className="data-tool__title">Import</h3>
        <p>
          Replace everything in this browser with an export file (from here or from <code>mockman export</code>).
        </p>
        {busy ? (
          <div className="data-tool__progress" role="status">
            {progress ? (
              <progress aria-label="Import progress" max={1} value={shareDone(progress)} />
            ) : (
              <progress aria-label="Import progress" />
            )}
            <span>
              {stage ?? savingWhat}
              {progress ? ` ${STAGE_TEXT[progress.phase]}: ${Math.round(shareDone(progress) * 100)}%` : ""}
            </span>
          </div>
        ) : null}
        {shown ? (
          <p id={`${inputId}-problem`} className="data-tool__problem" role="alert">
            {shown}
          </p>
        ) : null}
      </div>
      <div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".json,application/json"
          className="visually-hidden data-tool__input"
          disabled={busy}
          aria-describedby={shown ? `${inputId}-problem` : undefined}
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
        <label htmlFor={inputId} className="button button--secondary data-tool__choose" aria-busy={busy}>
          {busy ? "Importing…" : "Import a file…"}
        </label>
      </div>
      {ready ? (
        <ConfirmDialog
          title="Import this file?"
          description={`“${ready.name}” holds ${describeExport(ready.summary)}. Importing replaces every user, post and comment in this browser with it.`}
          confirmLabel="Import"
          onConfirm={confirm}
          onCancel={() => setReady(null)}
        />
      ) : null}
    </div>
  );
}
