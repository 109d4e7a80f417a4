// The JSON body in CodeMirror 6: highlighting, bracket matching, undo, and the
// parse error underlined where it is (BodyEditor says it in words under the
// editor). CodeMirror is imported here only, and this module only through
// ./lazy, which loads it when the body is first focused or pointed at: it is
// over half of what /mockman would otherwise load at once.
// Tab is left to move focus (no indentWithTab): a keyboard user must be able to leave the editor.
import { useEffect, useLayoutEffect, useRef } from "react";
import { EditorState, type Extension } from "@codemirror/state";
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { HighlightStyle, bracketMatching, syntaxHighlighting } from "@codemirror/language";
import { json } from "@codemirror/lang-json";
import { linter, type Diagnostic } from "@codemirror/lint";
import { tags } from "@lezer/highlight";
import { useLatest } from "#app/lib/use-latest";

// Colours from mockman.css, so both themes keep their contrast.
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: "var(--mm-json-0d)" },
  { tag: tags.string, color: "var(--mm-json-0b)" },
  { tag: tags.number, color: "var(--mm-json-09)" },
  { tag: [tags.bool, tags.null], color: "var(--mm-json-0e)" },
  { tag: tags.invalid, color: "var(--mm-bad)" },
]);

export interface CodeEditorProps {
  text: string;
  /** The body fails its check (aria-invalid). */
  invalid: boolean;
  onChange(text: string): void;
  /** Ids of the label and the help text. */
  labelledBy: string;
  describedBy: string;
  /** Filled by the plain field as the editor replaces it (components/lazy.tsx): its selection, if it had focus. */
  takeOver?: { readonly current: { from: number; to: number } | null };
}

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

export function JsonCodeEditor({ text, invalid, onChange, labelledBy, describedBy, takeOver }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useLatest(onChange);
  // Set while the text is replaced from outside, so that change is not reported back.
  const replacing = useRef(false);

  // In the commit that removes the plain field (a layout effect): keys typed right after land here.
  useLayoutEffect(() => {
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
        "aria-labelledby": labelledBy,
        "aria-describedby": describedBy,
        "aria-multiline": "true",
        spellcheck: "false",
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && !replacing.current) changed.current(update.state.doc.toString());
      }),
    ];
    const editor = new EditorView({ state: EditorState.create({ doc: text, extensions }), parent: host.current });
    view.current = editor;
    // Taking over from the plain field while it had focus: keep the caret where it was. Only while
    // the focus is nowhere (it left with the removed field): had the person moved on to another
    // control while CodeMirror loaded, taking the focus back would send their typing here.
    const focusLeftWithField = document.activeElement === null || document.activeElement === document.body;
    const focus = takeOver?.current;
    if (focus && focusLeftWithField) {
      const end = editor.state.doc.length;
      editor.dispatch({ selection: { anchor: Math.min(focus.from, end), head: Math.min(focus.to, end) } });
      editor.focus();
    }
    return () => {
      editor.destroy();
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
    view.current?.contentDOM.setAttribute("aria-invalid", String(invalid));
  }, [invalid]);

  return <div ref={host} />;
}
