// Helpers above the headers: the guest token, and cURL out and in.
interface Props {
  busy: boolean;
  copyFallback: string | null;
  onGuestToken(): void;
  onCopyCurl(): void;
  onPasteCurl(): void;
}

export function RequestTools({ busy, copyFallback, onGuestToken, onCopyCurl, onPasteCurl }: Props) {
  return (
    <>
      <div className="mm-toolbar" role="group" aria-label="Request helpers">
        <button type="button" className="mm-button" onClick={onGuestToken} disabled={busy}>
          Use guest token
        </button>
        <button type="button" className="mm-button" onClick={onCopyCurl}>
          Copy as cURL
        </button>
        <button type="button" className="mm-button" onClick={onPasteCurl}>
          Paste cURL
        </button>
      </div>
      {copyFallback !== null && (
        <div className="mm-copy-fallback">
          <label className="mm-section-title" htmlFor="mm-curl-out">
            The clipboard is not available here; copy the command from this box
          </label>
          <textarea id="mm-curl-out" className="mm-textarea" readOnly rows={3} value={copyFallback} onFocus={(e) => e.target.select()} />
        </div>
      )}
    </>
  );
}
