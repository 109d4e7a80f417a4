import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { GeneralErrorBoundary } from "#app/components/GeneralErrorBoundary";
import { TOAST_OPTIONS } from "#app/lib/texts";
import { followSystemTheme } from "#app/lib/theme";
import stylesHref from "#app/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

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
        <ToastContainer {...TOAST_OPTIONS} newestOnTop closeOnClick pauseOnFocusLoss={false} theme="light" />
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
