// The browser's Back (a phone's back gesture) closes a sheet before it leaves the page,
// as on X and Instagram: what was typed in the sheet is not lost to a stray Back.
// Held by the router's blocker, only for Back and Forward (POP) from the entry the sheet
// opened on: a link inside the sheet ('Open post') still goes where it says, and a Back
// from there is never held (a loaded run once kept the blocker past that navigation).
// The router puts the entry back and no loader runs; the sheet then closes as its Close
// button closes it (focus returns to its opener). No history entry of its own: the sheet's
// other ways of closing leave the history as they found it.
// Not covered: a Back that leaves the app (the tab's first page) unloads the document,
// which no in-page code can hold.
import { useBlocker, useLocation, type BlockerFunction } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useLatest } from "./use-latest";

export function useBackCloses(onClose: () => void) {
  const close = useLatest(onClose);
  const openedAt = useRef(useLocation().key);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, historyAction }) => historyAction === "POP" && currentLocation.key === openedAt.current,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    blocker.reset();
    close.current();
  }, [blocker, close]);
}
