// The caller's notifications (GET /api/notifications, POST /api/notifications/read)
// and the unread count the Notifications link shows. The count is a small shared
// store: the sidebar reads it on every navigation, the /notifications page lowers
// it when it marks what it shows read. Its read may fail alone: the link then
// offers a Retry beside it, and nothing else on the screen changes.
import { useEffect, useSyncExternalStore } from "react";
import { api } from "./api";
import { settle, type Settled } from "./settle";
import type { NotificationAnswer } from "#mock/features/notifications";

/** A notification as the API answers it (the mock's own type: one definition). */
export type Notification = NotificationAnswer;

export interface NotificationPage {
  notifications: Notification[];
  next: string | null;
  total: number;
  unread: number;
}

export const NOTIFICATIONS_PAGE = 20;

export function getNotificationsPage(cursor?: string | null): Promise<NotificationPage> {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE) });
  if (cursor) query.set("cursor", cursor);
  return api<NotificationPage>(`/notifications?${query}`, { auth: true });
}

/** Marks these read; the count goes down with the answer. */
export async function markRead(ids: string[]): Promise<void> {
  if (!ids.length) return;
  const { unread } = await api<{ unread: number }>("/notifications/read", { method: "POST", body: { ids }, auth: true });
  setUnread({ ok: true, value: unread });
}

// ---- the unread count ----

let unread: Settled<number> | null = null;
const listeners = new Set<() => void>();
function setUnread(value: Settled<number>) {
  unread = value;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let reading: Promise<void> | null = null;
/** Reads the unread count again (one read at a time). */
export function refreshUnread(): Promise<void> {
  reading ??= settle(api<NotificationPage>("/notifications?limit=1", { auth: true }))
    .then(
      (page) => setUnread(page.ok ? { ok: true, value: page.value.unread } : page),
      // A dead session: api.ts has ended it; the count has nothing to say.
      () => undefined,
    )
    .finally(() => {
      reading = null;
    });
  return reading;
}

/** The unread count (null until first read), read again whenever `key` changes (a navigation). */
export function useUnreadCount(key: string): Settled<number> | null {
  useEffect(() => {
    void refreshUnread();
  }, [key]);
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
}

/** "12", or "99+" past 99. */
export const countLabel = (n: number) => (n > 99 ? "99+" : String(n));
