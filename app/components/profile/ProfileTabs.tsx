// A profile's tabs, Posts, Media and Likes, in the ARIA tabs pattern: one tab in the
// Tab order, Left/Right (wrapping), Home and End move and choose at once. The tab is
// in the URL (?tab=media; Posts has none), replacing the history entry, so a reload
// and Back keep it without each tab costing a step back.
import { Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { PROFILE_TABS, type ProfileTab } from "#app/lib/data";
import { profileTabOf } from "#app/lib/profile-data";

const LABELS: Record<ProfileTab, string> = { posts: "Posts", media: "Media", likes: "Likes" };

const tabHref = (path: string, tab: ProfileTab) => (tab === "posts" ? path : `${path}?tab=${tab}`);
const tabId = (tab: ProfileTab) => `profile-tab-${tab}`;
const panelId = (tab: ProfileTab) => `profile-panel-${tab}`;

export function ProfileTabs({ tab: shown, label, children }: { tab: ProfileTab; label: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, key: locationKey } = useLocation();
  const going = useNavigation().location;
  // The tab chosen shows chosen at once, while its first page is read; the panel keeps the shown tab's list till then.
  const tab = going?.pathname === pathname ? profileTabOf(new URLSearchParams(going.search).get("tab")) : shown;
  const tabs = useRef<Partial<Record<ProfileTab, HTMLAnchorElement | null>>>({});
  // The tab in the Tab order, as the last key chose it, until the next navigation settles (the location
  // changes). State set in a key's event renders before the next key's event (React renders a discrete
  // event's updates at once), so a key moves from where the person is, not from a render behind (Home
  // after a quick ArrowLeft once left the URL at Likes); and a render of the router's state already under
  // way (a transition) is done again with it, so no late commit puts back in the Tab order a tab the
  // person has left (one CI run: Home, then Tab, focused Likes).
  const [keyed, setKeyed] = useState<{ tab: ProfileTab; at: string } | null>(null);
  const inOrder = keyed?.at === locationKey ? keyed.tab : tab;

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const focused = PROFILE_TABS.find((t) => tabs.current[t] === event.currentTarget) ?? tab;
    const at = PROFILE_TABS.indexOf(focused);
    const last = PROFILE_TABS.length - 1;
    const to =
      event.key === "ArrowRight"
        ? (at + 1) % PROFILE_TABS.length
        : event.key === "ArrowLeft"
          ? (at + last) % PROFILE_TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : -1;
    if (to < 0) return;
    event.preventDefault();
    const next = PROFILE_TABS[to];
    setKeyed({ tab: next, at: locationKey });
    tabs.current[next]?.focus();
    if (next !== inOrder) navigate(tabHref(pathname, next), { replace: true, preventScrollReset: true });
  };

  return (
    <div className="profile-tabs">
      <div role="tablist" aria-label={label} className="feed-tabs profile-tabs__list">
        {PROFILE_TABS.map((t) => (
          <Link
            key={t}
            ref={(el) => void (tabs.current[t] = el)}
            to={tabHref(pathname, t)}
            replace
            preventScrollReset
            role="tab"
            id={tabId(t)}
            aria-selected={t === tab}
            aria-controls={t === shown ? panelId(t) : undefined}
            tabIndex={t === inOrder ? 0 : -1}
            className="feed-tabs__tab"
            onKeyDown={onKeyDown}
            onClick={() => setKeyed(null)}
          >
            {LABELS[t]}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={panelId(shown)} aria-labelledby={tabId(shown)} className="profile-tabs__panel">
        {children}
      </div>
    </div>
  );
}
