// Issue 34: "Your session has ended" is for someone whose session did end (a stored
// token the API now refuses), never for a visitor sent to log in from a link.
import { expect, test, toastsShown, type Page } from "./fixtures";
import { SESSION_ENDED, expectToast, loginAsGuest } from "./screen-helpers";

const PROTECTED = [
  "/home",
  "/explore",
  "/notifications",
  "/bookmarks",
  "/profile/guest",
  "/profile/guest/followers",
  "/profile/guest/following",
  "/settings",
  "/tags/sunset",
  "/post/no-such-post",
  "/no-such-page",
];

/**
 * Every call the left screen's loaders sent has been answered and its toast (if any) shown:
 * the mock answers in order, so one more request answered means the earlier ones were, and
 * two frames later React has drawn whatever toast they caused.
 */
async function callsSettled(page: Page) {
  expect(await page.evaluate(() => fetch("/api/users/guest").then((r) => r.status))).toBe(200);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

for (const width of [1280, 375]) {
  test(`a new visitor opening any protected page is sent to log in without a session toast (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PROTECTED) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/\\?redirectTo=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
      await callsSettled(page);
      expect(
        toastsShown(page).map((t) => t.text),
        `after ${path}`,
      ).not.toContain(SESSION_ENDED);
    }
  });
}

test("a stored token the API refuses still ends the session with the toast", async ({ page }) => {
  await loginAsGuest(page);
  // The same user, a token whose signature no longer verifies.
  await page.evaluate(() => localStorage.setItem("token", `${localStorage.getItem("token")!.slice(0, -4)}AAAA`));
  await page.goto("/bookmarks");
  await expectToast(page, SESSION_ENDED);
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});
