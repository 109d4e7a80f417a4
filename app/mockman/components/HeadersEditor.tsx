// Rows of isUsed / header / value. The last row is always blank; typing in it
// appends the next one.
import { editHeaderRow, removeHeaderRow, toggleHeaderRow, usedHeaderCount, type HeaderRow } from "../lib/headers";
import { RowTable } from "./RowTable";

interface Props {
  rows: HeaderRow[];
  onChange(update: (rows: HeaderRow[]) => HeaderRow[]): void;
}

export function HeadersEditor({ rows, onChange }: Props) {
  return (
    <fieldset className="mm-headers">
      <legend className="mm-section-title">Headers ({usedHeaderCount(rows)})</legend>
      <RowTable
        rows={rows.map((row) => ({ id: row.id, on: row.isUsed, name: row.header, value: row.value }))}
        noun="header"
        heads={["Send", "Header", "Value"]}
        namePlaceholder={(last) => (last ? "New header" : "Header")}
        valuePlaceholder="Value"
        testId="header-row"
        onToggle={(id) => onChange((r) => toggleHeaderRow(r, id))}
        // Functional updates: fast typing never works on stale rows.
        onEdit={(id, field, text) => onChange((r) => editHeaderRow(r, id, field === "name" ? "header" : "value", text))}
        onRemove={(id) => onChange((r) => removeHeaderRow(r, id))}
        fixed={(row, last) => last && !row.on && !row.name && !row.value}
      />
    </fieldset>
  );
}
