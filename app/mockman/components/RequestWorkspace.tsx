// The request and its answer: the request above the response, with a draggable split between them on wide
// screens (how tall the request pane may be); stacked without it on narrow ones. State from hooks/useMockman.ts.
// The request is laid out as Postman and Hoppscotch do: method, endpoint, Submit, Save and the Tools menu on one
// line; under it the request's sections as tabs (Body, Params, Authorization, Scripts, Settings) with the headers
// editor beside them, so the headers and the JSON body are both in the first screen.
import { memo, useState, type CSSProperties } from "react";
import { METHODS } from "../lib/body";
import { editHeaderRow, headersToSend, removeHeaderRow, toggleHeaderRow, usedHeaderCount } from "../lib/headers";
import { hasUnsavedChanges } from "../lib/saved";
import { NO_SCRIPTS, hasScripts } from "../lib/scripts";
import type { Mockman } from "../hooks/useMockman";
import { AuthHelper } from "./AuthHelper";
import { BodyEditor } from "./BodyEditor";
import { BodyTypes } from "./BodyTypes";
import { EnvironmentBar } from "./EnvironmentBar";
import { QueryParams } from "./QueryParams";
import { RequestMenu } from "./RequestMenu";
import { ResponsePanel } from "./ResponsePanel";
import { RowTable } from "./RowTable";
import { ScriptsSection } from "./ScriptsSection";
import { SectionTabs } from "./SectionTabs";
import { ServeAddress } from "./ServeAddress";
import { Splitter } from "./Splitter";
import { tabDomId } from "./TabBar";
import { TestResults, testsLabel } from "./TestResults";

const WORKSPACE_KEYS = [
  "tab",
  "tabs",
  "sender",
  "environments",
  "endpointPreview",
  "bodyCheck",
  "dialogs",
  "saving",
  "curl",
  "auth",
  "baseUrl",
  "paging",
  "endpoints",
  "split",
  "lastRequest",
  "authNote",
] as const;

/** What the workspace shows of the page's state: each part one object while it stays as it is (the hooks memo them). */
export type WorkspaceParts = Pick<Mockman, (typeof WORKSPACE_KEYS)[number]>;

/** The workspace's parts of `page`: what the history, the collections or a closed dialog hold is not among them. */
export const workspaceParts = (page: Mockman) => Object.fromEntries(WORKSPACE_KEYS.map((key) => [key, page[key]])) as WorkspaceParts;

interface Props extends WorkspaceParts {
  panelId: string;
}

/** Memo'd: a change to the history or the collections alone passes it by. */
export const RequestWorkspace = memo(function RequestWorkspace(props: Props) {
  const { tab, tabs, sender, environments, endpointPreview, dialogs, saving, curl, auth, baseUrl, paging, endpoints, panelId } = props;
  const { sending, problem } = sender;
  const { method } = tab;
  const [section, setSection] = useState("body");
  const methods: readonly string[] = METHODS.includes(method as (typeof METHODS)[number]) ? METHODS : [...METHODS, method];
  return (
    <div className="mm-workspace" style={{ "--mm-split": `${props.split.split}vh` } as CSSProperties}>
      <section id={panelId} className="mm-panel mm-request" role="tabpanel" aria-labelledby={tabDomId(tab.id)}>
        <h2 id="mm-request-title" className="mm-visually-hidden">
          Request
        </h2>
        {tab.saved && (
          <p className="mm-saved-as" data-testid="saved-as">
            <span className="mm-saved-as-name">{tab.saved.name}</span>
            {hasUnsavedChanges(tab) ? (
              <span className="mm-unsaved"> · Unsaved changes (Ctrl+S or ⌘S saves)</span>
            ) : (
              <span className="mm-meta"> · Saved</span>
            )}
          </p>
        )}
        <div className="mm-urlbar">
          <form
            className="mm-urlbar-form"
            onSubmit={(e) => {
              e.preventDefault();
              void sender.submit();
            }}
          >
            <label className="mm-visually-hidden" htmlFor="mm-method">
              Method
            </label>
            <select
              id="mm-method"
              className={`mm-select mm-method-${method.toLowerCase()}`}
              value={method}
              onChange={(e) => tabs.setMethod(e.target.value)}
            >
              {methods.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            <label className="mm-visually-hidden" htmlFor="mm-endpoint">
              Endpoint
            </label>
            <input
              id="mm-endpoint"
              className="mm-input mm-endpoint"
              value={tab.endpoint}
              placeholder="Enter your endpoint"
              spellCheck={false}
              autoComplete="off"
              list="mm-routes"
              aria-describedby={problem ? "mm-submit-problem" : "mm-submit-hint"}
              onChange={(e) => endpoints.choose(e.target.value)}
              onPaste={curl.pasteIntoEndpoint}
            />
            <datalist id="mm-routes">
              {endpoints.suggestions.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.summary}
                </option>
              ))}
            </datalist>
            <button
              type="submit"
              className="mm-button mm-primary mm-submit"
              aria-keyshortcuts="Control+Enter Meta+Enter"
              title="Ctrl+Enter or ⌘+Enter"
              disabled={sending}
            >
              {sending ? "Sending…" : "Submit"}
            </button>
            <button
              type="button"
              className="mm-button mm-save"
              aria-keyshortcuts="Control+S Meta+S"
              title="Ctrl+S or ⌘S"
              onClick={() => void saving.save()}
            >
              Save
            </button>
          </form>
          <RequestMenu
            actions={[
              { label: "Code", run: () => dialogs.setCodeOpen(true), dialog: true },
              { label: "Copy as cURL", run: () => void curl.copyCurl() },
              { label: "Copy as mockman request", run: () => void curl.copyMockman() },
              { label: "Paste cURL", run: () => dialogs.setCurlOpen(true), dialog: true },
              { label: "Use guest token", run: auth.fillGuestToken },
            ]}
          />
        </div>
        {problem ? (
          <p id="mm-submit-problem" className="mm-error" role="alert">
            {problem}
          </p>
        ) : (
          <p id="mm-submit-hint" className="mm-visually-hidden">
            Ctrl+Enter or ⌘+Enter sends from anywhere. Paste a cURL command into the endpoint to fill the form.
          </p>
        )}
        {curl.copyFallback !== null && (
          <div className="mm-copy-fallback">
            <label className="mm-field-label" htmlFor="mm-copy-out">
              The clipboard is not available here; copy the command from this box
            </label>
            <textarea
              id="mm-copy-out"
              className="mm-textarea"
              readOnly
              rows={3}
              value={curl.copyFallback}
              onFocus={(e) => e.target.select()}
            />
          </div>
        )}
        <EnvironmentBar
          state={environments.state}
          resolvedUrl={endpointPreview.url}
          unresolved={endpointPreview.unresolved}
          onActive={(id) => environments.update((s) => ({ ...s, activeId: id || null }))}
          onEdit={() => dialogs.setEnvironmentOpen(true)}
        />
        <div className="mm-request-parts">
          <SectionTabs
            label="Request sections"
            idPrefix="mm-req"
            className="mm-request-sections"
            selected={section}
            onSelect={setSection}
            tabs={[
              {
                id: "body",
                label: "Body",
                content: (
                  <BodyTypes
                    tabId={tab.id}
                    parts={tab.bodies}
                    method={method}
                    headers={headersToSend(tab.headers)}
                    onChange={tabs.setBodies}
                    json={<BodyEditor text={tab.bodyText} check={props.bodyCheck} method={method} onChange={tabs.setBodyText} />}
                  />
                ),
              },
              {
                id: "params",
                label: `Params (${tab.params.filter((row) => row.enabled && row.key).length})`,
                content: (
                  <QueryParams rows={tab.params} suggested={paging.suggested} onChange={tabs.changeParams} onSuggest={paging.suggest} />
                ),
              },
              {
                id: "auth",
                label: "Authorization",
                content: <AuthHelper key={tab.id} value={tab.auth} signedBy={props.authNote} onChange={auth.changeAuth} />,
              },
              {
                id: "scripts",
                label: hasScripts(tab.scripts) ? "Scripts •" : "Scripts",
                content: (
                  <ScriptsSection
                    idPrefix="mm-req-scripts"
                    value={tab.scripts ?? NO_SCRIPTS}
                    onChange={(next) => tabs.patch(() => ({ scripts: next }))}
                  />
                ),
              },
              {
                id: "settings",
                label: "Settings",
                content: (
                  <ServeAddress
                    baseUrl={baseUrl.baseUrl}
                    problem={baseUrl.check.ok ? null : baseUrl.check.message}
                    onChange={baseUrl.change}
                  />
                ),
              },
            ]}
          />
          <fieldset className="mm-headers">
            <legend className="mm-section-title">Headers ({usedHeaderCount(tab.headers)})</legend>
            {/* The last row is always blank; typing in it appends the next one. */}
            <RowTable
              rows={tab.headers.map((row) => ({ id: row.id, on: row.isUsed, name: row.header, value: row.value }))}
              noun="header"
              heads={["Send", "Header", "Value"]}
              namePlaceholder={(last) => (last ? "New header" : "Header")}
              valuePlaceholder="Value"
              testId="header-row"
              onToggle={(id) => tabs.setRows((r) => toggleHeaderRow(r, id))}
              // Functional updates: fast typing never works on stale rows.
              onEdit={(id, field, text) => tabs.setRows((r) => editHeaderRow(r, id, field === "name" ? "header" : "value", text))}
              onRemove={(id) => tabs.setRows((r) => removeHeaderRow(r, id))}
              fixed={(row, last) => last && !row.on && !row.name && !row.value}
            />
          </fieldset>
        </div>
      </section>
      <Splitter value={props.split.split} onChange={props.split.setSplit} controls={panelId} />
      <ResponsePanel
        outcome={tab.outcome}
        sending={sending}
        onNextPage={paging.onNextPage}
        request={props.lastRequest}
        pagingHint={paging.hint}
        onAddLimit={paging.addLimit}
        testsTab={tab.tests ? { id: "tests", label: testsLabel(tab.tests), content: <TestResults run={tab.tests} /> } : null}
      />
    </div>
  );
});
