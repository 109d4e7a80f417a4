import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { startBrowserMock } from "#mock/browser";

// The mock must answer before the first clientLoader runs, so it boots first.
startBrowserMock()
  .catch((error: unknown) => {
    console.error(error);
    (window as { __mockBootError?: unknown }).__mockBootError = error;
  })
  .finally(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    });
  });
