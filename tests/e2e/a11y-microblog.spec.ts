// axe-core finds no serious or critical violation on the microblog screens of
// issue 24 (a tag page, a post page with comment actions, Explore's search),
// at 375 and 1280 px, light and dark.
import { expect, expectToast, test, scaled } from "./fixtures";
import { loginAsGuest, seriousViolations } from "./helpers";
import { createPost } from "./microblog-helpers";
import { noToasts } from "./screen-helpers";

const GUEST_POST = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b03";

for (const width of [1280, 375]) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`tag page, post page and search at ${width} px, ${colorScheme}`, async ({ page }) => {
      test.setTimeout(scaled(150_000));
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await loginAsGuest(page);
      await createPost(page, "Axe walk #axecheck with @adasterling https://example.com");
      await noToasts(page);
      await page.goto("/tags/axecheck");
      await expect(page.getByRole("heading", { name: "#axecheck" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/post/${GUEST_POST}`);
      await page.getByRole("textbox", { name: "Your comment" }).fill("An axe comment");
      await page.getByRole("button", { name: "Reply" }).click();
      await expect(page.getByRole("button", { name: "Edit comment: An axe comment" })).toBeVisible();
      // Its toast may come after the comment: have it come, then go.
      await expectToast(page, "comment added successfully!");
      await noToasts(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/explore?q=axe&type=posts");
      await expect(page.getByRole("status").filter({ hasText: "1 result" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
