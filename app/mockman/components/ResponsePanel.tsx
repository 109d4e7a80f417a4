// The response panel: nothing yet, the failure that came instead of an
// answer, or the answer (ResponseView: status line, body and headers as trees).
import { memo } from "react";
import { formatMs, type Outcome } from "../lib/send";
import { ResponseView } from "./ResponseView";
import type { SectionTab } from "./SectionTabs";

// Memoized: typing in the request or a history update must not re-render a big tree.
interface Props {
  outcome: Outcome | null;
  sending: boolean;
  /** Asks for the page after this one, when the answer carries `next`. */
  onNextPage?: (() => void) | null;
  /** Where the answer came from, to name a saved file. */
  request?: { method: string; endpoint: string };
  /** A hint that a whole list came back where the route pages (`?limit=`), with its action. */
  pagingHint?: string | null;
  onAddLimit?: () => void;
  /** Test results, after a Send that ran scripts. */
  testsTab?: SectionTab | null;
}

export const ResponsePanel = memo(function ResponsePanel({
  outcome,
  sending,
  onNextPage,
  request,
  pagingHint,
  onAddLimit,
  testsTab,
}: Props) {
  return (
    <section className="mm-panel mm-response" aria-labelledby="mm-response-title" aria-busy={sending}>
      <h2 id="mm-response-title" className="mm-panel-title">
        Response
      </h2>
      {/* Sent again: the last answer stays in place, dimmed, until the new one comes (as Postman shows it). A screen
          reader hears aria-busy and the Submit button's "Sending…"; this line is for the eye. */}
      {sending && outcome !== null && (
        <p className="mm-resending" aria-hidden="true">
          Sending…
        </p>
      )}
      {outcome === null ? (
        <p className="mm-empty">{sending ? "Sending…" : "Response is undefined."}</p>
      ) : outcome.kind === "failure" ? (
        <>
          <Failure error={outcome.error} ms={outcome.ms} />
          {testsTab && (
            <section aria-label={testsTab.label}>
              <h3 className="mm-field-label">{testsTab.label}</h3>
              {testsTab.content}
            </section>
          )}
        </>
      ) : (
        <ResponseView
          outcome={outcome}
          onNextPage={onNextPage ?? null}
          request={request ?? { method: "GET", endpoint: "response" }}
          pagingHint={pagingHint ?? null}
          onAddLimit={onAddLimit}
          testsTab={testsTab}
        />
      )}
    </section>
  );
});

function Failure({ error, ms }: { error: string; ms: number }) {
  return (
    <div className="mm-failure">
      <p className="mm-status" data-testid="status-line">
        <span className="mm-badge mm-badge-error">No response</span>
        <span className="mm-meta">{formatMs(ms)}</span>
      </p>
      <p className="mm-explain" role="alert">
        The request failed before any response arrived, so this is the error itself: a network failure, a wrong address, or a server that
        refuses cross-origin requests (CORS).
      </p>
      {/* Scrollable: focusable so a keyboard can scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre className="mm-text" tabIndex={0}>
        {error}
      </pre>
    </div>
  );
}
