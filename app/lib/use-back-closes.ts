// The browser's Back (a phone's back gesture) closes a sheet before it leaves the page,
// as on X and Instagram: what was typed in the sheet is not lost to a stray Back.
// Held by the router's blocker, only for Back and Forward (POP) from the entry the sheet
// opened on: a link inside the sheet ('Open post') still goes where it says, and a Back
// from there is never held (a loaded run once kept the blocker past that navigation).
// The router puts the entry back and no loader runs; the sheet then closes as its Close
// button closes it (focus returns to its opener). No history entry of its own: the sheet's
// other ways of closing leave the history as they found it.
// On the tab's first page (the router's history index 0), Back would leave the app and unload
// the document, which no blocker can hold. There the sheet takes an entry of its own, as apps do:
// the same URL and router state, pushed past the router (which never hears of it). Back then lands
// on the page's entry, and a popstate listener added at boot before the router's
// (`listenBeforeRouter`: Chromium calls a window's listeners in the order they were added, capture
// or not) closes the sheet and keeps the router out of it (same URL, nothing to load); the sheet's
// other ways of closing take the entry back out.
// A link inside the sheet (any navigation made while that entry is the current one) takes the
// entry's place instead of going past it: the router's pushState is made a replaceState there, so
// Back from the page it opens shows the page, and the next Back leaves the app, with no dead Back
// between. The router reads the current entry's index and pushes the next; so the sheet's entry
// keeps the page's index (0), and the router's entry lands at 1, where the router counts it: the
// deltas it gives blockers on a later Back or Forward stay true. An entry of a sheet that has gone
// (Forward onto it after Close, Escape or Back; a reload on it) is made a plain one at index 1
// before the router reads it. A replace the router makes on the sheet's entry (a search typed just
// before the sheet opened, whose pause ends with it open; a session ended in another tab) keeps
// index 0, one short, until the next Back: no blocker is left to read that count (the sheet closes
// with its page), so it stays a replace.
// The sheet's own Back (history.back() when it closes) is the browser's to make, later: a page a link
// inside the sheet opened can finish loading first (the screen under the sheet gives way to its
// skeleton at once, and the sheet with it). A history write the router makes meanwhile would go in past
// the sheet's entry, and the late Back then took the URL back to the page under the new screen: it
// waits for that Back instead (`afterSheetBack`), so the new page's entry goes where the sheet's was.
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
  useEffect(() => {
    const state: unknown = window.history.state;
    if (!isRouterState(state) || state.idx !== 0 || state.sheet === true || !listening) return;
    const own = { ...state, sheet: true };
    window.history.pushState(own, "", window.location.href);
    let open = true;
    // Back from the sheet's entry (or the one its other ways of closing take): the page's entry is as the router left it.
    const onPop = () => {
      if (open) close.current();
      open = false;
    };
    sheetPop = onPop;
    sheetEntry = own;
    return () => {
      if (sheetEntry === own) sheetEntry = null;
      if (!open) return;
      open = false;
      // Closed another way, still on its entry: it goes (its popstate is heard here, not by the router).
      const now: unknown = window.history.state;
      if (isRouterState(now) && now.sheet === true && now.key === own.key) {
        afterSheetBack = [];
        window.history.back();
      }
      // Gone by a link of its own: the new page took its entry's place, and the router hears every Back.
      else if (sheetPop === onPop) sheetPop = null;
    };
  }, [close]);
}

/** What the next popstate does instead of the router, while a sheet holds an entry of its own. */
let sheetPop: (() => void) | null = null;
/** The state of that entry, while it is there: a push made on it replaces it. */
let sheetEntry: SheetState | null = null;
/** While the Back a closed sheet made is on its way: the router's history writes since, made once it has landed. */
let afterSheetBack: (() => void)[] | null = null;
let listening = false;

/** Called at boot, before the router starts: the sheet's own entry is then heard before the router hears anything. */
export function listenBeforeRouter() {
  if (listening) return;
  listening = true;
  const history = window.history;
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  settleGoneSheet(replace);
  history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
    if (afterSheetBack) return void afterSheetBack.push(() => history.pushState(data, unused, url));
    const now: unknown = history.state;
    const own = sheetEntry;
    if (!own || !isRouterState(now) || now.sheet !== true || now.key !== own.key) return push(data, unused, url);
    // A link inside the sheet: the router numbered its entry from the sheet's (the page's index), one past it.
    sheetEntry = null;
    sheetPop = null;
    replace(data, unused, url);
  };
  history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
    if (afterSheetBack) return void afterSheetBack.push(() => replace(data, unused, url));
    replace(data, unused, url);
  };
  window.addEventListener("popstate", (event) => {
    const run = sheetPop;
    if (!run) return settleGoneSheet(replace);
    sheetPop = null;
    event.stopImmediatePropagation();
    run();
    // The sheet's own Back has landed on the page's entry: what the router wrote meanwhile goes in now, in order.
    const waiting = afterSheetBack ?? [];
    afterSheetBack = null;
    for (const write of waiting) write();
  });
}

/** On the entry of a sheet that has gone, before the router reads it: a plain entry, one past the first page's. */
function settleGoneSheet(replace: History["replaceState"]) {
  const state: unknown = window.history.state;
  if (!isRouterState(state) || state.sheet !== true) return;
  const { sheet: _sheet, ...plain } = state;
  replace({ ...plain, idx: 1 }, "");
}

type SheetState = { idx: number; key?: string; sheet?: boolean };

/** The state the router keeps in each history entry (its key and index), with the sheet's mark. */
function isRouterState(state: unknown): state is SheetState {
  return typeof state === "object" && state !== null && typeof (state as { idx?: unknown }).idx === "number";
}
