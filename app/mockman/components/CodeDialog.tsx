// "Code": the request as cURL, fetch, Node, Python requests, HTTPie or a
// mockman command, with Copy. Loaded on first open (React.lazy in the page),
// so httpsnippet costs nothing until someone asks for code.
import { useEffect, useId, useMemo, useState } from "react";
import { useModal } from "../hooks/useModal";
import { mapPartTexts, partTexts } from "../lib/bodies";
import type { CurlRequest } from "../lib/curl";
import { withAdditions } from "../lib/send-item";
import type { Signature, SignedSide } from "../hooks/useSignature";
import { LANGUAGES, snippet } from "../lib/snippets";
import { fillText, unresolvedRefs, type Variables } from "../lib/variables";

interface Props {
  open: boolean;
  onClose(): void;
  /** The request as typed, `{{ }}` and all. */
  request: CurlRequest;
  variables: Variables;
  environmentName: string | null;
  baseUrl: string;
  /** Set when the request's Send signs it with an auth its headers do not carry (its saved one, or one it inherits). */
  signature?: Signature | null;
}

export default function CodeDialog({ open, onClose, request, variables, environmentName, baseUrl, signature }: Props) {
  const dialog = useModal(open);
  const id = useId();
  const [languageId, setLanguageId] = useState(LANGUAGES[0].id);
  const [resolve, setResolve] = useState(false);
  const [said, setSaid] = useState("");
  const language = LANGUAGES.find((l) => l.id === languageId) ?? LANGUAGES[0];
  const texts = [
    request.endpoint,
    ...Object.entries(request.headers).flat(),
    request.bodyText ?? "",
    ...(request.bodies ? partTexts(request.bodies) : []),
  ];
  const unfilled = resolve ? unresolvedRefs(texts, variables) : [];
  // Signed when shown (a time or a nonce in a signature is made for this look), again when Fill in variables changes.
  const [signed, setSigned] = useState<{ signature: Signature; resolve: boolean; side: SignedSide } | null>(null);
  // Closed, it forgets what it signed: reopened, it signs afresh and shows no earlier time or nonce meanwhile.
  const [shown, setShown] = useState(open);
  if (shown !== open) {
    setShown(open);
    if (!open) setSigned(null);
  }
  useEffect(() => {
    if (!open || !signature) return;
    let live = true;
    void signature.sign(resolve).then((side) => live && setSigned({ signature, resolve, side }));
    return () => {
      live = false;
    };
  }, [open, signature, resolve]);
  const current = signed && signed.signature === signature && signed.resolve === resolve ? signed.side : null;
  const code = useMemo(() => {
    if (!open) return "";
    // Filling leaves what no variable fills as written, so those stay `{{ }}`.
    const fill = (text: string) => (resolve ? fillText(text, variables) : text);
    const typed: CurlRequest = {
      method: request.method,
      endpoint: fill(request.endpoint),
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [fill(name), fill(value)])),
      bodyText: request.bodyText === undefined ? undefined : fill(request.bodyText),
      ...(request.bodies ? { bodies: mapPartTexts(request.bodies, fill) } : {}),
    };
    // The auth its Send signs it with, written in as the worker signed it: with the {{ }} kept, or filled.
    const additions = current?.additions;
    const shown = additions ? withAdditions(typed, additions) : typed;
    try {
      return snippet(language, shown, baseUrl, window.location.origin);
    } catch (error) {
      return `Could not write this request as ${language.label}: ${(error as Error).message}`;
    }
  }, [open, resolve, request, variables, language, baseUrl, current]);
  const signedBy = signature && (current ? current.note("this code") : signature.pending("this code"));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setSaid(`Copied the ${language.label} code.`);
    } catch {
      setSaid("The clipboard is not available here; select the code and copy it by hand.");
    }
  };

  return (
    <dialog ref={dialog} className="mm-dialog mm-code-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`} className="mm-panel-title">
        Code
      </h2>
      <div className="mm-code-options">
        <label className="mm-section-title" htmlFor={`${id}-lang`}>
          Language
        </label>
        <select id={`${id}-lang`} className="mm-select" value={languageId} onChange={(e) => setLanguageId(e.target.value)}>
          {LANGUAGES.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </select>
        <label className="mm-code-fill">
          <input type="checkbox" checked={resolve} onChange={(e) => setResolve(e.target.checked)} />
          Fill in variables {environmentName ? `from "${environmentName}"` : "(no environment is active)"}
        </label>
      </div>
      <p className="mm-hint">
        {resolve
          ? unfilled.length
            ? `Filled what the environment defines; ${unfilled.join(", ")} stay as written.`
            : "Variables are filled, secrets included: mind where you paste this."
          : "{{variables}} are kept as written. Paths go to the server for Copy as cURL: "}
        {!resolve && <code>{baseUrl}</code>}
      </p>
      {signedBy && <p className="mm-hint mm-code-signed">{signedBy}</p>}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region: focusable so a keyboard can scroll it */}
      <pre className="mm-text mm-code" tabIndex={0} role="region" aria-label={`${language.label} code`} data-testid="code-snippet">
        {code}
      </pre>
      <div className="mm-dialog-actions">
        <span className="mm-hint" aria-live="polite">
          {said}
        </span>
        <button type="button" className="mm-button" onClick={onClose}>
          Close
        </button>
        <button type="button" className="mm-button mm-primary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
    </dialog>
  );
}
