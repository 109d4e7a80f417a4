// axe-core finds no serious or critical violation on /, /home and /explore (issue 4).
import { expect, expectToast, test } from "./fixtures";
import { loginAsGuest, seriousViolations } from "./helpers";
import { noToasts } from "./screen-helpers";

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    // Reduced motion: axe measures a dialog once it has faded in, not halfway.
    test.use({ viewport: { width, height: 800 }, reducedMotion: "reduce" });

    test("/ and its modals", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Signup", exact: true }).click();
      await page.getByRole("dialog", { name: "Signup" }).getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("/home and /explore", async ({ page }) => {
      await loginAsGuest(page);
      // Let the login toast leave first: it is react-toastify's, not ours. It may come after the
      // heading, so wait for it to have come before waiting for it to go.
      await expectToast(page, "LoggedIn successfully");
      await noToasts(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("article").first().getByRole("button", { name: "Comment" }).click();
      await expect(page.getByRole("dialog", { name: "Add comment" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.goto("/explore");
      await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
