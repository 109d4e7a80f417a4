// An answer: status line with time and size (and Next page), the body's tools,
// the paging hint, the search, then Body, Headers and Cookies as tabs.
import { useState } from "react";
import { formatBytes, formatMs, type Outcome } from "../lib/send";
import { useBodyActions } from "../hooks/useBodyActions";
import { useResponseSearch } from "../hooks/useResponseSearch";
import { CookieTable, JsonView } from "./lazy";
import { ResponseBody } from "./ResponseBody";
import { SearchBox } from "./SearchBox";
import { SectionTabs, type SectionTab } from "./SectionTabs";

interface Props {
  outcome: Extract<Outcome, { kind: "response" }>;
  onNextPage: (() => void) | null;
  request: { method: string; endpoint: string };
  pagingHint: string | null;
  onAddLimit?: () => void;
  /** Test results, after a Send that ran scripts. */
  testsTab?: SectionTab | null;
}

export function ResponseView({ outcome, onNextPage, request, pagingHint, onAddLimit, testsTab }: Props) {
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
