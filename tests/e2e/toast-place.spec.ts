// Issue 47: a toast rests inside the viewport at every width, never over the phone's top bar or
// its tab bar. At 375 px, after Login as Guest, the "LoggedIn successfully" toast was raised to the
// top (what had focus was low on the screen) while its stack still hung from the container's bottom
// edge: it sat at y -48 px, only its progress bar showing across the top bar. It was raised at all
// because focus lands on <main> after a login (focus-arrival.ts), a region as tall as the feed whose
// bottom is always low: the toast then hid the page's heading, "Homepage".
import { expect, expectToast, holdToasts, test, toastsAtRest } from "./fixtures";
import { loginAsGuest, overlaps, seriousViolationsInPage, systemTheme, type Box } from "./screen-helpers";
import { keepShot } from "./helpers";

test.use({ reducedMotion: "reduce" });

for (const width of [375, 1280]) {
  test(`at ${width} px, light and dark: the login's toast rests inside the viewport, clear of the top bar and the tab bar`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 812 });
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
    await holdToasts(page);
    await loginAsGuest(page);
    await expectToast(page, "LoggedIn successfully");
    const toast = page.locator(".Toastify__toast").filter({ hasText: "LoggedIn successfully" });
    // The toast is held (holdToasts): one login, then each theme switched under it (issue 49: a test and a login each).
    for (const scheme of ["light", "dark"] as const) {
      await systemTheme(page, scheme);
      await expect(toast).toBeVisible();
      await toastsAtRest(page);
      const box = (await toast.boundingBox())!;
      const inside = { x: 0, y: 0, width, height: 812 };
      expect(box.y, `below the viewport's top edge (${scheme})`).toBeGreaterThanOrEqual(inside.y);
      expect(box.x).toBeGreaterThanOrEqual(inside.x);
      expect(box.y + box.height, `above its bottom edge (${scheme})`).toBeLessThanOrEqual(inside.height);
      expect(box.x + box.width).toBeLessThanOrEqual(inside.width);
      if (width < 700) {
        // The phone's bars: the top bar (the sidebar, fixed at the top) and the tab bar (its nav, at the bottom).
        const topBar = (await page.locator(".sidebar").boundingBox()) as Box;
        const tabBar = (await page.getByRole("navigation", { name: "Main" }).boundingBox()) as Box;
        expect(overlaps(box, topBar), `over the top bar (${scheme})`).toBe(false);
        expect(overlaps(box, tabBar), `over the tab bar (${scheme})`).toBe(false);
        const heading = (await page.getByRole("heading", { name: "Homepage" }).boundingBox()) as Box;
        expect(overlaps(box, heading), `over the heading (${scheme})`).toBe(false);
      }
      expect(await seriousViolationsInPage(page), scheme).toEqual([]);
      await keepShot(page, `toast-place-${width}-${scheme}.png`);
    }
  });
}
