// The tester: request and response side by side on wide screens (a draggable
// split), stacked on narrow ones; history and the mock's settings below.
// The page assembles; the hooks in ../hooks hold the state (tabs, sending,
// paging, the copy server, commands, environments, the status line, the split).
import { Suspense, lazy, useEffect, useMemo, useState, type CSSProperties } from "react";
import type { PostmanItem } from "#mock/tester/postman/convert";
import { BODY_ERROR } from "../lib/body";
import { readParts } from "../lib/bodies";
import { headersToSend } from "../lib/headers";
import type { HistoryEntry } from "../lib/history";
import { hasUnsavedChanges, type SavedCollection } from "../lib/saved";
import { NO_SCRIPTS, hasScripts, scriptsOf } from "../lib/scripts";
import { MAX_TABS, blankTab, duplicateTab, tabTitle, type RequestTab } from "../lib/tabs";
import { useAuthTools } from "../hooks/useAuthTools";
import { useBaseUrl } from "../hooks/useBaseUrl";
import { useCollections } from "../hooks/useCollections";
import { useCurlTools } from "../hooks/useCurlTools";
import { useDialogs } from "../hooks/useDialogs";
import { useEndpointChoice } from "../hooks/useEndpointChoice";
import { useEnvironments } from "../hooks/useEnvironments";
import { useHistory } from "../hooks/useHistory";
import { useNotice } from "../hooks/useNotice";
import { usePaging } from "../hooks/usePaging";
import { useRequestTabs } from "../hooks/useRequestTabs";
import { useSaving } from "../hooks/useSaving";
import { useScripts } from "../hooks/useScripts";
import { useSend } from "../hooks/useSend";
import { useSplit } from "../hooks/useSplit";
import { useVariables } from "../hooks/useVariables";
import { AuthHelper } from "./AuthHelper";
import { CollectionsPanel } from "./CollectionsPanel";
import { CopyFallback } from "./CopyFallback";
import { EnvironmentBar } from "./EnvironmentBar";
import { HistoryPanel } from "./HistoryPanel";
import { MockSettings } from "./MockSettings";
import { MockmanDialogs } from "./MockmanDialogs";
import { MockmanTopBar } from "./MockmanTopBar";
import { QueryParams } from "./QueryParams";
import { RequestPanel } from "./RequestPanel";
import { RequestMenu } from "./RequestMenu";
import { ResponsePanel } from "./ResponsePanel";
import { SaveDialog } from "./SaveDialog";
import { ScriptsDialog } from "./ScriptsDialog";
import { ScriptsSection } from "./ScriptsSection";
import { ServeAddress } from "./ServeAddress";
import { Splitter } from "./Splitter";
import { TabBar, tabDomId } from "./TabBar";
import { TestResults, testsLabel } from "./TestResults";

// The runner (and the engine's reports it exports) loads when a Run is first asked for.
const RunnerDialog = lazy(() => import("./RunnerDialog"));

type OwnerTarget = { collection: SavedCollection; folder: PostmanItem | null };

const REQUEST_PANEL_ID = "mm-request-panel";

export function MockmanPage() {
  const tabs = useRequestTabs();
  const { tab } = tabs;
  const { notice, say } = useNotice();
  const history = useHistory();
  const environments = useEnvironments();
  const { variables, environmentName, endpointPreview, bodyCheck } = useVariables(environments, tab.endpoint, tab.bodyText);
  const collections = useCollections();
  const scripts = useScripts({ collections, environments, variables });
  const sender = useSend({ tabs, history, variables, environmentName, scripted: scripts });
  const [editingScripts, setEditingScripts] = useState<OwnerTarget | null>(null);
  const [running, setRunning] = useState<OwnerTarget | null>(null);
  const testRun = scripts.runs[tab.id];
  const { sending, sendingId, problem, setProblem } = sender;
  const endpoints = useEndpointChoice(tabs);
  const paging = usePaging({ tabs, suggestions: endpoints.suggestions, submit: sender.submit });
  const baseUrl = useBaseUrl();
  const dialogs = useDialogs();
  const curl = useCurlTools({ tabs, baseUrl, say, onFilled: () => setProblem(null) });
  const auth = useAuthTools({ tabs, sender, variables, say });
  const { split, setSplit } = useSplit();
  const saving = useSaving({ tabs, collections, say });
  // A Submit refused for bad JSON stops saying so once the body is valid again.
  useEffect(() => {
    if (bodyCheck.ok) setProblem((p) => (p?.startsWith(`Not sent: ${BODY_ERROR}`) ? null : p));
  }, [bodyCheck.ok, setProblem]);
  const lastRequest = useMemo(() => ({ method: tab.method, endpoint: tab.lastEndpoint }), [tab.method, tab.lastEndpoint]);

  const restore = (entry: HistoryEntry) => {
    tabs.fill({
      method: entry.method,
      endpoint: entry.endpoint,
      headers: entry.headers,
      body: entry.body,
      bodies: readParts(entry.bodies),
    });
    setProblem(null);
    say(`Restored ${entry.method} ${entry.endpoint} into the request panel.`);
  };
  const openTab = (fresh: RequestTab) => {
    if (!tabs.open(fresh)) return say(`At most ${MAX_TABS} tabs are open at once; close one first.`, true);
    setProblem(null);
  };
  const closeTab = (id: string) => {
    if (id === sendingId) return say("That tab is still sending; close it once its answer is in.", true);
    tabs.close(id);
    setProblem(null);
  };

  return (
    <div className="mm-page">
      <MockmanTopBar />
      <main className="mm-main">
        <p className={notice?.isError ? "mm-notice mm-notice-error" : "mm-notice"} role="status">
          {notice?.text}
        </p>
        <TabBar
          tabs={tabs.state.tabs}
          activeId={tab.id}
          panelId={REQUEST_PANEL_ID}
          busyId={sendingId}
          onSelect={tabs.select}
          onNew={() => openTab(blankTab())}
          onDuplicate={() => openTab(duplicateTab(tab))}
          onClose={closeTab}
        />
        <div className="mm-workspace" style={{ "--mm-split": `${split}%` } as CSSProperties}>
          <RequestPanel
            {...{ sending, problem, bodyCheck }}
            method={tab.method}
            endpoint={tab.endpoint}
            rows={tab.headers}
            bodyText={tab.bodyText}
            bodyTypes={{
              tabId: tab.id,
              parts: tab.bodies,
              method: tab.method,
              headers: headersToSend(tab.headers),
              onChange: tabs.setBodies,
            }}
            panelId={REQUEST_PANEL_ID}
            tabId={tabDomId(tab.id)}
            environment={
              <EnvironmentBar
                state={environments.state}
                resolvedUrl={endpointPreview.url}
                unresolved={endpointPreview.unresolved}
                onActive={(activeId) => environments.update((s) => ({ ...s, activeId }))}
                onEdit={() => dialogs.setEnvironmentOpen(true)}
              />
            }
            menu={
              <RequestMenu
                actions={[
                  { label: "Save", run: () => void saving.save() },
                  { label: "Code", run: () => dialogs.setCodeOpen(true), dialog: true },
                  { label: "Copy as cURL", run: () => void curl.copyCurl() },
                  { label: "Copy as mockman request", run: () => void curl.copyMockman() },
                  { label: "Paste cURL", run: () => dialogs.setCurlOpen(true), dialog: true },
                  { label: "Use guest token", run: auth.fillGuestToken, disabled: sending },
                ]}
              />
            }
            toolsOutput={<CopyFallback text={curl.copyFallback} />}
            savedAs={tab.saved ? { name: tab.saved.name, unsaved: hasUnsavedChanges(tab) } : null}
            settings={
              <ServeAddress baseUrl={baseUrl.baseUrl} problem={baseUrl.check.ok ? null : baseUrl.check.message} onChange={baseUrl.change} />
            }
            scripts={
              <ScriptsSection
                idPrefix="mm-req-scripts"
                value={tab.scripts ?? NO_SCRIPTS}
                onChange={(next) => tabs.patch(() => ({ scripts: next }))}
              />
            }
            scriptsSet={hasScripts(tab.scripts)}
            paramCount={tab.params.filter((row) => row.enabled && row.key).length}
            onMethod={tabs.setMethod}
            onEndpoint={endpoints.choose}
            auth={<AuthHelper key={tab.id} value={tab.auth} onChange={auth.changeAuth} />}
            params={<QueryParams rows={tab.params} suggested={paging.suggested} onChange={tabs.changeParams} onSuggest={paging.suggest} />}
            suggestions={endpoints.suggestions}
            onEndpointPaste={curl.pasteIntoEndpoint}
            onRows={tabs.setRows}
            onBody={tabs.setBodyText}
            onSubmit={() => void sender.submit()}
          />
          <Splitter value={split} onChange={setSplit} controls={REQUEST_PANEL_ID} />
          <ResponsePanel
            outcome={tab.outcome}
            sending={sending}
            onNextPage={paging.onNextPage}
            request={lastRequest}
            pagingHint={paging.hint}
            onAddLimit={paging.addLimit}
            testsTab={testRun ? { id: "tests", label: testsLabel(testRun), content: <TestResults run={testRun} /> } : null}
          />
        </div>
        <CollectionsPanel
          collections={collections}
          onOpen={saving.open}
          onNotice={say}
          currentId={tab.saved?.itemId ?? null}
          moreActions={(collection, folder) => [
            { label: "Edit scripts…", run: () => setEditingScripts({ collection, folder }), dialog: true },
            { label: "Run…", run: () => setRunning({ collection, folder }), dialog: true },
          ]}
        />
        <HistoryPanel history={history} onRestore={restore} onNotice={say} />
        <MockSettings />
      </main>
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
            collection={running.collection}
            folder={running.folder ? { id: running.folder.id!, name: running.folder.name ?? "folder" } : null}
            variables={variables}
            onClose={() => setRunning(null)}
          />
        </Suspense>
      )}
      <MockmanDialogs {...{ dialogs, curl, baseUrl, environments, variables, environmentName }} />
    </div>
  );
}
