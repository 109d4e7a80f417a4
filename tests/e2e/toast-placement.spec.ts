// Toasts stay top-right, but never on top of what a person needs: at desktop
// widths the login toast leaves 'Who to follow', the heading and the composer clear.
import { expect, expectToast, holdToasts, test, toastsAtRest } from "./fixtures";
import { inked as box, loginAsGuest, overlaps } from "./screen-helpers";

// The toast is measured on screen, so it stays there until the test is done (it would close
// itself after 3 s, sooner than a busy machine may get to it), and it comes in without motion.
test.use({ reducedMotion: "reduce" });

for (const width of [1280, 1440, 1100, 800]) {
  test(`at ${width} px the login toast covers nothing on /home`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await holdToasts(page);
    await loginAsGuest(page);
    await expectToast(page, "LoggedIn successfully");
    const toast = page.locator(".Toastify__toast").filter({ hasText: "LoggedIn successfully" });
    await expect(toast).toBeVisible();
    // Measured where it rests, not while it slides in: once nothing in the toasts moves.
    await toastsAtRest(page);
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.x + toastBox.width).toBeGreaterThan(width - 60); // still top-right
    for (const needed of [
      page.getByRole("heading", { name: "Who to follow" }),
      page
        .getByRole("complementary", { name: "Suggestions" })
        .getByRole("button", { name: /^Follow/ })
        .first(),
      page.getByRole("heading", { name: "Homepage" }),
      page.getByRole("textbox").first(),
    ]) {
      expect(overlaps(toastBox, await box(needed)), `toast over ${needed}`).toBe(false);
    }
  });
}
