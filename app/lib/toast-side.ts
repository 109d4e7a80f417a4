// Where a phone's toasts go (issue 34): at the bottom, just above the tab bar, unless
// a dialog is open (on a phone it is a sheet from the bottom edge, its field and buttons
// low; after Reply its form re-mounts and focus may even drop to <body>) or what has
// focus (the field being typed in, the button just pressed) is where they would sit;
// then at the top, so a toast never covers what the person is using. Only then: at the
// top they cover the post acted on and the feed's tabs. The
// container moves (a class, styles/controls.css), so toasts already showing move too.
// Wider screens keep the spec's top-right.
import { useEffect, useState, useSyncExternalStore } from "react";

/** The phone layout (styles/shell.css), where the tab bar sits at the bottom. */
const PHONE = "(max-width: 699px)";
const onPhoneChange = (listener: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
};

/** The room a bottom toast takes above the tab bar. */
const BOTTOM_LANE = 96;

/** Whether a dialog is open or the focused control reaches into the bottom toasts' lane, just above the tab bar. */
function busyLow(): boolean {
  if (document.querySelector('[aria-modal="true"]')) return true;
  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) return false;
  const box = active.getBoundingClientRect();
  // A region focused by script to start from (<main> after a login) is not a control in use: its bottom is always low.
  if (active instanceof HTMLElement && active.tabIndex < 0 && box.height > window.innerHeight / 2) return false;
  const tabBar = document.querySelector(".sidebar__nav")?.getBoundingClientRect().top ?? window.innerHeight;
  return box.bottom > tabBar - BOTTOM_LANE;
}

export function useToastPlace(wide: "top-right"): { position: "top-right" | "bottom-center"; className?: string } {
  const phone = useSyncExternalStore(
    onPhoneChange,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  const [low, setLow] = useState(false);
  useEffect(() => {
    if (!phone) return;
    // After focus settles (a focusout to nothing is followed by a focusin elsewhere, or not).
    let frame = 0;
    const look = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setLow(busyLow()));
    };
    look();
    document.addEventListener("focusin", look);
    document.addEventListener("focusout", look);
    // The on-screen keyboard resizes the window, and a sheet can scroll its field.
    window.addEventListener("resize", look);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("focusin", look);
      document.removeEventListener("focusout", look);
      window.removeEventListener("resize", look);
    };
  }, [phone]);
  if (!phone) return { position: wide };
  return { position: "bottom-center", className: low ? "toasts--raised" : undefined };
}
