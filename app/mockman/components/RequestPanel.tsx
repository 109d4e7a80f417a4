// The request, laid out as Postman and Hoppscotch do: method, endpoint, Submit,
// Save and the Tools menu on one line; under it the request's sections as tabs
// (Body, Params, Authorization, Settings) with the headers editor beside them,
// so the headers and the JSON body are both in the first screen.
import type { RouteSuggestion } from "../lib/suggestions";
import { useState, type ClipboardEvent, type ReactNode } from "react";
import { METHODS, type BodyCheck } from "../lib/body";
import type { HeaderRow } from "../lib/headers";
import { BodyEditor } from "./BodyEditor";
import { BodyTypes, type BodyTypesProps } from "./BodyTypes";
import { HeadersEditor } from "./HeadersEditor";
import { SectionTabs } from "./SectionTabs";

interface Props {
  /** The panel's id, and the id of the tab (in the tab strip) that names it. */
  panelId: string;
  tabId: string;
  /** Routes from the API's OpenAPI description, offered as the endpoint is typed. */
  suggestions?: RouteSuggestion[];
  method: string;
  endpoint: string;
  rows: HeaderRow[];
  bodyText: string;
  bodyCheck: BodyCheck;
  /** The body type choice around the JSON editor (none, raw text, XML, form tables, binary, GraphQL). */
  bodyTypes: Omit<BodyTypesProps, "json">;
  sending: boolean;
  problem: string | null;
  /** The Tools menu beside Submit. */
  menu: ReactNode;
  /** The saved request this tab edits, and whether it has changed since. */
  savedAs: { name: string; unsaved: boolean } | null;
  /** What the Tools menu left to show (a command the clipboard refused). */
  toolsOutput: ReactNode;
  /** Bearer and Basic fields that write the Authorization header. */
  auth: ReactNode;
  /** The query parameters table, and how many of its rows are sent. */
  params: ReactNode;
  paramCount: number;
  /** The request's settings (the server copied commands target). */
  settings: ReactNode;
  /** The Scripts section (pre-request and tests), and whether the request has any. */
  scripts?: ReactNode;
  scriptsSet?: boolean;
  /** The active environment's picker and the resolved URL, under the endpoint. */
  environment: ReactNode;
  onMethod(method: string): void;
  onEndpoint(endpoint: string): void;
  onEndpointPaste(event: ClipboardEvent<HTMLInputElement>): void;
  onRows(update: (rows: HeaderRow[]) => HeaderRow[]): void;
  onBody(text: string): void;
  onSubmit(): void;
  /** Save beside Submit (Ctrl+S or ⌘S too): over the saved request, or asks for a name and a place. */
  onSave(): void;
}

export function RequestPanel(props: Props) {
  const { method, endpoint, sending, problem } = props;
  const [section, setSection] = useState("body");
  const methods: readonly string[] = METHODS.includes(method as (typeof METHODS)[number]) ? METHODS : [...METHODS, method];
  return (
    <section id={props.panelId} className="mm-panel mm-request" role="tabpanel" aria-labelledby={props.tabId}>
      <h2 id="mm-request-title" className="mm-visually-hidden">
        Request
      </h2>
      {props.savedAs && (
        <p className="mm-saved-as" data-testid="saved-as">
          <span className="mm-saved-as-name">{props.savedAs.name}</span>
          {props.savedAs.unsaved ? (
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
            props.onSubmit();
          }}
        >
          <label className="mm-visually-hidden" htmlFor="mm-method">
            Method
          </label>
          <select
            id="mm-method"
            className={`mm-select mm-method-${method.toLowerCase()}`}
            value={method}
            onChange={(e) => props.onMethod(e.target.value)}
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
            value={endpoint}
            placeholder="Enter your endpoint"
            spellCheck={false}
            autoComplete="off"
            list="mm-routes"
            aria-describedby={problem ? "mm-submit-problem" : "mm-submit-hint"}
            onChange={(e) => props.onEndpoint(e.target.value)}
            onPaste={props.onEndpointPaste}
          />
          <datalist id="mm-routes">
            {(props.suggestions ?? []).map((s) => (
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
            onClick={props.onSave}
          >
            Save
          </button>
        </form>
        {props.menu}
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
      {props.toolsOutput}
      {props.environment}
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
                  {...props.bodyTypes}
                  json={<BodyEditor text={props.bodyText} check={props.bodyCheck} method={method} onChange={props.onBody} />}
                />
              ),
            },
            { id: "params", label: `Params (${props.paramCount})`, content: props.params },
            { id: "auth", label: "Authorization", content: props.auth },
            ...(props.scripts ? [{ id: "scripts", label: props.scriptsSet ? "Scripts •" : "Scripts", content: props.scripts }] : []),
            { id: "settings", label: "Settings", content: props.settings },
          ]}
        />
        <HeadersEditor rows={props.rows} onChange={props.onRows} />
      </div>
    </section>
  );
}
