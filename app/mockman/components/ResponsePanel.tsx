// The response panel: nothing yet, the failure that came instead of an answer, or the answer (ResponseView:
// status line with time and size and Next page, the body's tools, the paging hint, the search, then Body,
// Headers and Cookies as tabs).
import { memo, useState } from "react";
import { formatBytes, formatMs, type Outcome } from "../lib/send";
import { useBodyActions } from "../hooks/useBodyActions";
import { useResponseSearch } from "../hooks/useResponseSearch";
import { CookieTable, JsonView } from "./lazy";
import { ResponseBody } from "./ResponseBody";
import { SearchBox } from "./SearchBox";
import { SectionTabs, type SectionTab } from "./SectionTabs";

// Memoized: typing in the request or a history update must not re-render a big tree.
interface Props {
  outcome: Outcome | null;
  sending: boolean;
  /** Asks for the page after this one, when the answer carries `next`. */
  onNextPage?: (() => void) | null;
  /** Where the answer came from, to name a saved file. */
  request?: { method: string; endpoint: string };
  /** A hint that a whole list came back where the route pages (`?limit=`), with its action. */
  pagingHint?: string | null;
  onAddLimit?: () => void;
  /** Test results, after a Send that ran scripts. */
  testsTab?: SectionTab | null;
}

export const ResponsePanel = memo(function ResponsePanel({ outcome, sending, ...view }: Props) {
  return (
    <section className="mm-panel mm-response" aria-labelledby="mm-response-title" aria-busy={sending}>
      <h2 id="mm-response-title" className="mm-panel-title">
        Response
      </h2>
      {/* Sent again: the last answer stays in place, dimmed, until the new one comes (as Postman shows it). A screen
          reader hears aria-busy and the Submit button's "Sending…"; this line is for the eye. */}
      {sending && outcome !== null && (
        <p className="mm-resending" aria-hidden="true">
          Sending…
        </p>
      )}
      {outcome === null ? (
        <p className="mm-empty">{sending ? "Sending…" : "Response is undefined."}</p>
      ) : outcome.kind === "failure" ? (
        <>
          <Failure error={outcome.error} ms={outcome.ms} />
          {view.testsTab && (
            <section aria-label={view.testsTab.label}>
              <h3 className="mm-field-label">{view.testsTab.label}</h3>
              {view.testsTab.content}
            </section>
          )}
        </>
      ) : (
        <ResponseView outcome={outcome} {...view} />
      )}
    </section>
  );
});

function Failure({ error, ms }: { error: string; ms: number }) {
  return (
    <div className="mm-failure">
      <p className="mm-status" data-testid="status-line">
        <span className="mm-badge mm-badge-error">No response</span>
        <span className="mm-meta">{formatMs(ms)}</span>
      </p>
      <p className="mm-explain" role="alert">
        The request failed before any response arrived, so this is the error itself: a network failure, a wrong address, or a server that
        refuses cross-origin requests (CORS).
      </p>
      {/* Scrollable: focusable so a keyboard can scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre className="mm-text" tabIndex={0}>
        {error}
      </pre>
    </div>
  );
}

export function ResponseView({
  outcome,
  onNextPage,
  request = { method: "GET", endpoint: "response" },
  pagingHint,
  onAddLimit,
  testsTab,
}: Omit<Props, "sending"> & { outcome: Extract<Outcome, { kind: "response" }> }) {
  const { response } = outcome;
  const actions = useBodyActions(response, request);
  const { view, setView } = actions;
  const found = useResponseSearch(response);
  const { headers, search } = found;
  const ok = response.status >= 200 && response.status < 300;
  const [tab, setTab] = useState("body");
  return (
    <div className="mm-response-body">
      <p className="mm-status" data-testid="status-line">
        <span className={`mm-badge ${ok ? "mm-badge-ok" : "mm-badge-error"}`}>
          {response.status} {response.statusText}
        </span>
        <span className="mm-meta" title="Time taken">
          {formatMs(response.ms)}
        </span>
        <span className="mm-meta" title="Body size">
          {formatBytes(response.size)}
        </span>
        {onNextPage && (
          <button type="button" className="mm-button mm-next-page" onClick={onNextPage}>
            Next page
          </button>
        )}
      </p>
      <div className="mm-toolbar" role="group" aria-label="Response tools">
        <button type="button" className="mm-button" onClick={() => void actions.copyBody()}>
          Copy body
        </button>
        <button type="button" className="mm-button" onClick={actions.saveBody}>
          Save body
        </button>
        {response.isJson && (
          <>
            <button type="button" className="mm-button" aria-pressed={view === "pretty"} onClick={() => setView("pretty")}>
              Pretty
            </button>
            <button type="button" className="mm-button" aria-pressed={view === "raw"} onClick={() => setView("raw")}>
              Raw
            </button>
          </>
        )}
        <span className="mm-hint" aria-live="polite">
          {actions.said}
        </span>
      </div>
      {pagingHint && (
        <p className="mm-hint mm-paging-hint">
          {pagingHint}{" "}
          {onAddLimit && (
            <button type="button" className="mm-button" onClick={onAddLimit}>
              Add ?limit=
            </button>
          )}
        </p>
      )}
      {!ok && (
        <p className="mm-explain" role="alert">
          The server answered with an error status ({response.status}); below is its error response.
        </p>
      )}
      <SearchBox
        id="mm-response-search"
        label="Search the response"
        placeholder="a key or a value"
        value={found.query}
        onChange={found.setQuery}
        status={found.status}
      />
      <SectionTabs
        label="Response sections"
        idPrefix="mm-res"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: "body", label: "Body", content: <ResponseBody response={response} view={view} text={actions.text} found={found} /> },
          {
            id: "headers",
            label: `Headers (${Object.keys(response.headers).length})`,
            content:
              headers === null ? (
                <JsonView data={response.headers} size={0} label="Response headers" />
              ) : headers.matches === 0 ? (
                <p className="mm-hint">No matches in the headers.</p>
              ) : (
                <JsonView key={`headers:${search}`} data={headers.data} size={0} label="Response headers" openAll />
              ),
          },
          {
            id: "cookies",
            label: response.setCookies ? `Cookies (${response.setCookies.length})` : "Cookies",
            content: <ResponseCookies setCookies={response.setCookies} url={request.endpoint} />,
          },
          ...(testsTab ? [testsTab] : []),
        ]}
      />
    </div>
  );
}

/** The Cookies tab: the cookies the answer set, or why there are none to show. */
function ResponseCookies({ setCookies, url }: { setCookies?: string[]; url: string }) {
  if (!setCookies)
    return (
      <p className="mm-hint">
        No cookies to show: this answer came from the network, and a browser hides an answer&apos;s Set-Cookie from the page that fetched it
        (as in Postman&apos;s web app). Answers of this page&apos;s own mock (/api/…) show their cookies here.
      </p>
    );
  if (setCookies.length === 0) return <p className="mm-hint">No cookies received from the server.</p>;
  return <CookieTable setCookies={setCookies} url={url} />;
}
