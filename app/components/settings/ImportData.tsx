// Import: pick an export file; it is checked whole before anything happens. A
// bad file says what is wrong and changes nothing; a good one asks first. Each
// stage (reading, checking, saving) shows with its size, since a 100k-post
// file takes seconds.
import type { FetcherWithComponents } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { checkExportFile, describeExport, type DataToolActionData } from "#app/lib/data-tools";
import { ConfirmDialog } from "../ConfirmDialog";

interface Checked {
  name: string;
  text: string;
  summary: string;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
/** Lets the browser paint a stage before a long synchronous step starts. */
const paint = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));

export function ImportData({ fetcher }: { fetcher: FetcherWithComponents<DataToolActionData> }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState<Checked | null>(null);
  const [stage, setStage] = useState<string | null>(null);
  const [savingWhat, setSaving] = useState("");
  // 'submitting' only: an import that ends the session cancels the revalidation
  // that follows it, and a fetcher left 'loading' must not keep the button busy.
  const saving = fetcher.state === "submitting" && fetcher.formData?.get("intent") === "import";
  const busy = saving || stage !== null;
  const refused = fetcher.state === "idle" && fetcher.data?.intent === "import" && !fetcher.data.ok ? fetcher.data.error : null;
  const shown = problem ?? refused;

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    setProblem(null);
    setStage(`Reading “${file.name}” (${megabytes(file.size)})…`);
    try {
      const text = await file.text();
      setStage(`Checking “${file.name}” (${megabytes(file.size)})…`);
      await paint();
      const checked = checkExportFile(text);
      if (checked.problem !== null) {
        setProblem(`“${file.name}” can't be imported: ${checked.problem}. Nothing was changed.`);
        return;
      }
      setReady({ name: file.name, text, summary: describeExport(checked.file) });
    } finally {
      setStage(null);
    }
  };

  const confirm = () => {
    if (!ready) return;
    fetcher.submit({ intent: "import", file: ready.text }, { method: "post" });
    setSaving(`Saving ${ready.summary.replace(/, exported .*$/, "")} in this browser…`);
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
            <progress aria-label="Import progress" />
            <span>{stage ?? savingWhat}</span>
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
          description={`“${ready.name}” holds ${ready.summary}. Importing replaces every user, post and comment in this browser with it.`}
          confirmLabel="Import"
          onConfirm={confirm}
          onCancel={() => setReady(null)}
        />
      ) : null}
    </div>
  );
}
