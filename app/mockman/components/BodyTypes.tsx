// The Body section's type choice, as Postman and Hoppscotch have it: none,
// JSON (the spec's editor, passed in as `json`), raw text, XML, the
// x-www-form-urlencoded and multipart/form-data tables (a form-data row may be
// a file), one binary file, and GraphQL (query and variables). Each says the
// content type it is sent with; a Content-Type header row overrides it.
import { useState, type ReactNode } from "react";
import {
  BODY_KINDS,
  autoTypeNote,
  binaryKey,
  blankRow,
  chooseFile,
  chosenFile,
  missingFiles,
  partsOf,
  type BodyKind,
  type BodyParts,
  type FormRow,
} from "../lib/bodies";
import "./BodyTypes.css";

export interface BodyTypesProps {
  tabId: string;
  parts: BodyParts | undefined;
  method: string;
  /** The header rows that are sent, to say which content type goes out. */
  headers: Record<string, string>;
  /** The JSON body editor. */
  json: ReactNode;
  onChange(parts: BodyParts): void;
}

export function BodyTypes({ tabId, parts: given, method, headers, json, onChange }: BodyTypesProps) {
  const parts = partsOf(given);
  // Bumped when a file is chosen: the File lives outside React's state.
  const [, setChosen] = useState(0);
  const set = (change: Partial<BodyParts>) => onChange({ ...parts, ...change });
  const missing = missingFiles(parts, tabId);
  return (
    <div className="mm-body-types">
      <div className="mm-body-type">
        <label htmlFor="mm-body-type" className="mm-section-title">
          Body type
        </label>
        <select id="mm-body-type" className="mm-select" value={parts.kind} onChange={(e) => set({ kind: e.target.value as BodyKind })}>
          {BODY_KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      {parts.kind === "json" ? (
        json
      ) : (
        <div className="mm-body" data-testid="body-other">
          {(parts.kind === "text" || parts.kind === "xml") && (
            <TextField
              id="mm-body-raw"
              label={parts.kind === "xml" ? "XML body" : "Raw text body"}
              value={parts.raw}
              hint={parts.kind === "xml" ? "<todo><title>Try mockman</title></todo>" : "Any text"}
              onChange={(raw) => set({ raw })}
            />
          )}
          {parts.kind === "urlencoded" && (
            <FormTable
              rows={parts.urlencoded}
              noun="Field"
              files={false}
              onChange={(urlencoded) => set({ urlencoded })}
              onFile={() => {}}
            />
          )}
          {parts.kind === "formdata" && (
            <FormTable
              rows={parts.formdata}
              noun="Part"
              files
              onChange={(formdata) => set({ formdata })}
              onFile={(row, file) => {
                chooseFile(row.id, file);
                setChosen((n) => n + 1);
                set({ formdata: parts.formdata.map((r) => (r.id === row.id ? { ...r, fileName: file.name } : r)) });
              }}
            />
          )}
          {parts.kind === "binary" && (
            <div className="mm-body-file">
              <label htmlFor="mm-body-binary" className="mm-section-title">
                Binary body file
              </label>
              <input
                id="mm-body-binary"
                type="file"
                className="mm-file-input"
                aria-describedby="mm-body-type-note"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (!file) return;
                  chooseFile(binaryKey(tabId), file);
                  setChosen((n) => n + 1);
                  set({ binaryName: file.name });
                }}
              />
              {parts.binaryName && chosenFile(binaryKey(tabId)) && (
                <span className="mm-meta">
                  {parts.binaryName} · {chosenFile(binaryKey(tabId))!.size.toLocaleString("en-US")} bytes
                </span>
              )}
            </div>
          )}
          {parts.kind === "graphql" && (
            <>
              <TextField
                id="mm-body-query"
                label="GraphQL query"
                value={parts.query}
                hint="query { todos { title } }"
                onChange={(query) => set({ query })}
              />
              <TextField
                id="mm-body-variables"
                label="GraphQL variables (JSON)"
                value={parts.variables}
                hint='{"id": 1}'
                onChange={(variables) => set({ variables })}
              />
            </>
          )}
          {missing.length > 0 && (
            <p className="mm-error" data-testid="body-missing-files">
              Choose the file again: {missing.join(", ")}. Saved requests, the history and a reload keep only a file&apos;s name, as Postman
              does.
            </p>
          )}
          <p id="mm-body-type-note" className="mm-hint">
            {autoTypeNote(parts.kind, method, headers)}
          </p>
        </div>
      )}
    </div>
  );
}

interface TableProps {
  rows: FormRow[];
  noun: string;
  files: boolean;
  onChange(rows: FormRow[]): void;
  onFile(row: FormRow, file: File): void;
}

/** Key / value rows with a Send checkbox; form-data rows can be a file instead of a value. */
function FormTable({ rows, noun, files, onChange, onFile }: TableProps) {
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
                  edit(row.id, e.target.value === "file" ? { file: true, value: "" } : { file: undefined, fileName: undefined })
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
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) onFile(row, file);
                  }}
                />
                {row.fileName && chosenFile(row.id) && <span className="mm-meta">{row.fileName}</span>}
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
function TextField(props: { id: string; label: string; value: string; hint: string; onChange(text: string): void }) {
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
