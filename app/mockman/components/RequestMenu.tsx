// The helpers by the URL bar, in one menu as Postman keeps them: Code, Copy as
// cURL, Copy as mockman request, Paste cURL, Use guest token. A WAI-ARIA menu
// button: Enter/Space/ArrowDown open it on the first item, Up/Down/Home/End
// move, Escape or Tab closes it (Escape gives focus back to the button).
import { useEffect, useRef, useState, type KeyboardEvent } from "react";

export interface MenuAction {
  label: string;
  /** Its React key where labels may repeat (two tabs of one request). */
  id?: string;
  run(): void;
  disabled?: boolean;
  /** Opens a dialog (said to assistive tech as "…"). */
  dialog?: boolean;
}

interface Props {
  actions: MenuAction[];
  /** The menu's id and accessible name, and the button's text (`label ▾` unless given); the Tools menu's by default. */
  id?: string;
  label?: string;
  buttonText?: string;
  /** The button's accessible name when its text is a symbol ("Actions for Login"). */
  buttonLabel?: string;
}

export function RequestMenu({ actions, id = "mm-request-menu", label = "Tools", buttonText, buttonLabel }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];

  // A click anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  const openAt = (where: "first" | "last") => {
    setOpen(true);
    requestAnimationFrame(() => {
      const all = items();
      (where === "first" ? all[0] : all[all.length - 1])?.focus();
    });
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key === "ArrowDown" ? "first" : "last");
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => all[(i + all.length) % all.length]?.focus();
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
    else if (event.key === "Escape") close(true);
    else if (event.key === "Tab") return setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div className="mm-menu-wrap">
      <button
        ref={button}
        type="button"
        className="mm-button mm-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        aria-label={buttonLabel}
        onClick={() => (open ? close(false) : openAt("first"))}
        onKeyDown={onButtonKey}
      >
        {buttonText ? (
          <span aria-hidden="true">{buttonText}</span>
        ) : (
          <>
            {label} <span aria-hidden="true">▾</span>
          </>
        )}
      </button>
      {/* Focus lives on its items (roving), so the menu itself needs no tab stop. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div ref={menu} id={id} className="mm-menu" role="menu" aria-label={label} hidden={!open} onKeyDown={onMenuKey}>
        {actions.map((action) => (
          <button
            key={action.id ?? action.label}
            type="button"
            role="menuitem"
            className="mm-menu-item"
            tabIndex={-1}
            aria-disabled={action.disabled || undefined}
            aria-haspopup={action.dialog ? "dialog" : undefined}
            onClick={() => {
              if (action.disabled) return;
              // Focus goes back to the button first, so a dialog opened from here returns it there.
              close(true);
              action.run();
            }}
          >
            {action.label}
            {action.dialog && <span aria-hidden="true">…</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
