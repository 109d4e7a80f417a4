// The page's heavy parts, loaded when first used so /mockman's first load stays
// light (under 250 KB of JavaScript, gzip: `npm run bench` prints it and
// tests/e2e/mockman-first-load.spec.ts holds it):
// - the body's CodeMirror editor (~110 KB gz) when the body is first focused or
//   pointed at; until then a plain text field with the same label, text and help;
// - the JSON tree (react-json-tree with its colour and lodash helpers, ~30 KB gz)
//   when a response's headers first show;
// - the body's Pretty view (./PrettyJson, windowed) when a response first shows;
// - the Cookies tab's table (./CookieTable, with tough-cookie) when an answer sets a cookie.
// The Code dialog (httpsnippet) loads on first open (PageDialogs), and the
// collection file conversions (with their matcher checks) on import or export.
import { Suspense, lazy, useLayoutEffect, useRef, useState, type ComponentProps } from "react";
import type { CodeEditorProps } from "./JsonCodeEditor";
import type { JsonView as Tree } from "./JsonView";
import type { PrettyJson as Pretty } from "./PrettyJson";
import type { CookieTable as Cookies } from "./CookieTable";

export type { CodeEditorProps };

const TreeView = lazy(() => import("./JsonView").then((m) => ({ default: m.JsonView })));
const PrettyView = lazy(() => import("./PrettyJson").then((m) => ({ default: m.PrettyJson })));
const CookiesView = lazy(() => import("./CookieTable").then((m) => ({ default: m.CookieTable })));

/**
 * The read-only JSON tree (./JsonView), loaded on first show; until it is there, the
 * same data as indented text, so the answer can be read (and searched by the
 * browser) at once. Only bodies parsed on the page come here (up to 1 MB): larger
 * ones are shown by LazyJsonView from the JSON worker.
 */
export function JsonView(props: ComponentProps<typeof Tree>) {
  return (
    <Suspense fallback={<IndentedText data={props.data} />}>
      <TreeView {...props} />
    </Suspense>
  );
}

/** The body's Pretty view (./PrettyJson), loaded on first show; until then the same text, unnumbered. */
export function PrettyJson(props: ComponentProps<typeof Pretty>) {
  return (
    <Suspense fallback={<IndentedText data={props.data} />}>
      <PrettyView {...props} />
    </Suspense>
  );
}

/** The Cookies tab's table (./CookieTable), loaded when an answer sets a cookie; until then each Set-Cookie as it came. */
export function CookieTable(props: ComponentProps<typeof Cookies>) {
  return (
    <Suspense fallback={<pre className="mm-text">{props.setCookies.map((c) => `Set-Cookie: ${c}`).join("\n")}</pre>}>
      <CookiesView {...props} />
    </Suspense>
  );
}

const IndentedText = ({ data }: { data: unknown }) => (
  // A scrollable region takes focus (axe: scrollable-region-focusable), as the views do.
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
  <pre className="mm-text" tabIndex={0}>
    {JSON.stringify(data, null, 2)}
  </pre>
);

type CodeEditorModule = typeof import("./JsonCodeEditor");
let editorModule: CodeEditorModule | null = null;
let editorLoading: Promise<CodeEditorModule> | null = null;

/** Starts loading CodeMirror (once); a failed load is tried again on the next use. */
export function loadCodeEditor(): Promise<CodeEditorModule> {
  editorLoading ??= import("./JsonCodeEditor").then(
    (loaded) => (editorModule = loaded),
    (error: unknown) => {
      editorLoading = null;
      throw error;
    },
  );
  return editorLoading;
}

/**
 * The JSON body's editor: a plain text field until CodeMirror is wanted, then
 * CodeMirror in its place with the same text (and the caret, if the field had
 * focus). The field is a full editor on its own: typing, pasting and Tab work
 * before, and if, the load never comes.
 */
export function CodeEditor(props: CodeEditorProps) {
  const [loaded, setLoaded] = useState(editorModule);
  // What the editor takes over from the plain field, left by the field as it goes (PlainField).
  const takeOver = useRef<{ from: number; to: number } | null>(null);
  if (loaded) return <loaded.JsonCodeEditor {...props} takeOver={takeOver} />;
  const want = () => {
    loadCodeEditor().then(
      (module) => setLoaded(module),
      () => {
        // Offline or the chunk is gone after a deploy: the plain field stays and still works.
      },
    );
  };
  return <PlainField {...props} onWant={want} leave={takeOver} />;
}

/**
 * The plain field. As the editor replaces it, it leaves its selection (if it had focus) for the
 * editor: read in the commit that removes it, before it is gone, so a selection made after the
 * editor's module arrived (select all, then type) is the one carried over. The editor is made in
 * the same commit (a layout effect), so nothing typed falls between the two.
 */
function PlainField({
  onWant,
  leave,
  ...props
}: CodeEditorProps & { onWant(): void; leave: { current: { from: number; to: number } | null } }) {
  const field = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const plain = field.current;
    return () => {
      if (plain && document.activeElement === plain) leave.current = { from: plain.selectionStart, to: plain.selectionEnd };
    };
  }, [leave]);
  return (
    <textarea
      ref={field}
      className="mm-code-plain"
      value={props.text}
      onChange={(event) => props.onChange(event.target.value)}
      onFocus={onWant}
      onPointerEnter={onWant}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
    />
  );
}
