// The ARIA menu pattern's arrow keys, shared by the account menu and a post's '…' menu.
import type { KeyboardEvent } from "react";

/** Down/Up wrap around the menu's items, Home/End jump to the ends. */
export function moveBetweenItems(event: KeyboardEvent<HTMLElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
  if (next === undefined || items.length === 0) return;
  event.preventDefault();
  items[(next + items.length) % items.length].focus();
}
