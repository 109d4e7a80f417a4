// The protected group's shared data: the session and the bookmarks, read once
// by routes/_app.tsx and reached from any screen inside it.
import { useRouteLoaderData } from "@remix-run/react";
import type { SessionUser } from "./session";
import type { Post } from "./types";

export const APP_ROUTE_ID = "routes/_app";

export interface AppData {
  user: SessionUser;
  bookmarks: Post[];
}

export function useAppData(): AppData {
  const data = useRouteLoaderData<AppData>(APP_ROUTE_ID);
  if (!data) throw new Error("useAppData is for screens inside the signed-in group (routes/_app).");
  return data;
}
