// What every API call waits for first (api.ts): the replay of writes a gone tab kept
// (outbox.ts), when there are any. A module of its own, so the entry can set it
// without loading the API client.

/** Longest a call waits for a replay: a backend that never answers must not hold the app. */
const WAIT_AT_MOST_MS = 10_000;

let before: Promise<unknown> = Promise.resolve();

/** Holds every call until `ready` settles (WAIT_AT_MOST_MS at most): the first screen reads what it made. */
export function holdCallsUntil(ready: Promise<unknown>) {
  const capped = Promise.race([ready.catch(() => undefined), new Promise((go) => setTimeout(go, WAIT_AT_MOST_MS))]);
  before = before.then(() => capped);
}

/** Resolves when calls may go out. */
export const callsMayStart = (): Promise<unknown> => before;
