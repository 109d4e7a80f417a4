// The protected group's shared data: the session, read by routes/_app.tsx and
// reached from any screen inside it. (Which posts are bookmarked lives in
// bookmark-store.ts, as ids.)
import { useRouteLoaderData } from "@remix-run/react";
import type { SessionUser } from "./session";
import type { Settled } from "./settle";
import type { User } from "./types";

export const APP_ROUTE_ID = "routes/_app";

export interface AppData {
  user: SessionUser;
  /** 'Who to follow' (the right column; Home's panel on narrower screens): a read that may fail alone. */
  suggestions: Settled<User[]>;
}

export function useAppData(): AppData {
  const data = useRouteLoaderData<AppData>(APP_ROUTE_ID);
  if (!data) throw new Error("useAppData is for screens inside the signed-in group (routes/_app).");
  return data;
}
