// Logo, the four places, and the user chip. On narrow screens the same markup
// becomes a bottom tab bar (styles/shell.css): one nav, never two to keep in step.
import { Link, NavLink } from "@remix-run/react";
import { useAppData } from "#app/lib/app-data";
import { BookmarkIcon, ExploreIcon, HomeIcon, LogoMark, ProfileIcon } from "./Icons";
import { UserMenu } from "./UserMenu";

export function Sidebar() {
  const { user } = useAppData();
  const places = [
    { to: "/home", label: "Home", Icon: HomeIcon },
    { to: "/explore", label: "Explore", Icon: ExploreIcon },
    { to: "/bookmarks", label: "Bookmarks", Icon: BookmarkIcon },
    { to: `/profile/${encodeURIComponent(user.username)}`, label: "Profile", Icon: ProfileIcon },
  ];
  return (
    <header className="sidebar">
      <Link to="/home" className="sidebar__logo" aria-label="Moments home">
        <LogoMark size={34} />
        <span className="sidebar__wordmark">Moments</span>
      </Link>
      <nav className="sidebar__nav" aria-label="Main">
        <ul>
          {places.map(({ to, label, Icon }) => (
            <li key={label}>
              <NavLink to={to} className="nav-item" prefetch="intent">
                {({ isActive }) => (
                  <>
                    <Icon filled={false} strokeWidth={isActive ? 2.4 : 1.8} />
                    <span className="nav-item__label">{label}</span>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <UserMenu user={user} />
    </header>
  );
}
