// Export history (all or the selection) as a collection `mockman replay` runs.
// Importing a collection makes a saved collection (CollectionsPanel), not history rows.
import { SERVE_URL } from "#mock/core/boundary";
import { downloadText } from "#app/lib/download";
import type { HistoryEntry } from "../lib/history";
import type { History } from "../hooks/useHistory";

interface Props {
  history: History;
  selected: Set<number>;
  onNotice(text: string, isError?: boolean): void;
}

// The collection format (with its checks) loads on the first export, not with the page (./lazy).
const collectionFormat = () => import("../lib/collection");

export function CollectionTools({ history, selected, onNotice }: Props) {
  const exportEntries = async (entries: HistoryEntry[]) => {
    const { collectionText, toCollection } = await collectionFormat();
    const file = toCollection(entries, window.location.origin);
    const day = new Date().toISOString().slice(0, 10);
    downloadText(collectionText(file), `mockman-collection-${day}.json`);
    onNotice(`Exported ${entries.length} request${entries.length === 1 ? "" : "s"}. Run them with: npx mockman replay FILE`);
  };

  const exportPostman = async () => {
    const entries = selected.size ? await history.byIds([...selected]) : await history.all();
    const { toPostmanText } = await collectionFormat();
    const { text, notes } = toPostmanText(entries, window.location.origin);
    downloadText(text, `mockman-${new Date().toISOString().slice(0, 10)}.postman_collection.json`);
    onNotice(
      `Exported ${entries.length} request${entries.length === 1 ? "" : "s"} as a Postman v2.1 collection ({{baseUrl}} = ${SERVE_URL}, for mockman serve).` +
        (notes.length ? ` Not carried over: ${notes.join("; ")}` : ""),
    );
  };

  return (
    <div className="mm-toolbar" role="group" aria-label="Collections">
      <button type="button" className="mm-button" disabled={history.total === 0} onClick={async () => exportEntries(await history.all())}>
        Export all
      </button>
      <button
        type="button"
        className="mm-button"
        disabled={selected.size === 0}
        onClick={async () => exportEntries(await history.byIds([...selected]))}
      >
        Export selected ({selected.size})
      </button>
      <button type="button" className="mm-button" disabled={history.total === 0} onClick={exportPostman}>
        Export for Postman{selected.size ? ` (${selected.size})` : ""}
      </button>
    </div>
  );
}
