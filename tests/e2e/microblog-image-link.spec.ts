// A card's picture opens its post's page (issue 24): from the feed, and not on
// that page itself, where it is just the picture.
import { expect, test } from "./fixtures";
import { loginAsGuest, postWith, watchErrors } from "./helpers";

const MARCO_PICTURE_POST = "Ten years since my first company";

for (const width of [1280, 375]) {
  test(`a card's picture opens the post page (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const errors = watchErrors(page);
    await loginAsGuest(page);
    const card = postWith(page, MARCO_PICTURE_POST);
    const picture = card.getByRole("link").filter({ has: page.getByRole("img") });
    await expect(picture).toHaveAttribute("href", /^\/post\/[\w-]+$/);
    const href = await picture.getAttribute("href");
    await picture.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { name: "Post by Marco" })).toBeAttached();
    // On its own page the picture is no link.
    const own = page.getByRole("article").filter({ hasText: MARCO_PICTURE_POST });
    await expect(own.getByRole("img")).toBeVisible();
    await expect(own.getByRole("link").filter({ has: page.getByRole("img") })).toHaveCount(0);
    await page.screenshot({ path: `test-results/image-link-post-page-${width}.png` });
    expect(errors).toEqual([]);
  });
}
