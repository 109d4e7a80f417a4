// The signed-in shell: a pathless layout around every protected screen: the sidebar,
// the screen, and at 1180 px and wider the right column (search, Who to follow).
// Signed out, it sends the visitor to / and remembers where they were going.
import {
  Outlet,
  UNSAFE_RemixContext,
  useLocation,
  useNavigation,
  useRouteLoaderData,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from "@remix-run/react";
import { useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { ApiTargetNotice } from "#app/components/ApiTargetNotice";
import { GeneralErrorBoundary } from "#app/components/GeneralErrorBoundary";
import { KeyboardShortcuts } from "#app/components/KeyboardShortcuts";
import { LiveChanges } from "#app/components/LiveChanges";
import { ScreenSkeleton } from "#app/components/ScreenSkeleton";
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { SessionWatch } from "#app/components/SessionWatch";
import { SkipLink } from "#app/components/SkipLink";
import { Sidebar } from "#app/components/Sidebar";
import { MockBadge } from "#app/components/MockBadge";
import { ASIDE_ID, RightColumn } from "#app/components/RightColumn";
import { StoreBanner } from "#app/components/StoreBanner";
import { SessionEndedError, api, messageOf } from "#app/lib/api";
import { APP_ROUTE_ID, type AppData } from "#app/lib/app-data";
import { setBookmarks } from "#app/lib/bookmark-store";
import { setFollowingOf } from "#app/lib/follow-store";
import { getSuggestions, getUserVersioned } from "#app/lib/data";
import { WIDE, useMediaQuery } from "#app/lib/media-query";
import { preloadScreens } from "#app/lib/route-preload";
import { settle } from "#app/lib/settle";
import { isPostIntent } from "#app/lib/revalidate";
import { redirectToLogin, requireSession } from "#app/lib/session";
import { endDamagedSession, endSession } from "#app/lib/session-end";
import { useFocusOnArrival } from "#app/lib/focus-arrival";

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<AppData> {
  endDamagedSession();
  const { user } = requireSession(request);
  try {
    // One authenticated call proves the token still holds; the user record gives
    // the bookmarks as ids (never the bookmarked posts themselves).
    // 'Who to follow' is a panel that may fail alone (settle), read with them.
    const [, fresh, suggestions] = await Promise.all([
      api("/users/bookmark?limit=1", { auth: true }),
      getUserVersioned(user.username),
      settle(getSuggestions(user.username)),
    ]);
    // The token verified, but the user is gone from the list: the session is over all the same.
    if (!fresh) {
      endSession();
      throw redirectToLogin(request);
    }
    // Read at a data version: a post bookmarked since (this tab's action answered first) keeps its mark.
    setBookmarks(fresh.user.bookmarks ?? [], fresh.version);
    setFollowingOf(fresh.user, fresh.version);
    return { user, suggestions };
  } catch (error) {
    // A token the API no longer accepts (bad signature, user gone): api.ts has ended the session.
    if (error instanceof SessionEndedError) throw redirectToLogin(request);
    // A slow, failing or offline backend is not the session's end: the shell stays,
    // with the bookmarks it knew, and each screen shows its own failure with a Retry.
    return { user, suggestions: { ok: false, error: messageOf(error) } };
  }
}

// Every navigation reads the bookmarks again: another tab of the app may have
// changed them (two small GETs), and a screen must not show them stale. A post
// action keeps them in step itself.
export function shouldRevalidate({ formMethod, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod) return true;
  return isPostIntent(formData) ? false : defaultShouldRevalidate;
}

export default function AppShell() {
  usePreloadScreens();
  return (
    <ShellFrame>
      <Outlet />
    </ShellFrame>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  // Moving to another screen: its skeleton at once, not the old screen until the new one has loaded.
  const moving = navigation.state === "loading" && !navigation.formMethod && navigation.location.pathname !== location.pathname;
  // Only when the move is slow enough to see: a fast one never flashes a skeleton.
  const showSkeleton = useAfter(moving, 150);
  const main = useRef<HTMLElement>(null);
  useFocusOnArrival(main);
  const wide = useMediaQuery(WIDE);
  return (
    <div className="shell">
      <SkipLink to="main">Skip to content</SkipLink>
      <Sidebar />
      <main id="main" ref={main} className="shell__main" tabIndex={-1}>
        {/* Focus starts on <main> (useFocusOnArrival), so its first stop is the way past a feed that
            loads more as you near its end, to the right column after it. */}
        {wide ? <SkipLink to={ASIDE_ID}>Skip to search and Who to follow</SkipLink> : null}
        <ApiTargetNotice />
        <StoreBanner />
        <MockBadge />
        {showSkeleton ? <ScreenSkeleton /> : children}
      </main>
      {wide ? <RightColumn /> : null}
      <SessionWatch />
      <LiveChanges />
      <KeyboardShortcuts />
    </div>
  );
}

/** Once the signed-in shell is idle, every screen's code is fetched ahead, so a screen opens offline too (app/lib/route-preload.ts). */
function usePreloadScreens() {
  const manifest = useContext(UNSAFE_RemixContext)?.manifest;
  useEffect(() => {
    // The build only: dev serves modules one by one, as they are asked for.
    if (!manifest || import.meta.env.DEV) return;
    if (!window.requestIdleCallback) {
      const timer = setTimeout(() => preloadScreens(manifest), 1000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => preloadScreens(manifest), { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, [manifest]);
}

/** `on`, once it has stayed true for `ms`. */
function useAfter(on: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setLate(true), ms);
    // Turned off (or changed): the next time starts from not late.
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [on, ms]);
  return on && late;
}

// A screen without its own boundary fails here: inside the shell while the
// session is known, so the sidebar still leads elsewhere; the bare page otherwise.
export function ErrorBoundary() {
  const data = useRouteLoaderData<AppData>(APP_ROUTE_ID);
  if (!data) return <GeneralErrorBoundary />;
  return (
    <ShellFrame>
      <RouteErrorBoundary />
    </ShellFrame>
  );
}
