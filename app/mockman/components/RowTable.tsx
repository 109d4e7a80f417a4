// One row editor for headers and query parameters: Send / name / value / ×.
// Row ids are stable so focus stays in the row being typed into. Labels follow
// one pattern, with the noun: "Send header 2 (accept)", "Parameter 1 name".
export interface TableRow {
  id: string;
  on: boolean;
  name: string;
  value: string;
}

interface Props {
  rows: TableRow[];
  /** "header" or "parameter". */
  noun: string;
  /** The column heads: [send, name, value]. */
  heads: [string, string, string];
  /** Shown in each row's name field (the last row may say it adds one). */
  namePlaceholder(last: boolean): string;
  valuePlaceholder: string;
  testId: string;
  onToggle(id: string): void;
  onEdit(id: string, field: "name" | "value", text: string): void;
  onRemove(id: string): void;
  /** A row that cannot be removed (the blank row headers keep last). */
  fixed?(row: TableRow, last: boolean): boolean;
}

export function RowTable({ rows, noun, heads, namePlaceholder, valuePlaceholder, testId, onToggle, onEdit, onRemove, fixed }: Props) {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <div className="mm-headers-grid">
      {rows.length > 0 && (
        <div className="mm-header-row mm-col-heads" aria-hidden="true">
          <span>{heads[0]}</span>
          <span>{heads[1]}</span>
          <span>{heads[2]}</span>
          <span />
        </div>
      )}
      {rows.map((row, i) => {
        const last = i === rows.length - 1;
        const n = i + 1;
        const what = `${noun} ${n}${row.name ? ` (${row.name})` : ""}`;
        return (
          <div className="mm-header-row" key={row.id} data-testid={testId}>
            <input type="checkbox" checked={row.on} aria-label={`Send ${what}`} onChange={() => onToggle(row.id)} />
            <input
              className="mm-input"
              value={row.name}
              placeholder={namePlaceholder(last)}
              aria-label={`${Noun} ${n} name`}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => onEdit(row.id, "name", e.target.value)}
            />
            <input
              className="mm-input"
              value={row.value}
              placeholder={valuePlaceholder}
              aria-label={`${Noun} ${n} value`}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => onEdit(row.id, "value", e.target.value)}
            />
            <button
              type="button"
              className="mm-icon-button"
              aria-label={`Remove ${what}`}
              title={`Remove ${noun}`}
              disabled={fixed?.(row, last) ?? false}
              onClick={() => onRemove(row.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
