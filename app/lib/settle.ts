// A secondary read (Who to follow, the notifications badge) that may fail on
// its own: its panel shows the failure with a Retry, and the screen around it
// stays. The screen's main read still fails the route (its error boundary).
import { useState } from "react";
import { SessionEndedError, messageOf } from "./api";

export type Settled<T> = { ok: true; value: T } | { ok: false; error: string };

export async function settle<T>(read: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await read };
  } catch (error) {
    // A dead session is the whole screen's business (api.ts has ended it).
    if (error instanceof SessionEndedError) throw error;
    return { ok: false, error: messageOf(error) };
  }
}

/**
 * What a panel shows: the loader's result until the panel's own Retry read
 * again, and the loader's again once the route revalidates (a newer result).
 */
export function useRetryable<T>(loaded: Settled<T>, read: () => Promise<T>) {
  const [retried, setRetried] = useState<{ from: Settled<T>; value: Settled<T> } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = retried && retried.from === loaded ? retried.value : loaded;
  const retry = async () => {
    setBusy(true);
    const value = await settle(read());
    setRetried({ from: loaded, value });
    setBusy(false);
  };
  return { shown, retry, busy };
}
