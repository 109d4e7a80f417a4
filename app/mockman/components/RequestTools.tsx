// Helpers above the headers: the guest token, cURL out and in, and the server
// that copied commands target (the page's own API lives only in this tab).
import { useId } from "react";

interface Props {
  busy: boolean;
  copyFallback: string | null;
  baseUrl: string;
  baseUrlProblem: string | null;
  onBaseUrl(text: string): void;
  onGuestToken(): void;
  onCopyCurl(): void;
  onCopyMockman(): void;
  onPasteCurl(): void;
  /** Opens the Code dialog (the request in other languages). */
  onCode(): void;
}

export function RequestTools(props: Props) {
  const { busy, copyFallback, baseUrl, baseUrlProblem } = props;
  const id = useId();
  return (
    <>
      <div className="mm-toolbar" role="group" aria-label="Request helpers">
        <button type="button" className="mm-button" onClick={props.onGuestToken} disabled={busy}>
          Use guest token
        </button>
        <button type="button" className="mm-button" onClick={props.onCode} aria-haspopup="dialog">
          Code
        </button>
        <button type="button" className="mm-button" onClick={props.onCopyCurl}>
          Copy as cURL
        </button>
        <button type="button" className="mm-button" onClick={props.onCopyMockman}>
          Copy as mockman request
        </button>
        <button type="button" className="mm-button" onClick={props.onPasteCurl}>
          Paste cURL
        </button>
      </div>
      <div className="mm-base-url">
        <label className="mm-section-title" htmlFor={`${id}-base`}>
          Server for Copy as cURL
        </label>
        <input
          id={`${id}-base`}
          className="mm-input"
          type="url"
          inputMode="url"
          spellCheck={false}
          autoComplete="off"
          value={baseUrl}
          aria-invalid={baseUrlProblem !== null}
          aria-describedby={baseUrlProblem ? `${id}-problem ${id}-note` : `${id}-note`}
          onChange={(e) => props.onBaseUrl(e.target.value)}
        />
        {baseUrlProblem && (
          <p id={`${id}-problem`} className="mm-error">
            {baseUrlProblem}
          </p>
        )}
        <p id={`${id}-note`} className="mm-hint">
          This page&apos;s API lives only in this browser tab, so a copied cURL command needs <code>npx mockman serve</code> (or{" "}
          <code>npm run mockman -- serve</code>) running at this address. A copied mockman request runs the mock in the terminal itself.
        </p>
      </div>
      {copyFallback !== null && (
        <div className="mm-copy-fallback">
          <label className="mm-section-title" htmlFor={`${id}-out`}>
            The clipboard is not available here; copy the command from this box
          </label>
          <textarea id={`${id}-out`} className="mm-textarea" readOnly rows={3} value={copyFallback} onFocus={(e) => e.target.select()} />
        </div>
      )}
    </>
  );
}
