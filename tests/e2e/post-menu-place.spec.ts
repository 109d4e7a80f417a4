// Your post's '…' menu opens beside its button, inside the window, at any width: under the button in
// the window's upper half, above it in the lower half. On a phone the lower half's menu was drawn below
// the window (y = 820 of 812), out of sight, with focus inside it: the phone's rule that drops the
// account menu under the top bar (.menu { top: 100% + 8px }) also gave the portalled menu, fixed to the
// window, a top, beside the bottom it was placed by. Found opening the menu by keyboard on the own
// profile at 375 px, light and dark.
import { expect, test } from "./fixtures";
import { keepShot, postMenuButton } from "./helpers";
import { loginAsGuest, watchErrors } from "./screen-helpers";

for (const width of [375, 1280]) {
  for (const height of [812, 1600]) {
    test(`at ${width} x ${height} px, the own post's menu opens beside its button, inside the window`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.setViewportSize({ width, height });
      await loginAsGuest(page);
      await page.goto("/profile/guest");
      const card = page.getByRole("feed").getByRole("article").filter({ hasText: "Spent the afternoon" });
      const more = postMenuButton(card);
      await expect(more).toBeVisible();
      const button = (await more.boundingBox())!;
      const lower = button.y > height / 2;
      // The profile's one post sits low in a phone's window and high in a tall one.
      expect(lower).toBe(height === 812);

      await more.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: "Edit post" })).toBeFocused();
      const box = (await menu.boundingBox())!;
      expect(box.height, "the menu shows both items").toBeGreaterThan(60);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      // Beside the button: ending just above it, or starting just under it.
      if (lower) expect(Math.abs(box.y + box.height - button.y)).toBeLessThanOrEqual(8);
      else expect(Math.abs(box.y - (button.y + button.height))).toBeLessThanOrEqual(8);
      // The very items are what is on top there: nothing (the tab bar, a card) covers them.
      for (const name of ["Edit post", "Delete post"]) {
        const item = menu.getByRole("menuitem", { name });
        const b = (await item.boundingBox())!;
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest('[role="menuitem"]')?.textContent,
          [b.x + b.width / 2, b.y + b.height / 2],
        );
        expect(hit).toBe(name);
      }
      await keepShot(page, `post-menu-${width}x${height}.png`);
      await page.keyboard.press("Escape");
      await expect(menu).toHaveCount(0);
      await expect(more).toBeFocused();
      expect(errors).toEqual([]);
    });
  }
}
