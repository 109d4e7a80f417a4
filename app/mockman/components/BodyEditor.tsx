// The JSON body in CodeMirror 6: highlighting, bracket matching, undo, and the
// parse error marked where it is (line and column, also said in words under the
// editor). CodeMirror is imported here only, so it ships in the /mockman route's
// own chunk and never in the first load of `/`.
// Tab is left to move focus (no indentWithTab): a keyboard user must be able to leave the editor.
import { useEffect, useRef } from "react";
import { EditorState, type Extension } from "@codemirror/state";
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { HighlightStyle, bracketMatching, syntaxHighlighting } from "@codemirror/language";
import { json } from "@codemirror/lang-json";
import { linter, type Diagnostic } from "@codemirror/lint";
import { tags } from "@lezer/highlight";
import { sendsBody, type BodyCheck } from "../lib/body";
import { useLatest } from "#app/lib/use-latest";

interface Props {
  text: string;
  check: BodyCheck;
  method: string;
  onChange(text: string): void;
}

// Colours from mockman.css, so both themes keep their contrast.
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: "var(--mm-json-0d)" },
  { tag: tags.string, color: "var(--mm-json-0b)" },
  { tag: tags.number, color: "var(--mm-json-09)" },
  { tag: [tags.bool, tags.null], color: "var(--mm-json-0e)" },
  { tag: tags.invalid, color: "var(--mm-bad)" },
]);

/** The error's place, underlined in the text. */
function parseDiagnostics(view: EditorView): Diagnostic[] {
  const text = view.state.doc.toString();
  if (text.trim() === "") return [];
  try {
    JSON.parse(text);
    return [];
  } catch (error) {
    const message = (error as Error).message;
    const named = /at position (\d+)/.exec(message);
    const from = Math.min(named ? Number(named[1]) : text.trimEnd().length, text.length);
    return [{ from, to: Math.min(from + 1, text.length), severity: "error", message }];
  }
}

export function BodyEditor({ text, check, method, onChange }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useLatest(onChange);
  // Set while the text is replaced from outside, so that change is not reported back.
  const replacing = useRef(false);

  useEffect(() => {
    if (!host.current) return;
    const extensions: Extension[] = [
      lineNumbers(),
      history(),
      drawSelection(),
      highlightActiveLine(),
      bracketMatching(),
      json(),
      syntaxHighlighting(highlight),
      linter(parseDiagnostics, { delay: 300 }),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        "aria-labelledby": "mm-body-label",
        "aria-describedby": "mm-body-help",
        "aria-multiline": "true",
        spellcheck: "false",
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && !replacing.current) changed.current(update.state.doc.toString());
      }),
    ];
    view.current = new EditorView({ state: EditorState.create({ doc: text, extensions }), parent: host.current });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
    // Created once; later texts (another tab, a restored request) arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A text set from outside (tab switch, history, cURL, Format) replaces the document.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === text) return;
    replacing.current = true;
    try {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
    } finally {
      replacing.current = false;
    }
  }, [text]);

  // The invalid flag follows the check (which sees the body with its variables filled).
  useEffect(() => {
    view.current?.contentDOM.setAttribute("aria-invalid", String(!check.ok));
  }, [check.ok]);

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
      <div ref={host} className="mm-code-editor" data-testid="body-editor" />
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
