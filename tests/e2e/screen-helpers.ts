// Shared steps for the screens past the feed (profiles, bookmarks, settings, errors), on top of helpers.ts.
import { expect, type Locator, type Page, type Worker } from "@playwright/test";

import { animationsAtRest } from "./fixtures";
import { keepShot, seriousViolationsInPage } from "./helpers";
export { feed, loginAsGuest, PNG_1x1, postWith, seriousViolations, seriousViolationsInPage, expectToast, watchErrors } from "./helpers";

export const SESSION_ENDED = "Your session has ended: please log in again.";

/** Signs up a new user through the Signup modal and lands on /home. */
export async function signUp(page: Page, username: string, firstName = "Newbie") {
  await page.goto("/");
  await page.getByRole("button", { name: "Signup", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Signup" });
  await dialog.getByLabel("Name", { exact: true }).fill(firstName);
  await dialog.getByLabel("Username", { exact: true }).fill(username);
  await dialog.getByLabel("Password", { exact: true }).fill("secret123");
  await dialog.getByLabel("Confirm Password", { exact: true }).fill("secret123");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
}

/** Another seeded user follows the guest, through the tab's own mock (as their own tab would). */
export async function followsGuest(page: Page, username: string, password: string) {
  const status = await page.evaluate(
    async ([username, password]) => {
      const login = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      const { encodedToken } = await login.json();
      return (await fetch("/api/users/follow/guest", { method: "POST", headers: { authorization: encodedToken } })).status;
    },
    [username, password],
  );
  expect(status).toBe(200);
}

/** A client-side move inside the SPA, as a click on a link would make (no reload, the mock keeps running). */
export async function goInside(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** Waits until react-toastify's toasts have left: they are its markup, not ours, when axe looks. */
export async function noToasts(page: Page) {
  // A toast pauses while the pointer is over it, and on a phone toasts sit just above the tab bar a
  // click left the pointer on: move it away first.
  await page.mouse.move(1, 1);
  // Each toast on screen is closed as a person may close it, by a click (closeOnClick, app/root.tsx),
  // instead of waiting out its 3 s: the toast log (./fixtures) has noted it when it came.
  await page.evaluate(() => document.querySelectorAll<HTMLElement>(".Toastify__toast").forEach((toast) => toast.click()));
  // A state that comes, not a deadline: a toast that came after the clicks leaves 3 s after it came,
  // plus its exit and React's turn, and on a busy machine those can take seconds more: the suite's
  // expect timeout, scaled for a busy machine.
  await expect(page.locator(".Toastify__toast")).toHaveCount(0);
}

export type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes share any area. */
export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where the element's content is drawn (a heading's box spans the column; its text does not); a text field's own box. */
export const inked = (locator: Locator): Promise<Box> =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = el.childNodes.length && !(el instanceof HTMLTextAreaElement) ? range.getBoundingClientRect() : el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });

/**
 * The tab's mock worker (mock/browser/worker.ts), where the mock, its store and its
 * `self.__moments` live: specs that reach into the mock evaluate there.
 */
export function mockWorker(page: Page): Worker {
  const worker = page.workers().find((w) => /\/assets\/worker-[\w-]{8}\.js$/.test(w.url()));
  if (!worker)
    throw new Error(
      `no mock worker in this page (workers: ${
        page
          .workers()
          .map((w) => w.url())
          .join(", ") || "none"
      })`,
    );
  return worker;
}

/**
 * From the next load on, the tab's mock worker runs `code` before anything of its own
 * (init scripts reach the page, not its workers): its script is served with the code
 * in front. `unpatchMockWorker` serves it as it is again.
 */
export async function patchMockWorker(page: Page, code: string): Promise<void> {
  await page.route(/\/assets\/worker-[\w-]{8}\.js$/, async (route) => {
    // Playwright's client may reuse a kept-alive socket the static server has just closed (one CI run:
    // "route.fetch: socket hang up (ECONNRESET)"); a browser sends such a GET again on a new connection,
    // and so does this, once.
    const response = await route.fetch().catch((error: Error) => {
      if (/ECONNRESET|socket hang up/.test(error.message)) return route.fetch();
      throw error;
    });
    await route.fulfill({
      response,
      body: `${code}\n${await response.text()}`,
      headers: { ...response.headers(), "cache-control": "no-store" },
    });
  });
}

export const unpatchMockWorker = (page: Page) => page.unrouteAll({ behavior: "wait" });

/** From the next load on, opening the "moments-mock" database in the mock's worker throws, as a broken profile's backing store does. */
export const breakMockIndexedDb = (page: Page) =>
  patchMockWorker(
    page,
    `{
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (name, version) {
        if (name === "moments-mock") throw new DOMException("Internal error opening backing store for indexedDB.open.", "UnknownError");
        return version === undefined ? open.call(this, name) : open.call(this, name, version);
      };
    }`,
  );
export const mendMockIndexedDb = unpatchMockWorker;

/**
 * Switches the system's theme under an open page and waits until the app follows it: the app
 * hears the media query change in a listener (app/lib/theme.ts), a moment after, while native form
 * controls switch at once; axe or a screenshot taken between the two sees a mix of both themes.
 */
export async function systemTheme(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (wanted) =>
      // On /mockman, or before the app's boot script, there is no data-theme to follow.
      (document.documentElement.dataset.theme ?? wanted) === wanted &&
      // Colours that ease from one theme to the other (transitions; a spinner's animation never ends).
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
    scheme,
  );
}

/**
 * axe (serious and critical) in the dark theme then the light one, with SHOTS_DIR set a screenshot
 * of each as `<name>-<width>-<theme>.png` there. The theme is awaited by the page's own attribute and
 * what it set easing is finished (animationsAtRest), so the look never waits for a frame.
 */
export async function axeInBothThemes(page: Page, name: string) {
  for (const scheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
    await animationsAtRest(page);
    // axe-core stays in the page for the second theme (the same document, its colours changed).
    expect(await seriousViolationsInPage(page), `${name} (${scheme})`).toEqual([]);
    await keepShot(page, `${name}-${page.viewportSize()!.width}-${scheme}.png`);
  }
}

/** With SHOTS_DIR set, a screenshot of this screen in both themes (for a person to look at, never compared). */
export async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const width = page.viewportSize()!.width;
  for (const scheme of ["light", "dark"] as const) {
    await systemTheme(page, scheme);
    await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png` });
  }
  await systemTheme(page, "light");
}
