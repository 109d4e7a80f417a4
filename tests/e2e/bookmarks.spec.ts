// /bookmarks (issue 5): 'Nothing to show...' when empty; bookmarked posts newest
// first with the same card; removing a bookmark there removes the card.
import { expect, test } from "./fixtures";
import { feed, loginAsGuest, postWith, expectToast, watchErrors } from "./screen-helpers";

test("with no bookmarks: the 'Bookmark' heading and 'Nothing to show...'", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bookmarks" }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bookmark" })).toBeVisible();
  await expect(page.getByText("Nothing to show...", { exact: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("bookmarked posts show newest bookmark first; removing one there takes its card away", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  for (const text of ["Hiring senior engineers", "Offsite by the sea"]) {
    await postWith(page, text).getByRole("button", { name: "Bookmark" }).click();
    await expect(postWith(page, text).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
  }
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bookmarks" }).click();
  const cards = feed(page).getByRole("article");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("Offsite by the sea");
  await expect(cards.nth(1)).toContainText("Hiring senior engineers");
  // The same card: like works here too.
  await expect(cards.nth(0).getByRole("button", { name: "Like" })).toBeVisible();
  await expect(cards.nth(0).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");

  await cards.nth(0).getByRole("button", { name: "Bookmark" }).click();
  await expect(cards).toHaveCount(1);
  await expectToast(page, "Removed from Bookmarks !");
  await expect(cards.first()).toContainText("Hiring senior engineers");
  await page.reload();
  await expect(feed(page).getByRole("article")).toHaveCount(1);

  await feed(page).getByRole("article").first().getByRole("button", { name: "Bookmark" }).click();
  await expect(page.getByText("Nothing to show...", { exact: true })).toBeVisible();
  // Home agrees: nothing is bookmarked any more. The emptied Bookmarks page has no pressed Bookmark either,
  // so the count is read once Home's six posts show.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(feed(page).getByRole("article")).toHaveCount(6);
  await expect(feed(page).getByRole("button", { name: "Bookmark", pressed: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});
