// Export history (all or the selection) as a collection `mockman replay` runs,
// and import such a file back into history.
import { SERVE_URL } from "#mock/boundary";
import { useRef, type ChangeEvent } from "react";
import { collectionText, readCollection, toCollection, toPostmanText } from "../lib/collection";
import { downloadText } from "#app/lib/download";
import type { HistoryEntry } from "../lib/history";
import type { History } from "../useHistory";

interface Props {
  history: History;
  selected: Set<number>;
  onNotice(text: string, isError?: boolean): void;
}

export function CollectionTools({ history, selected, onNotice }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);

  const exportEntries = async (entries: HistoryEntry[]) => {
    const file = toCollection(entries, window.location.origin);
    const day = new Date().toISOString().slice(0, 10);
    downloadText(collectionText(file), `mockman-collection-${day}.json`);
    onNotice(`Exported ${entries.length} request${entries.length === 1 ? "" : "s"}. Run them with: npx mockman replay FILE`);
  };

  const exportPostman = async () => {
    const entries = selected.size ? await history.byIds([...selected]) : await history.all();
    const { text, notes } = toPostmanText(entries, window.location.origin);
    downloadText(text, `mockman-${new Date().toISOString().slice(0, 10)}.postman_collection.json`);
    onNotice(
      `Exported ${entries.length} request${entries.length === 1 ? "" : "s"} as a Postman v2.1 collection ({{baseUrl}} = ${SERVE_URL}, for mockman serve).` +
        (notes.length ? ` Not carried over: ${notes.join("; ")}` : ""),
    );
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    try {
      const { entries, kind, notes } = readCollection(await file.text());
      await history.addMany(entries);
      const from = kind === "mockman" ? file.name : `${file.name} (${kind})`;
      onNotice(
        `Imported ${entries.length} request${entries.length === 1 ? "" : "s"} from ${from} into the history.` +
          (notes.length ? ` Not carried over: ${notes.join("; ")}` : ""),
      );
    } catch (error) {
      onNotice(`${file.name} was not imported, nothing changed: ${(error as Error).message}`, true);
    }
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
      <button type="button" className="mm-button" onClick={() => fileInput.current?.click()}>
        Import collection
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Collection file to import"
        onChange={importFile}
      />
    </div>
  );
}
