// History, newest first: restore on click, delete one or all, select some to
// export as a collection, import a collection file.
import { SearchBox } from "./SearchBox";
import { memo, useState } from "react";
import type { HistoryEntry } from "../lib/history";
import type { History } from "../hooks/useHistory";
import { CollectionTools } from "./CollectionTools";
import { Confirm } from "./Confirm";

interface Props {
  history: History;
  onRestore(entry: HistoryEntry): void;
  onNotice(text: string, isError?: boolean): void;
}

export const HistoryPanel = memo(function HistoryPanel({ history, onRestore, onNotice }: Props) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const remove = async (entry: HistoryEntry) => {
    await history.remove(entry.id!);
    setSelected((old) => new Set([...old].filter((id) => id !== entry.id)));
    onNotice(`Deleted ${entry.method} ${entry.endpoint} from the history.`);
  };
  const clear = async () => {
    await history.clear();
    setSelected(new Set());
    setConfirming(false);
    onNotice("History cleared.");
  };
  const shown = history.entries.length;
  const searching = history.query.trim() !== "";

  return (
    <section className="mm-panel mm-history" aria-labelledby="mm-history-title">
      <div className="mm-panel-head">
        <h2 id="mm-history-title" className="mm-panel-title" tabIndex={-1}>
          History <span className="mm-count">({history.total})</span>
        </h2>
        {history.total > 0 && (
          // Kept in the page while the question shows: Keep gives focus back to it.
          <button type="button" className="mm-button" hidden={confirming} onClick={() => setConfirming(true)}>
            Clear all
          </button>
        )}
        {confirming && history.total > 0 && (
          <Confirm question="Clear history?" yes={`Clear ${history.total}`} onYes={clear} onNo={() => setConfirming(false)} />
        )}
      </div>
      <CollectionTools history={history} selected={selected} onNotice={onNotice} />
      {history.problem && (
        <p className="mm-error" role="alert">
          {history.problem}
        </p>
      )}
      {history.total > 0 && (
        <SearchBox
          id="mm-history-search"
          label="Search history"
          placeholder="method, path or status: post login 4xx"
          value={history.query}
          onChange={history.setQuery}
          status={
            searching
              ? history.matched === 0
                ? `No requests match "${history.query.trim()}".`
                : `${history.matched} of ${history.total} requests match.`
              : ""
          }
        />
      )}
      {history.ready && history.total === 0 ? (
        <p className="mm-hint">Requests you send are kept here, newest first.</p>
      ) : searching && history.matched === 0 ? null : (
        <ul className="mm-history-list" aria-label="Sent requests, newest first">
          {history.entries.map((entry) => (
            <HistoryItem
              key={entry.id}
              entry={entry}
              selected={selected.has(entry.id!)}
              onSelect={() => toggle(entry.id!)}
              onRestore={() => onRestore(entry)}
              onDelete={() => remove(entry)}
            />
          ))}
        </ul>
      )}
      {shown < history.matched && (
        <button type="button" className="mm-button mm-more" onClick={history.showOlder}>
          Show older ({history.matched - shown} more)
        </button>
      )}
    </section>
  );
});

interface ItemProps {
  entry: HistoryEntry;
  selected: boolean;
  onSelect(): void;
  onRestore(): void;
  onDelete(): void;
}

function HistoryItem({ entry, selected, onSelect, onRestore, onDelete }: ItemProps) {
  const what = `${entry.method} ${entry.endpoint}`;
  const result = entry.failure ? "failed" : entry.status !== undefined ? String(entry.status) : "not sent";
  const time = new Date(entry.sentAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  return (
    <li className="mm-history-item">
      <input type="checkbox" checked={selected} onChange={onSelect} aria-label={`Select ${what} for export`} />
      {/* Named with separators: its parts read as one run-on string ("POST/api/posts20109:12"). */}
      <button
        type="button"
        className="mm-history-restore"
        onClick={onRestore}
        title={`Restore ${what}`}
        aria-label={`${what}, ${result}, ${time}`}
      >
        <span className={`mm-method mm-method-${entry.method.toLowerCase()}`}>{entry.method}</span>
        <span className="mm-history-endpoint">{entry.endpoint}</span>
        <span className={`mm-history-status ${statusClass(entry)}`}>{result}</span>
        <time className="mm-history-time" dateTime={new Date(entry.sentAt).toISOString()}>
          {time}
        </time>
      </button>
      <button type="button" className="mm-icon-button" aria-label={`Delete ${what} from history`} title="Delete" onClick={onDelete}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

function statusClass(entry: HistoryEntry) {
  if (entry.failure || (entry.status ?? 0) >= 400) return "mm-bad";
  return entry.status === undefined ? "" : "mm-good";
}
