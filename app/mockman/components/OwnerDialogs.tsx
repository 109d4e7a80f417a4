// The dialogs a collection or folder opens from its menu (Edit scripts…, Run…),
// and Save's naming dialog. The runner loads when a Run is first asked for.
import { Suspense, lazy } from "react";
import { scriptsOf } from "../lib/scripts";
import { tabTitle } from "../lib/tabs";
import type { Mockman } from "../hooks/useMockman";
import { SaveDialog } from "./SaveDialog";
import { ScriptsDialog } from "./ScriptsDialog";

// The runner (and the engine's reports it exports) loads when a Run is first asked for.
const RunnerDialog = lazy(() => import("./RunnerDialog"));

export function OwnerDialogs({ page }: { page: Mockman }) {
  const { saving, collections, say, tab } = page;
  const { editingScripts, setEditingScripts, running, setRunning } = page.owners;
  return (
    <>
      {saving.asking && (
        <SaveDialog
          suggestedName={tabTitle(tab)}
          collections={collections.collections}
          onClose={saving.cancel}
          onSave={(t) => void saving.saveAs(t)}
        />
      )}
      {editingScripts && (
        <ScriptsDialog
          owner={
            editingScripts.folder
              ? `the folder ${editingScripts.folder.name ?? "folder"}`
              : `the collection ${editingScripts.collection.name}`
          }
          initial={scriptsOf(editingScripts.folder ?? editingScripts.collection.postman)}
          onClose={() => setEditingScripts(null)}
          onSave={(next) => {
            const { collection, folder } = editingScripts;
            setEditingScripts(null);
            collections
              .setScripts(collection.id, folder?.id ?? null, next)
              .then(() => say(`Saved the scripts of ${folder?.name ?? collection.name}.`))
              .catch((error: unknown) => say(`Not saved: ${error instanceof Error ? error.message : String(error)}`, true));
          }}
        />
      )}
      {running && (
        <Suspense fallback={null}>
          <RunnerDialog
            collection={collections.collections.find((c) => c.id === running.collection.id) ?? running.collection}
            folder={running.folder ? { id: running.folder.id!, name: running.folder.name ?? "folder" } : null}
            vars={page}
            onClose={() => setRunning(null)}
          />
        </Suspense>
      )}
    </>
  );
}
