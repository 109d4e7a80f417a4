// Logo, the six places (Settings last), and the user chip. On narrow screens the same markup
// becomes a bottom tab bar (styles/shell.css): one nav, never two to keep in step.
// Notifications carries the unread count; a failed read of it shows a Retry beside
// the link and nothing else changes (the panels-fail-alone rule).
import { Link, NavLink, useLocation } from "@remix-run/react";
import { useAppData } from "#app/lib/app-data";
import { countLabel, refreshUnread, useUnreadCount } from "#app/lib/notifications";
import { BellIcon, BookmarkIcon, ExploreIcon, HomeIcon, LogoMark, ProfileIcon, SettingsIcon } from "./Icons";
import { UserMenu } from "./UserMenu";

export function Sidebar() {
  const { user } = useAppData();
  const { pathname } = useLocation();
  const unread = useUnreadCount(pathname);
  const places = [
    { to: "/home", label: "Home", Icon: HomeIcon },
    { to: "/explore", label: "Explore", Icon: ExploreIcon },
    { to: "/notifications", label: "Notifications", Icon: BellIcon },
    { to: "/bookmarks", label: "Bookmarks", Icon: BookmarkIcon },
    { to: `/profile/${encodeURIComponent(user.username)}`, label: "Profile", Icon: ProfileIcon },
    { to: "/settings", label: "Settings", Icon: SettingsIcon },
  ];
  return (
    <header className="sidebar">
      <Link to="/home" className="sidebar__logo" aria-label="Moments home">
        <LogoMark size={34} />
        <span className="sidebar__wordmark">Moments</span>
      </Link>
      <nav className="sidebar__nav" aria-label="Main">
        <ul>
          {places.map(({ to, label, Icon }) => {
            const counted = to === "/notifications";
            const count = counted && unread?.ok && unread.value > 0 ? unread.value : 0;
            return (
              <li key={label} className={counted ? "nav-place nav-place--counted" : "nav-place"}>
                <NavLink to={to} className="nav-item" prefetch="intent">
                  {({ isActive }) => (
                    <>
                      <span className="nav-item__icon">
                        <Icon filled={false} strokeWidth={isActive ? 2.4 : 1.8} />
                        {count > 0 ? (
                          <span className="nav-item__badge" aria-hidden="true">
                            {countLabel(count)}
                          </span>
                        ) : null}
                      </span>
                      <span className="nav-item__label">{label}</span>
                      {count > 0 ? <span className="visually-hidden"> {count} unread</span> : null}
                    </>
                  )}
                </NavLink>
                {counted && unread && !unread.ok ? (
                  <button
                    type="button"
                    className="nav-item__retry"
                    aria-label={`Could not load the unread count: ${unread.error}. Retry`}
                    title={`Could not load the unread count: ${unread.error}. Retry`}
                    onClick={() => void refreshUnread()}
                  >
                    !
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </nav>
      <UserMenu user={user} />
    </header>
  );
}
