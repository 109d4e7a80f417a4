// Toasts stay top-right, but never on top of what a person needs: at desktop
// widths the login toast leaves 'Who to follow', the heading and the composer clear.
import { expect, test } from "@playwright/test";
import { inked as box, loginAsGuest, overlaps } from "./screen-helpers";

for (const width of [1280, 1440, 1100, 800]) {
  test(`at ${width} px the login toast covers nothing on /home`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAsGuest(page);
    const toast = page.locator(".Toastify__toast").filter({ hasText: "LoggedIn successfully" });
    await expect(toast).toBeVisible();
    // Measured where it rests, not while it slides in: two reads 100 ms apart agree.
    let toastBox = (await toast.boundingBox())!;
    await expect
      .poll(async () => {
        const before = toastBox;
        await page.waitForTimeout(100);
        toastBox = (await toast.boundingBox())!;
        return Math.abs(toastBox.x - before.x) + Math.abs(toastBox.y - before.y);
      })
      .toBeLessThan(0.5);
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
