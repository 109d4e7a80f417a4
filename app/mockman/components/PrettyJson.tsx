// The response body's Pretty view, as Postman's: the JSON pretty-printed with
// its brackets and commas, a line number on each line, and a fold toggle on each
// object or array; a folded node reads `{ … } 3 keys`. Lines wrap only between
// words (a long id scrolls sideways rather than breaking). Windowed
// (@tanstack/react-virtual) past 2,000 lines: only the lines near the scrolled-to
// part are in the DOM, so a 1 MB answer's tens of thousands of lines render and scroll fast.
import { observeElementRect, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from "react";
import { countLabel, foldedFrom, prettyLines, visibleLines, type PrettyLine } from "../lib/pretty-lines";

interface Props {
  data: unknown;
  /** The region's accessible name ("Response body"). */
  label: string;
  /** Nodes this deep or deeper start folded; none when undefined. */
  foldFrom?: number;
  /** What the search looks for: marked wherever a key or value holds it (case-insensitive). */
  mark?: string;
}

/** One unwrapped line's height in px (12.5 px type at line-height 1.5); wrapped lines are measured. */
const LINE = 19;
/** Up to this many lines all are rendered (the browser's find and a copy of the page see them); past it, only those near the view. */
const ALL_LINES = 2000;

/** The view's size as observed, except the 0 × 0 of a hidden tab panel: its lines stay rendered, ready when the tab shows. */
const observeShownRect = (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) =>
  observeElementRect(instance, (rect) => {
    if (rect.height > 0) cb(rect);
  });

export function PrettyJson({ data, label, foldFrom, mark }: Props) {
  const lines = useMemo(() => prettyLines(data), [data]);
  // Folds belong to the lines they were made on: a new answer starts with its own.
  const [folds, setFolds] = useState(() => ({ lines, folded: foldedFrom(lines, foldFrom) }));
  const folded = folds.lines === lines ? folds.folded : foldedFrom(lines, foldFrom);
  const shown = useMemo(() => visibleLines(lines, folded), [lines, folded]);
  // One fold toggle is in the Tab order (the last one used, else the first in view); arrows move
  // between them, so Tab leaves the view at once however many nodes it holds.
  const [current, setCurrent] = useState(0);
  const wantFocus = useRef<number | null>(null);
  // Stable, so a scroll's re-render leaves the (memoized) lines alone.
  const toggle = useCallback(
    (index: number) => {
      setFolds((was) => {
        const next = new Set(was.lines === lines ? was.folded : foldedFrom(lines, foldFrom));
        if (!next.delete(index)) next.add(index);
        return { lines, folded: next };
      });
      setCurrent(index);
    },
    [lines, foldFrom],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // The compiler leaves this component alone; its rows are memoized by hand (Line).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE,
    overscan: shown.length <= ALL_LINES ? ALL_LINES : 20,
    // A hidden panel has no size yet: its first lines still render.
    initialRect: { width: 0, height: 600 },
    observeElementRect: observeShownRect,
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows.length ? rows[0].start : 0;
  const after = rows.length ? virtualizer.getTotalSize() - rows[rows.length - 1].end : 0;
  const opens = rows.map((row) => shown[row.index]).filter((i) => lines[i].kind === "open");
  const tabStop = opens.includes(current) ? current : opens[0];
  // A toggle asked for by the keyboard is focused once its line is rendered (after scrolling to it).
  useEffect(() => {
    const index = wantFocus.current;
    const toggleEl = index === null ? null : scrollRef.current?.querySelector<HTMLElement>(`[data-fold="${index}"]`);
    if (!toggleEl) return;
    wantFocus.current = null;
    toggleEl.focus();
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.fold;
    if (from === undefined) return;
    const index = Number(from);
    const at = shown.indexOf(index);
    const openFrom = (start: number, step: 1 | -1) => {
      for (let p = start + step; p >= 0 && p < shown.length; p += step) if (lines[shown[p]].kind === "open") return p;
      return null;
    };
    const moves: Record<string, () => number | null> = {
      ArrowDown: () => openFrom(at, 1),
      ArrowUp: () => openFrom(at, -1),
      Home: () => openFrom(-1, 1),
      End: () => openFrom(shown.length, -1),
    };
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      if (folded.has(index) === (event.key === "ArrowRight")) toggle(index);
    } else if (moves[event.key]) {
      const to = moves[event.key]();
      if (to !== null) {
        setCurrent(shown[to]);
        wantFocus.current = shown[to];
        virtualizer.scrollToIndex(to);
      }
    } else return;
    event.preventDefault();
  };
  const gutter = { "--mm-gutter": `${String(lines.length).length + 1}ch` } as CSSProperties;
  return (
    // The keys handled here come from the fold toggles inside (a roving Tab stop), not the region itself.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={scrollRef}
      className="mm-pretty"
      role="group"
      aria-label={label}
      // A scrollable region takes focus so a keyboard can scroll it (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      style={gutter}
      data-testid="pretty-json"
      onKeyDown={onKeyDown}
    >
      <div style={{ paddingTop: before, paddingBottom: after }}>
        {rows.map((row) => {
          const index = shown[row.index];
          return (
            <Line
              key={index}
              index={index}
              position={row.index}
              line={lines[index]}
              closing={lines[index].kind === "open" ? lines[lines[index].close ?? index] : undefined}
              folded={folded.has(index)}
              tabbable={index === tabStop}
              mark={mark?.toLowerCase()}
              onToggle={toggle}
              measure={virtualizer.measureElement}
            />
          );
        })}
      </div>
    </div>
  );
}

const Line = memo(function Line({
  index,
  position,
  line,
  closing,
  folded,
  tabbable,
  mark,
  onToggle,
  measure,
}: {
  index: number;
  position: number;
  line: PrettyLine;
  closing?: PrettyLine;
  folded: boolean;
  tabbable: boolean;
  mark?: string;
  onToggle(index: number): void;
  measure(node: Element | null): void;
}) {
  return (
    <div ref={measure} data-index={position} className="mm-pretty-line">
      {/* Numbers and arrows are drawn by CSS: a selection, a copy and the text read stay the JSON alone. */}
      <span className="mm-pretty-no" data-line={index + 1} aria-hidden="true" />
      <span className="mm-pretty-fold">
        {line.kind === "open" && (
          <button
            type="button"
            className="mm-pretty-toggle"
            aria-expanded={!folded}
            data-fold={index}
            tabIndex={tabbable ? 0 : -1}
            aria-label={`${line.name}, ${countLabel(line)}`}
            onClick={() => onToggle(index)}
          />
        )}
      </span>
      {/* The indent is spaces (a copied line keeps it) and a hanging indent lines up a wrapped line's rest. */}
      <code className="mm-pretty-code" style={{ paddingLeft: `${line.depth * 2}ch`, textIndent: `-${line.depth * 2}ch` }}>
        {"  ".repeat(line.depth)}
        {line.key !== null && (
          <>
            <span className="mm-json-key">{marked(line.key, mark)}</span>
            <span className="mm-json-muted">: </span>
          </>
        )}
        <span className={valueClass[line.kind]}>{line.kind === "open" || line.kind === "close" ? line.text : marked(line.text, mark)}</span>
        {folded && closing && (
          <>
            <span className="mm-json-muted"> … </span>
            <span className={valueClass.close}>{closing.text}</span>
          </>
        )}
        {/* An open node's comma follows its closing bracket: here only when folded onto this line. */}
        {line.comma && (line.kind !== "open" || folded) && <span className="mm-json-muted">,</span>}
        {folded && <span className="mm-pretty-count"> {countLabel(line)}</span>}
      </code>
    </div>
  );
});

/** The text with each place that holds `needle` (lower-case) in a <mark>. */
function marked(text: string, needle: string | undefined): ReactNode {
  if (!needle) return text;
  const lower = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (!parts.length) return text;
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

const valueClass: Record<PrettyLine["kind"], string> = {
  string: "mm-json-string",
  number: "mm-json-number",
  boolean: "mm-json-null",
  null: "mm-json-null",
  empty: "mm-json-muted",
  open: "mm-json-muted",
  close: "mm-json-muted",
};
