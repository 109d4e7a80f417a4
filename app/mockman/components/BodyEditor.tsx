// The JSON body: its label, Format, the editor (CodeMirror, loaded on first use
// by ./lazy; a plain field until then), and the parse error in words under it
// with its line and column.
import { sendsBody, type BodyCheck } from "../lib/body";
import { CodeEditor } from "./lazy";

interface Props {
  text: string;
  check: BodyCheck;
  method: string;
  onChange(text: string): void;
}

export function BodyEditor({ text, check, method, onChange }: Props) {
  let formatted: string | null = null;
  try {
    formatted = text.trim() ? JSON.stringify(JSON.parse(text), null, 2) : null;
  } catch {
    formatted = null;
  }

  return (
    <div className="mm-body">
      <div className="mm-body-head">
        <span id="mm-body-label" className="mm-section-title">
          JSON body
        </span>
        <button
          type="button"
          className="mm-button"
          disabled={formatted === null || formatted === text}
          title={formatted === null ? "Format needs valid JSON" : "Indent the JSON by two spaces"}
          onClick={() => formatted !== null && onChange(formatted)}
        >
          Format
        </button>
      </div>
      <div className="mm-code-editor" data-testid="body-editor">
        <CodeEditor text={text} invalid={!check.ok} onChange={onChange} labelledBy="mm-body-label" describedBy="mm-body-help" />
      </div>
      <p id="mm-body-help" className={check.ok ? "mm-hint" : "mm-error"} role={check.ok ? undefined : "alert"}>
        {check.ok ? (
          sendsBody(method) ? (
            "Sent as application/json."
          ) : (
            `${method} requests are sent without a body.`
          )
        ) : (
          <>
            <strong>{check.message}</strong>
            {check.at ? ` at line ${check.at.line}, column ${check.at.column}` : ""}: {check.detail}
          </>
        )}
      </p>
    </div>
  );
}
