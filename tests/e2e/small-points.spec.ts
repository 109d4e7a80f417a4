// Issue 34's smaller points, at 1280 and 375 px: the composer shows a focus ring when
// reached by keyboard; after login focus is on the main content, not <body>; a bio link
// typed `example.org/me` is saved as https and shows as a link, and `javascript:` is
// refused at the field; avatars without a photo (and the seeded ones) show legible
// initials; the sidebar keeps "Guest Developer" whole; a post's time link is named by
// what it shows first; /home has a meta description.
import { expect, test } from "./fixtures";
import { feed, loginAsGuest, signUp, watchErrors } from "./screen-helpers";
import { keepShot } from "./helpers";

/** WCAG's contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 812 } });

    test("after login focus is on the main content; the composer shows a ring when reached by keyboard", async ({ page }) => {
      await loginAsGuest(page);
      await expect(page.locator("main#main")).toBeFocused();
      const box = page.getByRole("textbox", { name: "What's happening?" });
      for (let i = 0; i < 40 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
      await expect(box).toBeFocused();
      const ring = await box.evaluate((el) => {
        const s = getComputedStyle(el);
        return { shadow: s.boxShadow, outline: s.outlineStyle };
      });
      expect(ring.shadow !== "none" || ring.outline !== "none", JSON.stringify(ring)).toBe(true);
      await keepShot(page, `composer-focus-${width}.png`);
    });

    test("a post's time link is named by what it shows, then the date; /home has a meta description", async ({ page }) => {
      await loginAsGuest(page);
      const link = feed(page).getByRole("article").first().locator(".post-card__permalink");
      // What a sighted user reads: the visible span (the hidden one repeats it with the date, for the name).
      const shown = (await link.locator("[aria-hidden=true]").innerText()).trim();
      expect(shown).toMatch(/^(now|\d+[smhd]|\w+ \d+(, \d{4})?)$/);
      await expect(
        feed(page)
          .getByRole("article")
          .first()
          .getByRole("link", { name: new RegExp(`^${shown}, \\w+day`) }),
      ).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\w+(?:\W+\w+){5,}/);
    });

    test("the sidebar (or the phone's menu chip) keeps 'Guest Developer' whole; avatars show legible initials", async ({ page }) => {
      const errors = watchErrors(page);
      await loginAsGuest(page);
      if (width > 700) {
        const name = page.locator(".user-chip__name");
        await expect(name).toHaveText("Guest Developer");
        const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
        expect(cut, "the name is cut").toBe(false);
        // On one line, as the handle under it: it wrapped to "Guest / Developer".
        const lines = await name.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
        expect(lines, "lines the name takes").toBeLessThan(1.5);
        await keepShot(page.locator(".sidebar"), "sidebar-1280.png");
      }
      // The seeded avatars draw their initials large: 40 of 96 units, ~18 px at 44 px.
      const svg = await (await page.request.get("/seed/avatar-ada.svg")).text();
      expect(Number(/font-size="(\d+)"/.exec(svg)![1])).toBeGreaterThanOrEqual(32);
      expect(errors).toEqual([]);
    });

    test("an avatar without a photo: initials in white on a colour of its own, 4.5:1 or more", async ({ page }) => {
      await signUp(page, `ini${width}${Date.now() % 100000}`.slice(0, 12), "Zoe Quinn");
      const initials = page.getByRole("region", { name: "Create a post" }).locator(".avatar__initial");
      await expect(initials).toHaveText("ZQ");
      const look = await initials.evaluate((el) => {
        const s = getComputedStyle(el);
        return { color: s.color, size: parseFloat(s.fontSize), bg: getComputedStyle(el.parentElement!).backgroundColor };
      });
      expect(look.size).toBeGreaterThanOrEqual(13);
      expect(contrast(look.color, look.bg)).toBeGreaterThanOrEqual(4.5);
    });

    test("a bio link: example.org/me is kept as https and shows as a link; javascript: is refused at the field", async ({ page }) => {
      await loginAsGuest(page);
      await page.goto("/profile/guest");
      await page.getByRole("button", { name: "Edit profile" }).click();
      const dialog = page.getByRole("dialog", { name: /Edit profile/i });
      const link = dialog.getByLabel("Bio Link");
      await link.fill("javascript:alert(1)");
      await dialog.getByRole("button", { name: "Update" }).click();
      await expect(dialog.getByText(/javascript:, mailto: and other schemes are refused/)).toBeVisible();
      await expect(link).toHaveAttribute("aria-invalid", "true");
      await keepShot(page, `bio-link-refused-${width}.png`);
      await link.fill("example.org/me");
      await dialog.getByRole("button", { name: "Update" }).click();
      await expect(dialog).toHaveCount(0);
      const shown = page.getByRole("link", { name: /example\.org\/me/ });
      await expect(shown).toHaveAttribute("href", "https://example.org/me");
    });
  });
}
