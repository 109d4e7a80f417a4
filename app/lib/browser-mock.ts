// The in-browser mock, reached lazily: entry.client.tsx starts it off the
// welcome page's critical path, so nothing here imports #mock/browser eagerly.
import type { WorkerMock } from "#mock/browser/door";

/** The tab's mock worker once booted (starting it if nothing has yet; the boot is shared). */
export async function getBrowserMock(): Promise<WorkerMock> {
  const { startBrowserMock } = await import("#mock/browser/door");
  return (await startBrowserMock()).mock;
}

/**
 * A session ended: the answers the worker keeps for the next boot (a signed-in user's
 * bookmarks, notifications, keyed by their token) are dropped. Never throws: the logout
 * goes on whatever the worker says.
 */
export async function forgetKeptAnswers(): Promise<void> {
  const { runningBrowserMock } = await import("#mock/browser/door");
  const running = runningBrowserMock();
  if (running) await (await running).mock.forgetKeptAnswers().catch(() => undefined);
}

/** What mock/browser/door.ts left on window once the mock booted; null before that. */
export function bootedStoreProblem(): string | null {
  return window.__moments?.storeProblem ?? null;
}

export { STORE_BOOT_PROBLEM_EVENT, STORE_ERROR_EVENT, STORE_RECOVERED_EVENT } from "#mock/browser/events";
