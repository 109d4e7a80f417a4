// The page's dialogs: Save's naming dialog, those a collection or folder opens from its menu (Edit scripts…,
// Run…), Code, Environments, Paste cURL, and what a tab with unsaved changes asks before it closes. The runner and Code (it brings httpsnippet) load when first opened.
import { Suspense, lazy, useCallback } from "react";
import { DEFAULT_BASE_URL } from "../lib/curl";
import { scriptsOf } from "../lib/scripts";
import { tabTitle } from "../lib/tabs";
import type { Mockman } from "../hooks/useMockman";
import { CurlDialog } from "./CurlDialog";
import { EnvironmentDialog } from "./EnvironmentDialog";
import { FormDialog } from "./FormDialog";
import { SaveDialog } from "./SaveDialog";
import { ScriptsDialog } from "./ScriptsDialog";

const RunnerDialog = lazy(() => import("./RunnerDialog"));
const CodeDialog = lazy(() => import("./CodeDialog"));

export function PageDialogs({ page }: { page: Mockman }) {
  const { saving, collections, say, tab, dialogs, curl, baseUrl } = page;
  const closing = page.tabs.state.tabs.find((t) => t.id === page.closing);
  const { editingScripts, setEditingScripts, running, setRunning } = page.owners;
  // Environments and Paste cURL are memo'd: the same closers for the page's life, so typing in the form passes them by.
  const { setEnvironmentOpen, setCurlOpen } = dialogs;
  const closeEnvironment = useCallback(() => setEnvironmentOpen(false), [setEnvironmentOpen]);
  const closeCurl = useCallback(() => setCurlOpen(false), [setCurlOpen]);
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
      {dialogs.codeOpen !== null && (
        <Suspense fallback={null}>
          <CodeDialog
            open={dialogs.codeOpen}
            onClose={() => dialogs.setCodeOpen(false)}
            request={curl.codeRequest}
            variables={page.variables}
            environmentName={page.environmentName}
            signature={page.signature}
            baseUrl={baseUrl.check.ok ? baseUrl.check.url : DEFAULT_BASE_URL}
          />
        </Suspense>
      )}
      <EnvironmentDialog open={dialogs.environmentOpen} environments={page.environments} onClose={closeEnvironment} />
      <FormDialog
        id="mm-close-tab"
        open={page.closing !== null}
        title={closing && `Save changes to ${closing.saved?.name ?? tabTitle(closing)}?`}
        submit="Save"
        onClose={() => page.setClosing(null)}
        onSubmit={() => {
          const id = page.closing!;
          page.setClosing(null);
          void saving.save(id).then((saved) => saved && closeAnswered(page, id));
        }}
        extra={
          <button type="button" className="mm-button" onClick={() => closeAnswered(page, page.closing!)}>
            Don&apos;t save
          </button>
        }
      >
        <p>Closing the tab without saving loses its changes.</p>
      </FormDialog>
      <CurlDialog open={dialogs.curlOpen} onClose={closeCurl} onFill={curl.fillFromDialog} />
    </>
  );
}

/** Closes the tab the close dialog asked about; its neighbour, now active, takes the focus the dialog gives back. */
function closeAnswered(page: Mockman, id: string) {
  page.closeTab(id, false);
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-label="Open requests"] [aria-selected="true"]')?.focus());
}
