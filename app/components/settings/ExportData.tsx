// Export: the whole mock database as moments-export-YYYY-MM-DD.json.
import { useState } from "react";
import { toast } from "react-toastify";
import { downloadExport } from "#app/lib/data-tools";
import { messageOf } from "#app/lib/api";

export function ExportData() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      toast.success(`Exported ${await downloadExport()}`);
    } catch (error) {
      toast.error(`The export failed: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="data-tool">
      <div className="data-tool__text">
        <h3 className="data-tool__title">Export</h3>
        <p>
          Download every user, post and comment in this browser as one JSON file, in the same format as <code>mockman export</code>.
        </p>
      </div>
      <button type="button" className="button button--secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
        {busy ? "Exporting…" : "Export data"}
      </button>
    </div>
  );
}
