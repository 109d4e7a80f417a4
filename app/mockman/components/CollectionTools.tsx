// Export history (all or the selection) as a collection `mockman replay` runs,
// and import such a file back into history.
import { useRef, type ChangeEvent } from "react";
import { collectionText, fromCollection, toCollection } from "../lib/collection";
import type { HistoryEntry } from "../lib/history";
import type { History } from "../useHistory";

interface Props {
  history: History;
  selected: Set<number>;
  onNotice(text: string, isError?: boolean): void;
}

function download(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function CollectionTools({ history, selected, onNotice }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);

  const exportEntries = async (entries: HistoryEntry[]) => {
    const file = toCollection(entries, window.location.origin);
    const day = new Date().toISOString().slice(0, 10);
    download(collectionText(file), `mockman-collection-${day}.json`);
    onNotice(`Exported ${entries.length} request${entries.length === 1 ? "" : "s"}. Run them with: npx mockman replay FILE`);
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    try {
      const entries = fromCollection(await file.text());
      await history.addMany(entries);
      onNotice(`Imported ${entries.length} request${entries.length === 1 ? "" : "s"} from ${file.name} into the history.`);
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
