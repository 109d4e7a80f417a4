// The signed-in app's keyboard shortcuts (app/lib/shortcuts.ts) and the '?'
// dialog that lists them. What a shortcut changes is announced in a polite
// live region, since focus stays on the post while its buttons change.
import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { SHORTCUTS, composerField, currentPost, movePost, pressOnPost, shortcutFor } from "#app/lib/shortcuts";
import { Modal } from "./Modal";
import { useLatest } from "#app/lib/use-latest";

/** How long n's wish for the composer holds while Home is on its way. */
const COMPOSE_WAIT_MS = 10_000;

const PRESSED: Record<string, [string, string]> = {
  Like: ["Liked", "Like removed"],
  Bookmark: ["Bookmarked", "Bookmark removed"],
};

export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const navigateRef = useLatest(navigate);
  // What React has shown, not the address bar: the router commits a navigation in a transition, so the URL
  // can say /home while the screen is still the one before it (or about to be replaced by it).
  const location = useLocation();
  const navigation = useNavigation();
  const shown = useLatest({ pathname: location.pathname, idle: navigation.state === "idle" });
  /** When n asked for the composer of a Home not shown yet (performance.now()), until it is focused. */
  const composeAsked = useRef<number | null>(null);

  // n from another screen: the composer is focused once Home is shown and no navigation is left to replace
  // it. (Polling the DOM from the URL found the Home that was going away and focused its box.)
  useEffect(() => {
    const asked = composeAsked.current;
    if (asked === null || navigation.state !== "idle" || location.pathname !== "/home") return;
    composeAsked.current = null;
    if (performance.now() - asked < COMPOSE_WAIT_MS) composerField()?.focus();
  }, [location, navigation.state]);

  // Listening from the commit that shows the page, not a task after its paint (see useShortcut).
  useLayoutEffect(() => {
    const announce = (text: string) => {
      // Cleared first, so the same words said twice are read twice.
      setAnnouncement("");
      requestAnimationFrame(() => setAnnouncement(text));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const dialogOpen = document.querySelector('[role="dialog"]') !== null;
      const action = shortcutFor(event, dialogOpen);
      if (!action) return;
      event.preventDefault();
      switch (action.kind) {
        case "submit": {
          // Through the form's own submit button: it carries the form's intent.
          const button = action.form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
          if (!button || button.disabled) return;
          action.form.requestSubmit(button);
          return;
        }
        case "move":
          movePost(action.by);
          return;
        case "press": {
          // What the press does is known before it: the state the button showed (its next render may come late on a busy machine).
          const wasPressed = currentPressed(action.control);
          const button = pressOnPost(action.control);
          const words = PRESSED[action.control];
          if (button && words) setTimeout(() => announce(wasPressed ? words[1] : words[0]), 50);
          return;
        }
        case "compose": {
          // Home shown and settled: its composer now. Otherwise once it is (the effect above); Home's
          // loader may take seconds on a busy machine, and a URL already at /home is a navigation on its way.
          const field = shown.current.idle && shown.current.pathname === "/home" ? composerField() : null;
          if (field) field.focus();
          else {
            composeAsked.current = performance.now();
            if (window.location.pathname !== "/home") navigateRef.current("/home");
          }
          return;
        }
        case "explore":
          navigateRef.current("/explore");
          return;
        case "help":
          setHelpOpen(true);
          return;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigateRef, shown]);

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {helpOpen ? (
        <Modal title="Keyboard shortcuts" onClose={() => setHelpOpen(false)} description="Not while typing in a text box.">
          <dl className="shortcuts">
            {SHORTCUTS.map((s) => (
              <div key={s.does} className="shortcuts__row">
                <dt>
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 ? (s.keys[0] === "Ctrl" ? " + " : " / ") : null}
                      <kbd>{k}</kbd>
                    </span>
                  ))}
                </dt>
                <dd>{s.does}</dd>
              </div>
            ))}
          </dl>
        </Modal>
      ) : null}
    </>
  );
}

/** Whether the focused post's control shows pressed now (aria-pressed), before a press changes it. */
function currentPressed(control: string): boolean {
  return currentPost()?.querySelector(`button[aria-label="${control}"]`)?.getAttribute("aria-pressed") === "true";
}
