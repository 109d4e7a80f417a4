// Whether a CSS media query matches, kept in step as the window changes: for parts a
// layout shows at some widths only, so a hidden copy never reads data or doubles ids.
import { useSyncExternalStore } from "react";

/** The right column (search, Who to follow) beside every signed-in screen (styles/shell.css). */
export const WIDE = "(min-width: 1180px)";
/** A phone: the bottom tab bar (styles/shell.css). */
export const PHONE = "(max-width: 699px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
