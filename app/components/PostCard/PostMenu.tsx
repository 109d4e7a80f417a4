// Your own post's actions in a '…' menu at the end of its controls, as on Bluesky, so they never take
// room from the author's name: Edit post and Delete post, each opening its dialog. The ARIA menu button
// pattern: Enter, Space or ArrowDown opens it on its first item (ArrowUp on the last), the arrows, Home
// and End move, Escape or Tab close it and focus goes back to the button, as it does after a dialog.
// The menu is portalled and fixed beside the button: the feed clips its cards and later cards paint
// over earlier ones, neither may cover it. A scroll that moves the button, or a resize, closes it, since it would not follow.
import { useEffect, useId, useRef, useState, type CSSProperties } from "react";
import { createPortal } from "react-dom";
import { moveBetweenItems } from "#app/lib/menu-keys";
import type { Post } from "#app/lib/types";
import { EditIcon, MoreIcon, TrashIcon } from "../Icons";
import { DeletePostDialog } from "./DeletePostDialog";
import { EditPostDialog } from "./EditPostDialog";

export const POST_MENU_LABEL = "More actions";

type Shown = { kind: "menu"; at: CSSProperties; last: boolean } | { kind: "edit" | "delete" } | null;

/** Under the button, or above it when the button is in the lower half of the window; right edges aligned. */
function placeBeside(button: HTMLElement): CSSProperties {
  const box = button.getBoundingClientRect();
  const right = Math.max(0, document.documentElement.clientWidth - box.right);
  return box.top > window.innerHeight / 2 ? { right, bottom: window.innerHeight - box.top + 4 } : { right, top: box.bottom + 4 };
}

export function PostMenu({ post }: { post: Post }) {
  const [shown, setShown] = useState<Shown>(null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const open = shown?.kind === "menu";
  const openMenu = (last = false) => button.current && setShown({ kind: "menu", at: placeBeside(button.current), last });
  const closeMenu = () => {
    setShown(null);
    button.current?.focus({ preventScroll: true });
  };
  const choose = (kind: "edit" | "delete") => {
    // The dialog takes whatever has focus as what it hands focus back to: the button, not the item that goes.
    button.current?.focus({ preventScroll: true });
    setShown({ kind });
  };

  const last = open && shown.last;
  useEffect(() => {
    if (!open) return;
    const items = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    items?.[last ? items.length - 1 : 0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setShown(null);
    };
    // Only when its button has moved: a scroll that leaves the button where it was (a list settling, the
    // window at its end) keeps the menu where it belongs.
    const top = button.current?.getBoundingClientRect().top;
    const away = () => {
      setShown(null);
      if (menu.current?.contains(document.activeElement)) button.current?.focus({ preventScroll: true });
    };
    const onScroll = () => {
      if (button.current?.getBoundingClientRect().top !== top) away();
    };
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    window.addEventListener("resize", away);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("resize", away);
    };
  }, [open, last]);

  return (
    <div className="control post-menu">
      <button
        ref={button}
        type="button"
        className="icon-button control__button"
        aria-label={POST_MENU_LABEL}
        title={POST_MENU_LABEL}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setShown(null) : openMenu())}
        onKeyDown={(e) => {
          if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
          e.preventDefault();
          openMenu(e.key === "ArrowUp");
        }}
      >
        <MoreIcon />
      </button>
      {open
        ? createPortal(
            <div
              ref={menu}
              id={menuId}
              className="menu menu--floating"
              style={shown.at}
              role="menu"
              aria-label={`Your post's actions`}
              tabIndex={-1}
              onKeyDown={(e) => {
                if (e.key === "Escape" || e.key === "Tab") {
                  e.preventDefault();
                  e.stopPropagation();
                  closeMenu();
                } else moveBetweenItems(e);
              }}
            >
              <button type="button" role="menuitem" className="menu__item" onClick={() => choose("edit")}>
                <EditIcon />
                <span>Edit post</span>
              </button>
              <button type="button" role="menuitem" className="menu__item menu__item--danger" onClick={() => choose("delete")}>
                <TrashIcon />
                <span>Delete post</span>
              </button>
            </div>,
            document.body,
          )
        : null}
      {shown?.kind === "edit" ? <EditPostDialog post={post} onClose={() => setShown(null)} /> : null}
      {shown?.kind === "delete" ? <DeletePostDialog postId={post._id} onClose={() => setShown(null)} /> : null}
    </div>
  );
}
