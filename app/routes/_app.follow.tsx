// /follow: only an action (follow-action.ts), which every Follow button posts
// to, so no screen's follow goes through another screen's route. A visit by
// URL goes on to /home.
import { redirect } from "@remix-run/react";
import { followAction } from "#app/lib/follow-action";

export const clientAction = followAction;

export function clientLoader() {
  return redirect("/home");
}

export default function Follow() {
  return null;
}
