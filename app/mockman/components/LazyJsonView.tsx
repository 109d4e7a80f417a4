// The tree for a large answer kept by the JSON worker: the same look and keys
// as JsonView, but each level is asked for when it opens, 50 children at a time
// (longer lists open as ranges, as JsonView shows them), so the page holds only
// what is on screen.
import { useEffect, useState, type KeyboardEvent } from "react";
import type { JsonSource } from "../lib/large-json";
import type { Entry, NodeInfo } from "../lib/large-json-protocol";

/** Children per range, as react-json-tree groups them. */
const LIMIT = 50;

/** Ranges of `from`..`to` (exclusive), as react-json-tree cuts them: 50 at a time, or 2,500 at a time (then 50) past 2,500. */
function rangesOf(from: number, to: number): Array<[number, number]> {
  let step = LIMIT;
  while (to - from > step * step) step *= step;
  const ranges: Array<[number, number]> = [];
  for (let at = from; at < to; at += step) ranges.push([at, Math.min(to, at + step)]);
  return ranges;
}

function onEnterOrSpace(toggle: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    toggle();
  };
}

interface Props {
  source: JsonSource;
  label: string;
}

export function LazyJsonView({ source, label }: Props) {
  const { root } = source;
  if (root.kind === "value") {
    return (
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region takes focus (axe: scrollable-region-focusable)
      <pre className="mm-text" tabIndex={0}>
        {root.text}
        {root.cut ? " …" : ""}
      </pre>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, as above
    <div className="mm-tree mm-lazy-tree" aria-label={label} role="group" tabIndex={0}>
      <ul>
        {root.length === 0 ? (
          <li className="mm-json-muted">{root.kind === "array" ? "[]" : "{}"}</li>
        ) : (
          <Span source={source} path={[]} from={0} to={root.length} />
        )}
      </ul>
    </div>
  );
}

interface SpanProps {
  source: JsonSource;
  path: string[];
  from: number;
  to: number;
}

/** Children `from`..`to` of the node at `path`: listed when 50 or fewer, otherwise as ranges. */
function Span({ source, path, from, to }: SpanProps) {
  if (to - from <= LIMIT) return <Children source={source} path={path} from={from} to={to} />;
  return (
    <>
      {rangesOf(from, to).map(([start, end]) => (
        <Range key={start} source={source} path={path} from={start} to={end} />
      ))}
    </>
  );
}

function Range({ source, path, from, to }: SpanProps) {
  const [open, setOpen] = useState(false);
  const toggle = () => setOpen((was) => !was);
  return (
    <li className="mm-lazy-range">
      <span className="mm-lazy-arrow" aria-hidden="true" onClick={toggle}>
        {open ? "▾" : "▸"}
      </span>
      <span
        className="mm-tree-toggle mm-lazy-range-label"
        role="button"
        tabIndex={0}
        aria-expanded={open}
        onClick={toggle}
        onKeyDown={onEnterOrSpace(toggle)}
      >
        {from} … {to - 1}
      </span>
      {open && (
        <ul>
          <Span source={source} path={path} from={from} to={to} />
        </ul>
      )}
    </li>
  );
}

function Children({ source, path, from, to }: SpanProps) {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    let current = true;
    source.children(path, from, to).then(
      (got) => current && setEntries(got),
      (failed: unknown) => current && setError(String(failed)),
    );
    return () => {
      current = false;
    };
    // The path is a new array on every render of the parent; its text names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, path.join("\u0000"), from, to]);
  if (error) return <li className="mm-hint">Could not read this part of the answer: {error}</li>;
  if (!entries) return <li className="mm-hint">Loading…</li>;
  return (
    <>
      {entries.map((entry) => (
        <Node key={entry.key} source={source} path={path} entry={entry} />
      ))}
    </>
  );
}

const VALUE_CLASS: Record<string, string> = {
  string: "mm-json-string",
  number: "mm-json-number",
  boolean: "mm-json-number",
  null: "mm-json-null",
};

function Node({ source, path, entry }: { source: JsonSource; path: string[]; entry: Entry }) {
  const [open, setOpen] = useState(false);
  const info: NodeInfo = entry;
  if (info.kind === "value") {
    return (
      <li>
        <span className="mm-tree-key mm-json-key">{entry.key}:</span>
        <span className={VALUE_CLASS[info.type]}>
          {info.text}
          {info.cut ? " …" : ""}
        </span>
      </li>
    );
  }
  if (info.length === 0) {
    return (
      <li>
        <span className="mm-tree-key mm-json-key">{entry.key}:</span>
        <span className="mm-json-muted">{info.kind === "array" ? "[]" : "{}"}</span>
      </li>
    );
  }
  const toggle = () => setOpen((was) => !was);
  return (
    <li>
      <span className="mm-lazy-arrow" aria-hidden="true" onClick={toggle}>
        {open ? "▾" : "▸"}
      </span>
      <span
        className="mm-tree-key mm-json-key mm-tree-toggle"
        role="button"
        tabIndex={0}
        aria-expanded={open}
        onClick={toggle}
        onKeyDown={onEnterOrSpace(toggle)}
      >
        {entry.key}:
      </span>
      {open && (
        <ul>
          <Span source={source} path={[...path, entry.key]} from={0} to={info.length} />
        </ul>
      )}
    </li>
  );
}
