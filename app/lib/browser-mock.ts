// The in-browser mock, reached lazily: entry.client.tsx boots it off the
// welcome page's critical path, so nothing here imports #mock/browser eagerly.
import type { Mock } from "#mock/create-mock";

/** The running mock (starting it if nothing has yet; the boot is shared). */
export async function getBrowserMock(): Promise<Mock> {
  const { startBrowserMock } = await import("#mock/browser");
  return (await startBrowserMock()).mock;
}

/** What mock/browser.ts left on window once it booted; null before that. */
export function bootedStoreProblem(): string | null {
  return window.__moments?.storeProblem ?? null;
}

export { STORE_ERROR_EVENT, STORE_RECOVERED_EVENT } from "#mock/events";
