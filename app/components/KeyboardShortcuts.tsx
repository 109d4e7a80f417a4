// The signed-in app's keyboard shortcuts (app/lib/shortcuts.ts) and the '?'
// dialog that lists them. What a shortcut changes is announced in a polite
// live region, since focus stays on the post while its buttons change.
import { useNavigate } from "@remix-run/react";
import { useLayoutEffect, useState } from "react";
import { SHORTCUTS, composerField, currentPost, movePost, pressOnPost, shortcutFor } from "#app/lib/shortcuts";
import { Modal } from "./Modal";
import { useLatest } from "#app/lib/use-latest";

const PRESSED: Record<string, [string, string]> = {
  Like: ["Liked", "Like removed"],
  Bookmark: ["Bookmarked", "Bookmark removed"],
};

export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const navigateRef = useLatest(navigate);

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
          // The URL leads: right after a navigation away from /home, React may still be showing
          // Home (the router commits in a transition), and its composer is about to go.
          const field = window.location.pathname === "/home" ? composerField() : null;
          if (field) field.focus();
          else {
            navigateRef.current("/home");
            // Home's loader may take seconds on a busy machine: wait for its composer while the URL stays /home.
            waitFor(() => (window.location.pathname === "/home" ? composerField() : null), 10_000).then((found) => found?.focus());
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
  }, [navigateRef]);

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

/** Polls for an element that a navigation is about to render (up to 3 s). */
/** Whether the focused post's control shows pressed now (aria-pressed), before a press changes it. */
function currentPressed(control: string): boolean {
  return currentPost()?.querySelector(`button[aria-label="${control}"]`)?.getAttribute("aria-pressed") === "true";
}

function waitFor<T>(find: () => T | null, limitMs = 3000): Promise<T | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    const look = () => {
      const found = find();
      if (found || performance.now() - started > limitMs) resolve(found);
      else requestAnimationFrame(look);
    };
    look();
  });
}
