import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, UNSAFE_RemixContext } from "@remix-run/react";
import { useContext, useEffect, useMemo, type ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { GeneralErrorBoundary } from "#app/components/GeneralErrorBoundary";
import { TOAST_OPTIONS } from "#app/lib/texts";
import { useToastPlace } from "#app/lib/toast-side";
import { InlineScript, PreloadHolder } from "#app/lib/inline-script";
import { routePreloadScript, routeTable } from "#app/lib/route-preload";
import { followSystemTheme } from "#app/lib/theme";
import themeBoot from "#app/lib/theme-boot.js?raw";
import stylesHref from "#app/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Toasts never cover navigation or headings: top-right on wider screens, stacked
 * into the one lane kept above 'Who to follow' (styles/shell.css) however many
 * come at once; on a phone at the bottom, just above the tab bar, away from the
 * top bar and the page title, but at the top while what has focus (a field being
 * typed in, the button just pressed) is in the lower half (app/lib/toast-side.ts).
 */
function Toasts() {
  const { position, className } = useToastPlace(TOAST_OPTIONS.position);
  return (
    <ToastContainer
      {...TOAST_OPTIONS}
      position={position}
      className={className}
      // Stacked, the newest is in front (newestOnTop would put the oldest there).
      stacked
      closeOnClick
      pauseOnFocusLoss={false}
      theme="light"
    />
  );
}

/** Preloads the page's own route as the HTML arrives (app/lib/route-preload.ts); the build only, dev serves modules one by one. */
function RoutePreload() {
  const manifest = useContext(UNSAFE_RemixContext)?.manifest;
  const script = useMemo(() => (manifest && !import.meta.env.DEV ? routePreloadScript(routeTable(manifest)) : ""), [manifest]);
  if (!script) return null;
  return (
    <>
      <PreloadHolder />
      <InlineScript code={script} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    // data-theme is set by the boot script before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Inline, so the first paint waits for no file. */}
        <InlineScript code={themeBoot} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f8fa" />
        <Meta />
        <Links />
      </head>
      <body>
        <RoutePreload />
        {children}
        <Toasts />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// The shell (sidebar, session) lives in routes/_app.tsx, so /mockman renders bare.
export default function App() {
  useEffect(followSystemTheme, []);
  return <Outlet />;
}

export function HydrateFallback() {
  return (
    <div className="boot" role="status" aria-live="polite">
      <span className="boot__spinner" aria-hidden="true" />
      Loading Moments…
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
