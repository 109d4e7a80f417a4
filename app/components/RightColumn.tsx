// The right column of every signed-in screen at 1180 px and wider: a search box (not on
// Explore, which has its own) and 'Who to follow'. Narrower, it is not there at all; Home
// then shows 'Who to follow' under the composer. The suggestions come with the shell's
// loader (routes/_app.tsx), so every screen's move reads them again, as Home's did.
import { Form, useLocation } from "@remix-run/react";
import { useAppData } from "#app/lib/app-data";
import { SearchInput } from "./SearchBox";
import { WhoToFollow } from "./WhoToFollow";

/** The column's id: main's first link skips to it (routes/_app.tsx). */
export const ASIDE_ID = "aside";

export function RightColumn() {
  const { user, suggestions } = useAppData();
  const { pathname } = useLocation();
  return (
    <aside id={ASIDE_ID} className="page__aside shell__aside" aria-label="Suggestions" tabIndex={-1}>
      {pathname === "/explore" ? null : (
        <Form method="get" action="/explore" role="search" className="search-box shell__search" aria-label="Search Moments">
          <SearchInput required />
        </Form>
      )}
      <WhoToFollow users={suggestions} me={user.username} />
    </aside>
  );
}
