// The response's body as the view and the search ask: Pretty (narrowed to what
// matches), the text as it came, or a large answer's lazy tree and first bytes.
import { useEffect, useState } from "react";
import { NODE_COUNT_CAP } from "../lib/filter";
import type { Found, LargeJson } from "../lib/large-json";
import { formatBytes, type TesterResponse } from "../lib/send";
import type { ResponseSearch } from "../hooks/useResponseSearch";
import { JsonView, PrettyJson } from "./lazy";
import { LazyJsonView } from "./LazyJsonView";

/** Long text bodies are cut for display; the whole text is one click away. */
const TEXT_PREVIEW = 100_000;

interface Props {
  response: TesterResponse;
  view: "pretty" | "raw";
  /** The body's text as Raw shows it. */
  text(): string;
  found: Pick<ResponseSearch, "search" | "body" | "inWorker" | "searching">;
}

export function ResponseBody({ response, view, text, found: { search, body, inWorker, searching } }: Props) {
  if (response.tree && view === "raw") return <RawStart blob={response.tree.blob} size={response.size} />;
  if (response.tree) return <LargeBody tree={response.tree} search={search} searching={searching} found={inWorker} />;
  if (response.isJson && view === "raw") return <TextBody text={text()} />;
  if (response.isJson) {
    if (body === null) return <PrettyJson data={response.body} label="Response body" />;
    if (body.matches === 0) return <p className="mm-hint">No matches in the body.</p>;
    // A search that keeps a big part of the body shows its top level open, the rest folded.
    return (
      <PrettyJson
        key={`body:${search}`}
        data={body.data}
        label="Response body"
        foldFrom={body.nodes <= NODE_COUNT_CAP ? undefined : 2}
        mark={search}
      />
    );
  }
  return (
    <>
      {search && <p className="mm-hint">The body is not JSON, so the search covers only the headers.</p>}
      <TextBody text={String(response.body)} total={response.textLength} />
      {response.image ? <img className="mm-image" src={response.image} alt="What the response holds" /> : null}
    </>
  );
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
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, focusable so a keyboard can scroll it */}
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
