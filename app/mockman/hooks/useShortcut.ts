// A page-wide Ctrl/Cmd shortcut (Ctrl+Enter sends, Ctrl+S saves), never
// inside a dialog, always calling the latest handler. It listens in the capture
// phase and stops the key there, so the field it was pressed in never sees it
// (the JSON editor's own Mod-Enter would otherwise add a blank line to the body). It listens from the
// commit that shows the page (a layout effect): a passive effect comes a task
// after the paint, and a key pressed in between would be lost.
import { useLayoutEffect } from "react";
import { useLatest } from "#app/lib/use-latest";

export function useShortcut(key: string, run: () => unknown) {
  const latest = useLatest(run);
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== key.toLowerCase() || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if ((event.target as Element | null)?.closest?.("dialog")) return;
      event.preventDefault();
      event.stopPropagation();
      void latest.current();
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [key, latest]);
}
