// The user chip; its menu holds 'Logout @username' (CONTRACT §2). Logout is a form post
// to the welcome route's action, which clears the session and goes to /.
import { Form, Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { moveBetweenItems } from "#app/lib/menu-keys";
import type { SessionUser } from "#app/lib/session";
import { Avatar, fullName } from "./Avatar";
import { LogoutIcon, MoreIcon, SettingsIcon } from "./Icons";

export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const chip = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    firstItem.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const closeAndRefocus = () => {
    setOpen(false);
    chip.current?.focus();
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={chip}
        type="button"
        className="user-chip"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for @${user.username}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar src={user.userPhoto} name={user.firstName} size="sm" />
        <span className="user-chip__names">
          <span className="user-chip__name">
            <bdi>{fullName(user)}</bdi>
          </span>
          <span className="user-chip__handle">@{user.username}</span>
        </span>
        <MoreIcon className="user-chip__more" />
      </button>
      {open ? (
        <div
          id={menuId}
          className="menu"
          role="menu"
          aria-label="Account"
          tabIndex={-1}
          onKeyDown={(e) => {
            if (e.key === "Escape" || e.key === "Tab") {
              e.preventDefault();
              closeAndRefocus();
            } else moveBetweenItems(e);
          }}
        >
          <Link ref={firstItem} to="/settings" role="menuitem" className="menu__item" onClick={() => setOpen(false)}>
            <SettingsIcon />
            <span>Settings</span>
          </Link>
          <Form method="post" action="/?index" role="none">
            <input type="hidden" name="intent" value="logout" />
            <button type="submit" role="menuitem" className="menu__item">
              <LogoutIcon />
              <span>Logout @{user.username}</span>
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
