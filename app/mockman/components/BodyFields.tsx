// The Body section's fields (BodyTypes): the key / value tables of
// x-www-form-urlencoded and multipart/form-data (a form-data row may be a file),
// and a labelled text area for raw text, XML and GraphQL.
import { blankRow, chosenFile, contentLabel, sendsContent, type FormRow } from "../lib/bodies";

interface TableProps {
  rows: FormRow[];
  noun: string;
  files: boolean;
  onChange(rows: FormRow[]): void;
  onFile(row: FormRow, file: File): void;
}

/** Key / value rows with a Send checkbox; form-data rows can be a file instead of a value. */
export function FormTable({ rows, noun, files, onChange, onFile }: TableProps) {
  const edit = (id: string, change: Partial<FormRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const remove = (id: string) => {
    const left = rows.filter((r) => r.id !== id);
    onChange(left.length ? left : [blankRow()]);
  };
  return (
    <div className="mm-form-table" data-testid={files ? "formdata-table" : "urlencoded-table"}>
      <span className="mm-section-title">{files ? "Form-data parts" : "Form fields"}</span>
      {rows.map((row, i) => {
        const n = i + 1;
        const what = `${noun.toLowerCase()} ${n}${row.key ? ` (${row.key})` : ""}`;
        return (
          <div className={files ? "mm-form-row mm-form-row-files" : "mm-form-row"} key={row.id} data-testid="body-row">
            <input
              type="checkbox"
              checked={row.enabled}
              aria-label={`Send ${what}`}
              onChange={() => edit(row.id, { enabled: !row.enabled })}
            />
            <input
              className="mm-input"
              value={row.key}
              placeholder="name"
              aria-label={`${noun} ${n} name`}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => edit(row.id, { key: e.target.value })}
            />
            {files && (
              <select
                className="mm-select"
                aria-label={`${noun} ${n} kind`}
                value={row.file ? "file" : "text"}
                onChange={(e) =>
                  edit(
                    row.id,
                    e.target.value === "file"
                      ? { file: true, value: "" }
                      : { file: undefined, fileName: undefined, content: undefined, contentType: undefined },
                  )
                }
              >
                <option value="text">Text</option>
                <option value="file">File</option>
              </select>
            )}
            {row.file ? (
              <span className="mm-form-file">
                <input
                  type="file"
                  className="mm-file-input"
                  aria-label={`${noun} ${n} file`}
                  aria-describedby={sendsContent(row) ? `${row.id}-content` : undefined}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) onFile(row, file);
                  }}
                />
                {row.fileName && chosenFile(row.id) && <span className="mm-meta">{row.fileName}</span>}
                {/* Given in the request as base64 content: sent as it is until a file is chosen in its place. */}
                {sendsContent(row) && (
                  <span className="mm-meta" id={`${row.id}-content`} data-testid="form-file-content">
                    {contentLabel(row)}
                  </span>
                )}
              </span>
            ) : (
              <input
                className="mm-input"
                value={row.value}
                placeholder="value"
                aria-label={`${noun} ${n} value`}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => edit(row.id, { value: e.target.value })}
              />
            )}
            <button
              type="button"
              className="mm-icon-button"
              aria-label={`Remove ${what}`}
              title={`Remove ${noun.toLowerCase()}`}
              onClick={() => remove(row.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
      <button type="button" className="mm-button mm-form-add" onClick={() => onChange([...rows, blankRow()])}>
        Add {noun.toLowerCase()}
      </button>
    </div>
  );
}

/** A labelled text area: raw text, XML, the GraphQL query and variables. */
export function TextField(props: { id: string; label: string; value: string; hint: string; onChange(text: string): void }) {
  return (
    <>
      <label htmlFor={props.id} className="mm-section-title">
        {props.label}
      </label>
      <textarea
        id={props.id}
        className="mm-textarea"
        value={props.value}
        spellCheck={false}
        aria-describedby="mm-body-type-note"
        placeholder={props.hint}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}
