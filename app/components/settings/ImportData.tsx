// Import: pick an export file; it is checked whole before anything happens. A
// bad file says what is wrong and changes nothing; a good one asks first.
import type { FetcherWithComponents } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { checkExportFile, describeExport, type DataToolActionData } from "#app/lib/data-tools";
import { ConfirmDialog } from "../ConfirmDialog";

interface Checked {
  name: string;
  text: string;
  summary: string;
}

export function ImportData({ fetcher }: { fetcher: FetcherWithComponents<DataToolActionData> }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState<Checked | null>(null);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "import";
  const refused = fetcher.state === "idle" && fetcher.data?.intent === "import" && !fetcher.data.ok ? fetcher.data.error : null;
  const shown = problem ?? refused;

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    const text = await file.text();
    const checked = checkExportFile(text);
    if (checked.problem !== null) {
      setProblem(`“${file.name}” can't be imported: ${checked.problem}. Nothing was changed.`);
      return;
    }
    setProblem(null);
    setReady({ name: file.name, text, summary: describeExport(checked.file) });
  };

  const confirm = () => {
    if (!ready) return;
    fetcher.submit({ intent: "import", file: ready.text }, { method: "post" });
    setReady(null);
  };

  return (
    <div className="data-tool">
      <div className="data-tool__text">
        <h3 className="data-tool__title">Import</h3>
        <p>Replace everything in this browser with an export file (from here or from <code>mockman export</code>).</p>
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
