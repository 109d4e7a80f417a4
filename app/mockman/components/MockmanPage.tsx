// The tester: request and response side by side, history below the request.
// The page assembles; the hooks in ../hooks hold the state (tabs, sending,
// paging, the copy server, commands, environments, the status line).
import { useMemo } from "react";
import type { HistoryEntry } from "../lib/history";
import { MAX_TABS, blankTab, duplicateTab, type RequestTab } from "../lib/tabs";
import { useAuthTools } from "../hooks/useAuthTools";
import { useBaseUrl } from "../hooks/useBaseUrl";
import { useCurlTools } from "../hooks/useCurlTools";
import { useDialogs } from "../hooks/useDialogs";
import { useEndpointChoice } from "../hooks/useEndpointChoice";
import { useEnvironments } from "../hooks/useEnvironments";
import { useHistory } from "../hooks/useHistory";
import { useNotice } from "../hooks/useNotice";
import { usePaging } from "../hooks/usePaging";
import { useRequestTabs } from "../hooks/useRequestTabs";
import { useSend } from "../hooks/useSend";
import { useVariables } from "../hooks/useVariables";
import { AuthHelper } from "./AuthHelper";
import { EnvironmentBar } from "./EnvironmentBar";
import { HistoryPanel } from "./HistoryPanel";
import { MockSettings } from "./MockSettings";
import { MockmanDialogs } from "./MockmanDialogs";
import { MockmanTopBar } from "./MockmanTopBar";
import { QueryParams } from "./QueryParams";
import { RequestPanel } from "./RequestPanel";
import { RequestTools } from "./RequestTools";
import { ResponsePanel } from "./ResponsePanel";
import { TabBar, tabDomId } from "./TabBar";

const REQUEST_PANEL_ID = "mm-request-panel";

export function MockmanPage() {
  const tabs = useRequestTabs();
  const { tab } = tabs;
  const { notice, say } = useNotice();
  const history = useHistory();
  const environments = useEnvironments();
  const { variables, environmentName, endpointPreview, bodyCheck } = useVariables(environments, tab.endpoint, tab.bodyText);
  const sender = useSend({ tabs, history, variables, environmentName });
  const { sending, sendingId, problem, setProblem } = sender;
  const endpoints = useEndpointChoice(tabs);
  const paging = usePaging({ tabs, suggestions: endpoints.suggestions, submit: sender.submit });
  const baseUrl = useBaseUrl();
  const dialogs = useDialogs();
  const curl = useCurlTools({ tabs, baseUrl, say, onFilled: () => setProblem(null) });
  const auth = useAuthTools({ tabs, sender, variables, say });
  const lastRequest = useMemo(() => ({ method: tab.method, endpoint: tab.lastEndpoint }), [tab.method, tab.lastEndpoint]);

  const restore = (entry: HistoryEntry) => {
    tabs.fill({ method: entry.method, endpoint: entry.endpoint, headers: entry.headers, body: entry.body });
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
        <RequestPanel
          {...{ sending, problem, bodyCheck }}
          method={tab.method}
          endpoint={tab.endpoint}
          rows={tab.headers}
          bodyText={tab.bodyText}
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
          tools={
            <RequestTools
              busy={sending}
              copyFallback={curl.copyFallback}
              baseUrl={baseUrl.baseUrl}
              baseUrlProblem={baseUrl.check.ok ? null : baseUrl.check.message}
              onBaseUrl={baseUrl.change}
              onGuestToken={auth.fillGuestToken}
              onCopyCurl={curl.copyCurl}
              onCopyMockman={curl.copyMockman}
              onPasteCurl={() => dialogs.setCurlOpen(true)}
              onCode={() => dialogs.setCodeOpen(true)}
            />
          }
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
        <ResponsePanel
          outcome={tab.outcome}
          sending={sending}
          onNextPage={paging.onNextPage}
          request={lastRequest}
          pagingHint={paging.hint}
          onAddLimit={paging.addLimit}
        />
        <HistoryPanel history={history} onRestore={restore} onNotice={say} />
        <MockSettings />
      </main>
      <MockmanDialogs {...{ dialogs, curl, baseUrl, environments, variables, environmentName }} />
    </div>
  );
}
