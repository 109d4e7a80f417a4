// Rows of isUsed / header / value. The last row is always blank; typing in it
// appends the next one. Row ids are stable so focus stays where the user types.
import { editHeaderRow, removeHeaderRow, toggleHeaderRow, usedHeaderCount, type HeaderRow } from "../lib/headers";

interface Props {
  rows: HeaderRow[];
  onChange(update: (rows: HeaderRow[]) => HeaderRow[]): void;
}

export function HeadersEditor({ rows, onChange }: Props) {
  const used = usedHeaderCount(rows);
  return (
    <fieldset className="mm-headers">
      <legend className="mm-section-title">Headers ({used})</legend>
      <div className="mm-headers-grid">
        <div className="mm-header-row mm-col-heads" aria-hidden="true">
          <span>Send</span>
          <span>Header</span>
          <span>Value</span>
          <span />
        </div>
        {rows.map((row, i) => {
          const last = i === rows.length - 1;
          const n = i + 1;
          return (
            <div className="mm-header-row" key={row.id} data-testid="header-row">
              <input
                type="checkbox"
                checked={row.isUsed}
                aria-label={`Send header ${n}${row.header ? ` (${row.header})` : ""}`}
                onChange={() => onChange((r) => toggleHeaderRow(r, row.id))}
              />
              <input
                className="mm-input"
                value={row.header}
                placeholder={last ? "New header" : "Header"}
                aria-label={`Header ${n} name`}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => {
                  const text = e.target.value;
                  // A functional update: fast typing never works on stale rows.
                  onChange((r) => editHeaderRow(r, row.id, "header", text));
                }}
              />
              <input
                className="mm-input"
                value={row.value}
                placeholder="Value"
                aria-label={`Header ${n} value`}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => {
                  const text = e.target.value;
                  onChange((r) => editHeaderRow(r, row.id, "value", text));
                }}
              />
              <button
                type="button"
                className="mm-icon-button"
                aria-label={`Remove header ${n}${row.header ? ` (${row.header})` : ""}`}
                title="Remove header"
                disabled={last && !row.isUsed && !row.header && !row.value}
                onClick={() => onChange((r) => removeHeaderRow(r, row.id))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
