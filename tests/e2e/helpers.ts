// Shared steps for the e2e flows: errors watched, the guest's login, scrolling, axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** Fails the test on any page error or console.error. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    // A refused API call shows in Chromium's console as a failed resource; the toasts cover those.
    if (m.type() === "error" && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

export async function loginAsGuest(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Login as Guest" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
}

export const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: true });

export const feed = (page: Page) => page.getByRole("feed");

/** The first post in the feed whose text contains `text`. */
export const postWith = (page: Page, text: string) => feed(page).getByRole("article").filter({ hasText: text }).first();

/** A tiny valid PNG (1x1), for the image picker. */
export const PNG_1x1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Scrolls a windowed feed until `target` is in the DOM (only the cards near
 * the viewport are), loading more pages on the way, and returns it.
 */
export async function scrollTo(page: Page, target: Locator, maxSteps = 400): Promise<Locator> {
  // Playwright's own actions scroll a card that is in the DOM into view.
  if ((await target.count()) > 0) return target.first();
  // A windowed list renders the cards of a new scroll position a frame or two after the
  // scroll (the scroll event, then React): each look waits for them. Looking sooner, on a
  // busy machine, walked past cards still showing the old position's (a CI flake).
  const rendered = () =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < maxSteps; step++) {
    await rendered();
    if ((await target.count()) > 0) return target.first();
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    });
    if (!atEnd) continue;
    // At the end: the next page may still be loading; the list says when there is no more.
    await rendered();
    if ((await target.count()) > 0) return target.first();
    if ((await page.getByText("You're all caught up.").count()) > 0) break;
    await page.waitForTimeout(150);
  }
  return target.first();
}

/** The post whose text contains `text`, scrolled to. */
export const scrollToPost = (page: Page, text: string) => scrollTo(page, postWith(page, text));

/** axe-core's serious and critical violations on the page as it is, one line each: [] when clean. */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
