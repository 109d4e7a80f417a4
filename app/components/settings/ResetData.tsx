// Reset: back to the spec's seed (four users, six posts), after a confirmation.
import type { FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import type { DataToolActionData } from "#app/lib/data-tools";
import { ConfirmDialog } from "../ConfirmDialog";

export function ResetData({ fetcher }: { fetcher: FetcherWithComponents<DataToolActionData> }) {
  const [asking, setAsking] = useState(false);
  // 'submitting' only: a reset that ends the session cancels the revalidation after it.
  const busy = fetcher.state === "submitting" && fetcher.formData?.get("intent") === "reset";
  return (
    <div className="data-tool">
      <div className="data-tool__text">
        <h3 className="data-tool__title">Reset</h3>
        <p>Go back to the sample data: the four seed users and their six posts. Everything else in this browser is deleted.</p>
      </div>
      <button type="button" className="button button--danger" onClick={() => setAsking(true)} disabled={busy} aria-busy={busy}>
        {busy ? "Resetting…" : "Reset data…"}
      </button>
      {asking ? (
        <ConfirmDialog
          title="Reset all data?"
          description="Every post, comment, follow, bookmark and account made in this browser is deleted and the sample data comes back. Export first if you want to keep a copy. Accounts made here will be gone, including yours if you signed up."
          confirmLabel="Reset data"
          danger
          onConfirm={() => {
            setAsking(false);
            fetcher.submit({ intent: "reset" }, { method: "post" });
          }}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
