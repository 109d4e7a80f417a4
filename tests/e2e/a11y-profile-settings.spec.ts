// axe-core finds no serious or critical violation on the profile, bookmarks,
// 404 and settings pages, and in the Edit profile modal (issue 5).
import { expect, expectToast, test, type Page } from "./fixtures";
import { feed, loginAsGuest, noToasts, postWith, seriousViolations } from "./screen-helpers";

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    // Reduced motion: axe measures a dialog once it has faded in, not halfway.
    test.use({ viewport: { width, height: 800 }, reducedMotion: "reduce" });

    test("profiles (own, with the Edit profile modal; another's; unknown)", async ({ page }) => {
      await loginAsGuest(page);
      await noToasts(page);
      await nav(page, "Profile").click();
      await expect(page.getByRole("heading", { level: 1, name: "Guest Developer" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Edit profile" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit profile" });
      await dialog.getByLabel("Name", { exact: true }).fill("");
      await dialog.getByRole("button", { name: "Update" }).click();
      await expect(dialog.getByText("Name is required")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.goto("/profile/adasterling");
      // The profile's own Follow (at 1280 px the right column may offer Ada too).
      await expect(page.getByRole("main").getByRole("button", { name: "Follow @adasterling" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/profile/nobody");
      await expect(page.getByRole("heading", { name: "This account doesn't exist" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("bookmarks, empty and with posts", async ({ page }) => {
      await loginAsGuest(page);
      await noToasts(page);
      await nav(page, "Bookmarks").click();
      await expect(page.getByText("Nothing to show...", { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await nav(page, "Home").click();
      await postWith(page, "Offsite by the sea").getByRole("button", { name: "Bookmark" }).click();
      await nav(page, "Bookmarks").click();
      await expect(feed(page).getByRole("article")).toHaveCount(1);
      // The bookmark's toast may come after the list: have it come, then go.
      await expectToast(page, "Added to Bookmarks !");
      await noToasts(page);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the 404 page and settings", async ({ page }) => {
      await loginAsGuest(page);
      await noToasts(page);
      await page.goto("/missing-page");
      await expect(page.getByRole("heading", { name: "Error 404: PageNotFound" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/settings");
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Reset data…" }).click();
      await expect(page.getByRole("dialog", { name: "Reset all data?" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
