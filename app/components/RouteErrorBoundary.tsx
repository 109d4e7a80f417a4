// A screen's own error boundary: CONTRACT §2's 'Unexpected Application Error!' with the
// status and status text, or the message and stack, shown inside the shell so
// one failed loader never blanks the sidebar and the other screens.
import { Link, useRevalidator, useRouteError } from "@remix-run/react";
import { describeRouteError } from "#app/components/GeneralErrorBoundary";
import { TEXT } from "#app/lib/texts";

export function RouteErrorBoundary() {
  const { detail, stack } = describeRouteError(useRouteError());
  // A slow or failing backend is often a passing one: Retry reads the screen again.
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  return (
    <section className="route-error card" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="route-error__title">
        {TEXT.appError}
      </h1>
      <p className="route-error__detail">{detail}</p>
      {stack ? <pre className="route-error__stack">{stack}</pre> : null}
      <div className="route-error__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => revalidator.revalidate()}
          disabled={retrying}
          aria-busy={retrying}
        >
          {retrying ? "Retrying…" : "Retry"}
        </button>
        <Link to="/home" className="button button--secondary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
