// One boundary renders every route's errors: CONTRACT §2's fallback, 'Unexpected
// Application Error!' with the status and status text, or the message and stack.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { TEXT } from "#app/lib/texts";

/** What CONTRACT §2 shows of a thrown error: status and status text, or the message and stack. */
export function describeRouteError(error: unknown): { detail: string; stack?: string } {
  if (isRouteErrorResponse(error)) return { detail: `${error.status} ${error.statusText}`.trim() };
  if (error instanceof Error) return { detail: error.message, stack: error.stack };
  return { detail: String(error) };
}

export function GeneralErrorBoundary() {
  const { detail, stack } = describeRouteError(useRouteError());
  return (
    <main className="error-page" role="alert">
      <h1 className="error-page__title">{TEXT.appError}</h1>
      <p className="error-page__detail">{detail}</p>
      {stack ? <pre className="error-page__stack">{stack}</pre> : null}
      {/* A full load, not a client navigation: the state that failed may be what broke the render. */}
      <a className="button button--secondary" href="/home">
        Back to Home
      </a>
    </main>
  );
}
