// The tester: the request above its response (a draggable split on wide
// screens), as Postman and Hoppscotch lay them out; collections, history and the mock's settings
// below. The page lays out; hooks/useMockman.ts puts its state together from
// the hooks beside it (tabs, sending, paging, the copy server, commands,
// environments, collections and scripts, the status line, the split).
import { useCallback, type ReactNode } from "react";
import { downloadText } from "#app/lib/download";
import type { PostmanItem } from "#mock/tester/postman/convert";
import type { SavedCollection } from "../lib/saved";
import { blankTab, duplicateTab } from "../lib/tabs";
import { useMockman, type Mockman } from "../hooks/useMockman";
import { CollectionsPanel } from "./CollectionsPanel";
import { HistoryPanel } from "./HistoryPanel";
import { MockSettings } from "./MockSettings";
import { PageDialogs } from "./PageDialogs";
import { RequestWorkspace, workspaceParts } from "./RequestWorkspace";
import { TabBar } from "./TabBar";

const REQUEST_PANEL_ID = "mm-request-panel";

export function MockmanPage() {
  // The API lives in this tab, so its OpenAPI description comes through it (the static server has no /api),
  // ready for Postman, Insomnia, Bruno or Swagger UI to import.
  const downloadOpenApi = async () => downloadText(await (await fetch("/api/openapi.json")).text(), "moments.openapi.json");
  const topBar = (
    <header className="mm-topbar">
      <h1 className="mm-logo">mockman</h1>
      <p className="mm-tagline">Request tester for the Moments mock API</p>
      <button type="button" className="mm-openapi-link" onClick={() => void downloadOpenApi()}>
        OpenAPI description
      </button>
      <a className="mm-home-link" href="/">
        Moments
      </a>
    </header>
  );
  return <MockmanLayout topBar={topBar} settings={<MockSettings />} />;
}

/**
 * The page under its top bar: the request column, collections, history, `settings` (the mock's), and the
 * dialogs, on one useMockman. The component tests render it without the two slots (they need the app's router).
 */
export function MockmanLayout({ topBar, settings }: { topBar?: ReactNode; settings?: ReactNode }) {
  const page = useMockman();
  const { tab, say, collections } = page;
  const { setEditingScripts, setRunning } = page.owners;
  // The side panels are memo'd: what they get stays the same object until what they show changes.
  const moreActions = useCallback(
    (collection: SavedCollection, folder: PostmanItem | null) => [
      { label: "Edit scripts", run: () => setEditingScripts({ collection, folder }), dialog: true },
      { label: "Run", run: () => setRunning({ collection, folder }), dialog: true },
    ],
    [setEditingScripts, setRunning],
  );

  return (
    // Busy until the history, the collections and the environments kept in IndexedDB have been read.
    <div className="mm-page" aria-busy={!(page.history.ready && collections.ready && page.environments.ready)}>
      {topBar}
      <main className="mm-main">
        <RequestColumn page={page} />
        <CollectionsPanel
          collections={collections}
          onOpen={page.saving.open}
          onNotice={say}
          currentId={tab.saved?.itemId ?? null}
          moreActions={moreActions}
        />
        <HistoryPanel history={page.history} onRestore={page.restore} onNotice={say} />
        {settings}
      </main>
      <PageDialogs page={page} />
    </div>
  );
}

/** The page's notice, the tab strip, and the active tab's request with its answer. */
export function RequestColumn({ page }: { page: Mockman }) {
  const { tab, tabs, notice } = page;
  return (
    <>
      <p className={notice?.isError ? "mm-notice mm-page-notice mm-notice-error" : "mm-notice mm-page-notice"} role="status">
        {/* Keyed by what was said: a notice said again in the same words replaces its node, which the live region announces. */}
        {notice && <span key={notice.seq}>{notice.text}</span>}
      </p>
      <TabBar
        tabs={tabs.state.tabs}
        activeId={tab.id}
        panelId={REQUEST_PANEL_ID}
        busyIds={page.sender.sendingIds}
        onSelect={tabs.select}
        onNew={() => page.openTab(blankTab())}
        onDuplicate={() => page.openTab(duplicateTab(tab))}
        onClose={page.closeTab}
        onKeep={(id) => tabs.patch(() => ({ preview: false }), id)}
      />
      <RequestWorkspace {...workspaceParts(page)} panelId={REQUEST_PANEL_ID} />
      {/* Outside the live region, so what it reads is the notice alone; after the request in the tab order. On a
          phone the bar covers the foot of the screen until the next notice: this takes it away. */}
      {notice ? (
        <button type="button" className="mm-notice-dismiss" aria-label="Dismiss the notice" title="Dismiss" onClick={page.dismissNotice}>
          ×
        </button>
      ) : null}
    </>
  );
}
