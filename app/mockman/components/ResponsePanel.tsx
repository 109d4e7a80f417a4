// The response: status line with time and size, then body and headers as trees.
import { SearchBox } from "./SearchBox";
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { NODE_COUNT_CAP, filterTree } from "../lib/filter";
import { formatBytes, formatMs, type Outcome } from "../lib/send";
import { JsonView } from "./JsonView";
import { downloadBlob, downloadText } from "#app/lib/download";
import type { Found, LargeJson } from "../lib/large-json";
import { LazyJsonView } from "./LazyJsonView";
import { extensionFor, prettyText, responseFileName } from "../lib/response-file";

/** Long text bodies are cut for display; the whole text is one click away. */
const TEXT_PREVIEW = 100_000;

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
}

export const ResponsePanel = memo(function ResponsePanel({ outcome, sending, onNextPage, request, pagingHint, onAddLimit }: Props) {
  return (
    <section className="mm-panel mm-response" aria-labelledby="mm-response-title" aria-busy={sending}>
      <h2 id="mm-response-title" className="mm-panel-title">
        Response
      </h2>
      {outcome === null ? (
        <p className="mm-empty">{sending ? "Sending…" : "Response is undefined."}</p>
      ) : outcome.kind === "failure" ? (
        <Failure error={outcome.error} ms={outcome.ms} />
      ) : (
        <ResponseView
          outcome={outcome}
          onNextPage={onNextPage ?? null}
          request={request ?? { method: "GET", endpoint: "response" }}
          pagingHint={pagingHint ?? null}
          onAddLimit={onAddLimit}
        />
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

interface ViewProps {
  outcome: Extract<Outcome, { kind: "response" }>;
  onNextPage: (() => void) | null;
  request: { method: string; endpoint: string };
  pagingHint: string | null;
  onAddLimit?: () => void;
}

function ResponseView({ outcome, onNextPage, request, pagingHint, onAddLimit }: ViewProps) {
  const { response } = outcome;
  const [view, setView] = useState<"pretty" | "raw">("pretty");
  const [said, setSaid] = useState("");
  const text = () => response.raw ?? prettyText(response.body, response.isJson);
  const copyBody = async () => {
    // A large answer is copied as it came, straight from its bytes: the page never builds its text.
    if (response.blob) {
      try {
        await navigator.clipboard.write([new ClipboardItem({ "text/plain": new Blob([response.blob], { type: "text/plain" }) })]);
        setSaid(`Copied the body as it came (${formatBytes(response.size)}).`);
      } catch {
        setSaid(`The clipboard did not take this ${formatBytes(response.size)} body; use Save body instead.`);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(view === "raw" ? text() : prettyText(response.body, response.isJson));
      setSaid("Copied the body.");
    } catch {
      setSaid("The clipboard is not available here; use Save body instead.");
    }
  };
  const saveBody = () => {
    const type = response.headers["content-type"];
    const name = responseFileName(request.method, request.endpoint, response.status, extensionFor(type, response.isJson));
    if (response.image) {
      const link = Object.assign(document.createElement("a"), { href: response.image, download: name });
      document.body.append(link);
      link.click();
      link.remove();
    } else if (response.blob) downloadBlob(new Blob([response.blob], { type: type || "application/octet-stream" }), name);
    else downloadText(view === "raw" ? text() : prettyText(response.body, response.isJson), name, type || "text/plain");
    setSaid(`Saved the body as ${name}.`);
  };
  const ok = response.status >= 200 && response.status < 300;
  const [query, setQuery] = useState("");
  // Typing stays responsive on a big body: the tree follows a moment later.
  const search = useDeferredValue(query.trim());
  const body = useMemo(() => (search && response.isJson && !response.tree ? filterTree(response.body, search) : null), [search, response]);
  const headers = useMemo(() => (search ? filterTree(response.headers, search) : null), [search, response]);
  // A large answer is searched by the worker that holds it; null while it looks.
  const inWorker = useWorkerSearch(response.tree, query.trim());
  const searching = response.tree !== undefined && search !== "" && inWorker === null;
  const found = (body?.matches ?? 0) + (inWorker?.matches ?? 0) + (headers?.matches ?? 0);
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
        <button type="button" className="mm-button" onClick={() => void copyBody()}>
          Copy body
        </button>
        <button type="button" className="mm-button" onClick={saveBody}>
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
          {said}
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
        value={query}
        onChange={setQuery}
        status={
          search === ""
            ? ""
            : searching
              ? `Searching for "${search}"…`
              : found === 0
                ? `No matches for "${search}".`
                : `${found} ${found === 1 ? "match" : "matches"} for "${search}".`
        }
      />
      <h3 className="mm-section-title">Body</h3>
      {response.tree && view === "raw" ? (
        <RawStart blob={response.tree.blob} size={response.size} />
      ) : response.tree ? (
        <LargeBody tree={response.tree} search={search} searching={searching} found={inWorker} />
      ) : response.isJson && view === "raw" ? (
        <TextBody text={text()} />
      ) : response.isJson ? (
        body === null ? (
          <JsonView data={response.body} size={response.size} label="Response body" />
        ) : body.matches === 0 ? (
          <p className="mm-hint">No matches in the body.</p>
        ) : (
          <JsonView
            key={`body:${search}`}
            data={body.data}
            size={response.size}
            label="Response body"
            openAll={body.nodes <= NODE_COUNT_CAP}
          />
        )
      ) : (
        <>
          {search && <p className="mm-hint">The body is not JSON, so the search covers only the headers.</p>}
          <TextBody text={String(response.body)} total={response.textLength} />
          {response.image ? <img className="mm-image" src={response.image} alt="What the response holds" /> : null}
        </>
      )}
      <h3 className="mm-section-title">Headers ({Object.keys(response.headers).length})</h3>
      {headers === null ? (
        <JsonView data={response.headers} size={0} label="Response headers" />
      ) : headers.matches === 0 ? (
        <p className="mm-hint">No matches in the headers.</p>
      ) : (
        <JsonView key={`headers:${search}`} data={headers.data} size={0} label="Response headers" openAll />
      )}
    </div>
  );
}

/**
 * The search of a large answer, run by the worker: a moment after the typing
 * stops, one search at a time, and only the latest query is sent on.
 */
function useWorkerSearch(tree: LargeJson | undefined, query: string): Found | null {
  const [done, setDone] = useState<{ tree: LargeJson; query: string; found: Found } | null>(null);
  const wanted = useRef(query);
  const busy = useRef(false);
  useEffect(() => {
    wanted.current = query;
    if (!tree || !query) return;
    const run = () => {
      if (busy.current) return;
      busy.current = true;
      const asked = wanted.current;
      const settle = (found: Found | null) => {
        busy.current = false;
        if (wanted.current !== asked) {
          if (wanted.current) run();
        } else if (found) setDone({ tree, query: asked, found });
      };
      tree.search(asked).then(settle, () => settle({ matches: 0, nodes: 0 }));
    };
    const timer = setTimeout(run, 150);
    return () => clearTimeout(timer);
  }, [tree, query]);
  return tree && query && done?.tree === tree && done.query === query ? done.found : null;
}

function LargeBody({ tree, search, searching, found }: { tree: LargeJson; search: string; searching: boolean; found: Found | null }) {
  if (!search) return <LazyJsonView source={tree} label="Response body" />;
  if (searching || !found) return <p className="mm-hint">Searching the body…</p>;
  if (found.matches === 0) return <p className="mm-hint">No matches in the body.</p>;
  if (found.source) return <LazyJsonView key={`body:${search}`} source={found.source} label="Response body" />;
  return <JsonView key={`body:${search}`} data={found.data} size={0} label="Response body" openAll />;
}

/** Raw for a large answer: its first 100,000 bytes as they came, read from the bytes (the page holds no text). */
function RawStart({ blob, size }: { blob: Blob; size: number }) {
  const [start, setStart] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void blob
      .slice(0, TEXT_PREVIEW)
      .text()
      .then((text) => current && setStart(text));
    return () => {
      current = false;
    };
  }, [blob]);
  if (start === null) return <p className="mm-hint">Reading the body…</p>;
  return (
    <>
      <p className="mm-hint">
        The first {formatBytes(Math.min(size, TEXT_PREVIEW))} of {formatBytes(size)}, as it came; Save body keeps all of it.
      </p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, as above */}
      <pre className="mm-text" tabIndex={0}>
        {start}
      </pre>
    </>
  );
}

/** A body as text, cut for display; `total` is the whole length when only the start of a large body is here. */
function TextBody({ text, total }: { text: string; total?: number }) {
  const [whole, setWhole] = useState(false);
  if (text === "") return <p className="mm-hint">The response has no body.</p>;
  if (total !== undefined && total > text.length) {
    return (
      <>
        <p className="mm-hint">
          The first {text.length.toLocaleString("en")} of {total.toLocaleString("en")} characters; Save body keeps all of it.
        </p>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, as above */}
        <pre className="mm-text" tabIndex={0}>
          {text}
        </pre>
      </>
    );
  }
  const cut = !whole && text.length > TEXT_PREVIEW;
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, as above */}
      <pre className="mm-text" tabIndex={0}>
        {cut ? text.slice(0, TEXT_PREVIEW) : text}
      </pre>
      {cut && (
        <button type="button" className="mm-button" onClick={() => setWhole(true)}>
          Show all {text.length.toLocaleString("en")} characters
        </button>
      )}
    </>
  );
}
