// After login (or any first arrival in the signed-in shell) focus lands on the main
// content, not on <body>: the login dialog that had it is gone, and a keyboard or
// screen reader user should start where the screen starts (issue 34).
import { useEffect, type RefObject } from "react";

export function useFocusOnArrival(target: RefObject<HTMLElement>) {
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== document.documentElement) return;
    target.current?.focus({ preventScroll: true });
  }, [target]);
}
