import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { askBeforeUsingApi } from "#app/lib/api-question";
import { declineApiTarget, routeApiTo, saveApiTarget, takeApiTargetFromUrl } from "#app/lib/api-target";
import { gateApiUntilMockBoots } from "#app/lib/mock-gate";
import { tokenOfThisTab } from "#app/lib/session";
import { hasKeptWrites } from "#app/lib/outbox";
import { holdCallsUntil } from "#app/lib/call-hold";
import { listenBeforeRouter } from "#app/lib/use-back-closes";

// The mock (Mirage + Dexie) runs in a worker of this tab; the page loads only
// its small door (mock/browser/door.ts), which starts the worker and patches fetch.
// Any same-origin /api call waits for that patch (and starts it), so no loader
// ever reaches the network first; the worker then answers each request as soon
// as it can. A signed-out visitor on the welcome page needs no API until they
// log in, so there it starts once the page is idle; everywhere else, at once.
function startInTabMock() {
  const bootMock = gateApiUntilMockBoots(() =>
    import("#mock/browser/door").then(({ startBrowserMock }) => void startBrowserMock()).catch((error: unknown) => console.error(error)),
  );

  const welcomeVisitor = window.location.pathname === "/" && !localStorage.getItem("token");
  if (!welcomeVisitor) void bootMock();
  else {
    const whenIdle = () => {
      const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
      idle(() => void bootMock(), { timeout: 2000 });
    };
    // This module runs async, possibly after `load` has fired.
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  }
}

// `/?api=http://127.0.0.1:3001` points the app at a running `mockman serve`
// instead (remembered until `?api=off`); then the tab's mock never loads. A
// server that is not on this machine is asked about first: until the person
// says yes, nothing is stored, nothing is sent there, and the app does not start.
async function start() {
  // The session this tab starts with is the one it acts as (app/lib/session.ts).
  tokenOfThisTab();
  const choice = takeApiTargetFromUrl();
  let remoteApi = choice.target;
  if (choice.ask) {
    if (await askBeforeUsingApi(choice.ask)) {
      saveApiTarget(choice.ask);
      remoteApi = choice.ask;
    } else declineApiTarget(choice.ask);
  }
  if (remoteApi) routeApiTo(remoteApi);
  else startInTabMock();
  // Likes, bookmarks, follows and deletions a gone tab showed as done are sent first (app/lib/outbox.ts):
  // the screens' reads wait for them, so they show what those writes made.
  if (hasKeptWrites())
    holdCallsUntil(
      import("#app/lib/replay-kept").then(({ replayKeptWrites }) => replayKeptWrites()).catch((error: unknown) => console.error(error)),
    );

  // A sheet opened on the tab's first page closes on Back: its listener goes before the router's.
  listenBeforeRouter();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

void start();
