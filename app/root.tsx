import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { GeneralErrorBoundary } from "#app/components/GeneralErrorBoundary";
import { TOAST_OPTIONS } from "#app/lib/texts";
import { useToastPlace } from "#app/lib/toast-side";
import { followSystemTheme } from "#app/lib/theme";
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

export function Layout({ children }: { children: ReactNode }) {
  return (
    // data-theme is set by the boot script before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script src="/theme-boot.js" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f8fa" />
        <Meta />
        <Links />
      </head>
      <body>
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
