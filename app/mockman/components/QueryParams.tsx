// The endpoint's query string as a table, both ways: typing in the endpoint
// fills the rows, editing a row rewrites the endpoint. A disabled row is kept
// here (the endpoint cannot hold it) until it is enabled or removed.
import { newParamId, type ParamRow } from "../lib/query";
import { RowTable } from "./RowTable";

interface Props {
  rows: ParamRow[];
  /** Paging parameters the OpenAPI description lists for this route that the rows lack. */
  suggested: string[];
  onChange(rows: ParamRow[]): void;
  onSuggest(name: string): void;
}

export function QueryParams({ rows, suggested, onChange, onSuggest }: Props) {
  const edit = (id: string, change: Partial<ParamRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const sent = rows.filter((row) => row.enabled && row.key).length;
  return (
    <section className="mm-params" aria-label="Query parameters">
      <h3 className="mm-section-title">Query parameters ({sent})</h3>
      <RowTable
        rows={rows.map((row) => ({ id: row.id, on: row.enabled, name: row.key, value: row.value }))}
        noun="parameter"
        heads={["Send", "Name", "Value"]}
        namePlaceholder={() => "name"}
        valuePlaceholder="value"
        testId="param-row"
        onToggle={(id) => edit(id, { enabled: !rows.find((row) => row.id === id)?.enabled })}
        onEdit={(id, field, text) => edit(id, field === "name" ? { key: text } : { value: text })}
        onRemove={(id) => onChange(rows.filter((row) => row.id !== id))}
      />
      <div className="mm-toolbar">
        <button
          type="button"
          className="mm-button"
          onClick={() => onChange([...rows, { id: newParamId(), enabled: true, key: "", value: "" }])}
        >
          Add parameter
        </button>
        {suggested.map((name) => (
          <button key={name} type="button" className="mm-button" onClick={() => onSuggest(name)} title={`This route pages with ${name}`}>
            Add {name}
          </button>
        ))}
      </div>
    </section>
  );
}
