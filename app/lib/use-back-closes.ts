// The browser's Back (a phone's back gesture) closes a sheet before it leaves the page,
// as on X and Instagram: what was typed in the sheet is not lost to a stray Back.
// Held by the router's blocker, only for Back and Forward (POP): a link inside the
// sheet ('Open post') still goes where it says. The router puts the entry back and no
// loader runs; the sheet then closes as its Close button closes it (focus returns to
// its opener). No history entry of its own: the sheet's other ways of closing leave
// the history as they found it.
// Not covered: a Back that leaves the app (the tab's first page) unloads the document,
// which no in-page code can hold.
import { useBlocker } from "@remix-run/react";
import { useEffect } from "react";
import { useLatest } from "./use-latest";

export function useBackCloses(onClose: () => void) {
  const close = useLatest(onClose);
  const blocker = useBlocker(({ historyAction }) => historyAction === "POP");
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    blocker.reset();
    close.current();
  }, [blocker, close]);
}
