// A panel's own failure: what went wrong and a Retry, inside the panel, so the
// screen around it stays usable.
export function PanelFailure({ what, error, onRetry, busy }: { what: string; error: string; onRetry: () => void; busy: boolean }) {
  return (
    <div className="panel-failure" role="alert">
      <p className="panel-failure__text">
        Could not load {what}: {error}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry} disabled={busy} aria-busy={busy}>
        {busy ? "Retrying…" : "Retry"}
      </button>
    </div>
  );
}
