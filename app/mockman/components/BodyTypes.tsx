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
  chooseFile,
  chosenFile,
  missingFiles,
  partsOf,
  type BodyKind,
  type BodyParts,
} from "../lib/bodies";
import { FormTable, TextField } from "./BodyFields";
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
                // A file chosen takes the place of base64 content the request gave.
                set({
                  formdata: parts.formdata.map((r) =>
                    r.id === row.id ? { ...r, fileName: file.name, content: undefined, contentType: undefined } : r,
                  ),
                });
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
