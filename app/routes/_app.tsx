// The signed-in shell: a pathless layout around every protected screen.
// Signed out, it sends the visitor to / and remembers where they were going.
import { Outlet, useRouteLoaderData, type ClientLoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import type { ReactNode } from "react";
import { ApiTargetNotice } from "#app/components/ApiTargetNotice";
import { GeneralErrorBoundary } from "#app/components/GeneralErrorBoundary";
import { KeyboardShortcuts } from "#app/components/KeyboardShortcuts";
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { SessionWatch } from "#app/components/SessionWatch";
import { Sidebar } from "#app/components/Sidebar";
import { MockBadge } from "#app/components/MockBadge";
import { StoreBanner } from "#app/components/StoreBanner";
import { ApiError } from "#app/lib/api";
import { APP_ROUTE_ID, type AppData } from "#app/lib/app-data";
import { api } from "#app/lib/api";
import { setBookmarks } from "#app/lib/bookmark-store";
import { getUser } from "#app/lib/data";
import { isPostIntent } from "#app/lib/revalidate";
import { clearSession, redirectToLogin, requireSession } from "#app/lib/session";
import { endDamagedSession } from "#app/lib/session-end";

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<AppData> {
  endDamagedSession();
  const { user } = requireSession(request);
  try {
    // One authenticated call proves the token still holds; the user record gives
    // the bookmarks as ids (never the bookmarked posts themselves).
    const [, fresh] = await Promise.all([api("/users/bookmark?limit=1", { auth: true }), getUser(user.username)]);
    if (!fresh) throw new ApiError(404, "user not found");
    setBookmarks(fresh.bookmarks ?? []);
    return { user };
  } catch (error) {
    // A token the API no longer accepts (bad signature, user gone) is no session at all.
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      clearSession();
      throw redirectToLogin(request);
    }
    throw error;
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
  return (
    <ShellFrame>
      <Outlet />
    </ShellFrame>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar />
      <main id="main" className="shell__main" tabIndex={-1}>
        <ApiTargetNotice />
        <StoreBanner />
        <MockBadge />
        {children}
      </main>
      <SessionWatch />
      <KeyboardShortcuts />
    </div>
  );
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
