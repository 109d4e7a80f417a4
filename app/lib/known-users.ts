// Whether a username belongs to a user, for @mentions: only a real user's
// mention links to a profile. Each name is asked once (GET /api/users/:name)
// and remembered for the session; a post's author is known without asking.
import { useEffect, useSyncExternalStore } from "react";
import { getUser } from "./data";

const known = new Map<string, boolean>();
const asking = new Set<string>();
const watchers = new Set<() => void>();

const changed = () => {
  for (const watcher of watchers) watcher();
};

/** Names seen as authors or users in answers: they exist. */
export function rememberUsers(usernames: Iterable<string>) {
  for (const name of usernames) known.set(name, true);
}

function ask(username: string) {
  if (known.has(username) || asking.has(username)) return;
  asking.add(username);
  getUser(username)
    .then((user) => known.set(username, user?.username === username))
    // A failed read (an injected fault) leaves the mention as text; a later card asks again.
    .catch(() => undefined)
    .finally(() => {
      asking.delete(username);
      changed();
    });
}

const subscribe = (onChange: () => void) => {
  watchers.add(onChange);
  return () => watchers.delete(onChange);
};

/** true once the user is known to exist; false while unknown or when there is none. */
export function useUserExists(username: string | null): boolean {
  useEffect(() => {
    if (username) ask(username);
  }, [username]);
  return useSyncExternalStore(subscribe, () => (username ? known.get(username) === true : false));
}

/** Forgets (logout, import, reset). */
export function forgetKnownUsers() {
  known.clear();
}
