// A dialog that traps Tab inside itself, closes on Escape or a backdrop click,
// and hands focus back to whatever opened it. Not <dialog>: its top layer would
// hide the toasts (react-toastify) that report a failed submit behind the backdrop.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { CloseIcon } from "./Icons";
import { useLatest } from "#app/lib/use-latest";

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Text under the title, tied to the dialog as its description. */
  description?: string;
  /** "alertdialog": a question that needs an answer before anything else (delete?). */
  role?: "dialog" | "alertdialog";
}

/**
 * What makes a panel a modal dialog: focus moves in (the visible control marked `data-dialog-start`, else its first
 * visible field, else its first visible control past the header's Close), Tab stays inside, Escape closes, the page behind does not scroll, and focus goes back to whatever
 * opened it.
 * Returns the latest onClose, for the dialog's own close controls.
 */
/** The open dialogs, the newest last: only it takes Escape and Tab (a question asked over a dialog). */
const openPanels: HTMLElement[] = [];
let overflowBefore = "";

export function useDialogFocus(panel: RefObject<HTMLElement>, onClose: () => void) {
  const close = useLatest(onClose);
  // Read during the first render, before anything inside can take focus.
  const opener = useRef<HTMLElement | null>(typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null));

  useEffect(() => {
    const back = opener.current;
    const root = panel.current;
    // Only what a person can see: a visually hidden control (a photo picker's file input, whose label's
    // icon is what shows) would open the dialog with focus on nothing visible.
    const controls = focusables(root).filter(shown);
    // What the dialog is for, when it names it (Edit profile's Name, past the photos' descriptions); else its first field.
    const firstInput =
      controls.find((el) => el.hasAttribute("data-dialog-start")) ?? controls.find((el) => el.matches("input, textarea, select"));
    // Else the first control of the body (a question's Cancel, the safe choice), the header's Close last.
    // Without scrolling: a long dialog (Edit profile at 200 % zoom) opens at its top, title and Close in view.
    (firstInput ?? controls.find((el) => !el.closest(".modal__header")) ?? controls[0] ?? root)?.focus({ preventScroll: true });
    if (openPanels.length === 0) overflowBefore = document.body.style.overflow;
    if (root) openPanels.push(root);
    document.body.style.overflow = "hidden";
    // On the document, not the panel: focus can drop to <body> (a form re-mounting
    // its fields after a reset), and Escape and Tab must still work then.
    const onKeyDown = (event: KeyboardEvent) => {
      if (openPanels.at(-1) !== root) return;
      if (event.key === "Escape") {
        event.stopPropagation();
        close.current();
      } else if (event.key === "Tab") {
        trapTab(event, panel.current);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      if (root) openPanels.splice(openPanels.indexOf(root), 1);
      if (openPanels.length === 0) document.body.style.overflow = overflowBefore;
      // The opener may have re-rendered away (e.g. a menu closed); focus it only if it is still there.
      if (back && back.isConnected) back.focus();
    };
  }, [close, panel]);
  return close;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ title, onClose, children, description, role = "dialog" }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useDialogFocus(panel, onClose);

  return createPortal(
    <div className="modal">
      {/* A pointer convenience only: Escape closes the dialog from the keyboard (see the effect above). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className="modal__backdrop" onClick={() => close.current()} />
      <div
        ref={panel}
        className="modal__panel"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => close.current()}>
            <CloseIcon />
          </button>
        </header>
        {description ? (
          <p id={descriptionId} className="modal__description">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}

function trapTab(event: KeyboardEvent, root: HTMLElement | null) {
  const items = focusables(root);
  if (!root || items.length === 0) {
    event.preventDefault();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const inside = root.contains(active);
  if (!inside || (event.shiftKey && (active === first || active === root))) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

function focusables(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute("inert") && el.offsetParent !== null);
}

/** Drawn larger than the 1 px box `.visually-hidden` leaves (still in the Tab order: a hidden file input keeps its label's ring). */
function shown(el: HTMLElement): boolean {
  const box = el.getBoundingClientRect();
  return box.width > 1 && box.height > 1;
}
