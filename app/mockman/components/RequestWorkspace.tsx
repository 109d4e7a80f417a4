// The request and its answer: the request panel (URL line, sections, helper
// menu) above the response, with a draggable split between them on wide
// screens (how tall the request pane may be); stacked without it on narrow ones. State from hooks/useMockman.ts.
import { memo, type CSSProperties } from "react";
import { headersToSend } from "../lib/headers";
import { hasUnsavedChanges } from "../lib/saved";
import { NO_SCRIPTS, hasScripts } from "../lib/scripts";
import type { Mockman } from "../hooks/useMockman";
import type { TestRun } from "../hooks/useScripts";
import { AuthHelper } from "./AuthHelper";
import { CopyFallback } from "./CopyFallback";
import { EnvironmentBar } from "./EnvironmentBar";
import { QueryParams } from "./QueryParams";
import { RequestMenu } from "./RequestMenu";
import { RequestPanel } from "./RequestPanel";
import { ResponsePanel } from "./ResponsePanel";
import { ScriptsSection } from "./ScriptsSection";
import { ServeAddress } from "./ServeAddress";
import { Splitter } from "./Splitter";
import { tabDomId } from "./TabBar";
import { TestResults, testsLabel } from "./TestResults";

/** What the workspace shows of the page's state: each part one object while it stays as it is (the hooks memo them). */
export type WorkspaceParts = Pick<
  Mockman,
  | "tab"
  | "tabs"
  | "sender"
  | "environments"
  | "endpointPreview"
  | "bodyCheck"
  | "dialogs"
  | "saving"
  | "curl"
  | "auth"
  | "baseUrl"
  | "paging"
  | "endpoints"
  | "split"
  | "lastRequest"
  | "authNote"
>;

/** The workspace's parts of `page`: what the history, the collections or a closed dialog hold is not among them. */
export const workspaceParts = (page: Mockman): WorkspaceParts => {
  const { tab, tabs, sender, environments, endpointPreview, bodyCheck, dialogs, saving, curl, auth, baseUrl, paging, endpoints, split } =
    page;
  return {
    tab,
    tabs,
    sender,
    environments,
    endpointPreview,
    bodyCheck,
    dialogs,
    saving,
    curl,
    auth,
    baseUrl,
    paging,
    endpoints,
    split,
    lastRequest: page.lastRequest,
    authNote: page.authNote,
  };
};

interface Props extends WorkspaceParts {
  panelId: string;
  /** The active tab's last test results. */
  testRun: TestRun | undefined;
}

/** Memo'd: a change to the history or the collections alone passes it by. */
export const RequestWorkspace = memo(function RequestWorkspace(props: Props) {
  const { tab, tabs, sender, environments, endpointPreview, dialogs, saving, curl, auth, baseUrl, paging, endpoints, panelId, testRun } =
    props;
  const { sending, problem } = sender;
  return (
    <div className="mm-workspace" style={{ "--mm-split": `${props.split.split}vh` } as CSSProperties}>
      <RequestPanel
        {...{ sending, problem, panelId }}
        bodyCheck={props.bodyCheck}
        method={tab.method}
        endpoint={tab.endpoint}
        rows={tab.headers}
        bodyText={tab.bodyText}
        bodyTypes={{ tabId: tab.id, parts: tab.bodies, method: tab.method, headers: headersToSend(tab.headers), onChange: tabs.setBodies }}
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
        auth={<AuthHelper key={tab.id} value={tab.auth} signedBy={props.authNote} onChange={auth.changeAuth} />}
        params={<QueryParams rows={tab.params} suggested={paging.suggested} onChange={tabs.changeParams} onSuggest={paging.suggest} />}
        suggestions={endpoints.suggestions}
        onEndpointPaste={curl.pasteIntoEndpoint}
        onRows={tabs.setRows}
        onBody={tabs.setBodyText}
        onSubmit={() => void sender.submit()}
        onSave={() => void saving.save()}
      />
      <Splitter value={props.split.split} onChange={props.split.setSplit} controls={panelId} />
      <ResponsePanel
        outcome={tab.outcome}
        sending={sending}
        onNextPage={paging.onNextPage}
        request={props.lastRequest}
        pagingHint={paging.hint}
        onAddLimit={paging.addLimit}
        testsTab={testRun ? { id: "tests", label: testsLabel(testRun), content: <TestResults run={testRun} /> } : null}
      />
    </div>
  );
});
