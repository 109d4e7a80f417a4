// Rich post text (issue 24, item 1): #tags open their tag page with the post,
// @mentions of real users link to the profile, http(s) URLs open a new tab
// with rel="noopener noreferrer"; nothing becomes HTML.
import { expect, test } from "./fixtures";
import { feed, loginAsGuest, postWith, watchErrors } from "./helpers";
import { createPost } from "./microblog-helpers";

test("a post's #tag, @mention and URL are links; the tag opens its page with the post", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const text = "Coastal walk #SeaSide2 with @adasterling and @nobody_here, see https://example.com/walk?x=1 <b>bold</b>";
  await createPost(page, text);
  const card = postWith(page, "Coastal walk");
  await expect(card.getByRole("link", { name: "@adasterling" })).toHaveAttribute("href", "/profile/adasterling");
  // No such user: plain text, no link.
  await expect(card.getByText("@nobody_here")).toBeVisible();
  await expect(card.getByRole("link", { name: "@nobody_here" })).toHaveCount(0);
  const url = card.getByRole("link", { name: "https://example.com/walk?x=1" });
  await expect(url).toHaveAttribute("href", "https://example.com/walk?x=1");
  await expect(url).toHaveAttribute("rel", "noopener noreferrer");
  await expect(url).toHaveAttribute("target", "_blank");
  // Markup stays text.
  await expect(card.locator("b")).toHaveCount(0);
  await expect(card).toContainText("<b>bold</b>");

  await card.getByRole("link", { name: "#SeaSide2" }).click();
  await expect(page).toHaveURL(/\/tags\/seaside2$/);
  await expect(page.getByRole("heading", { name: "#seaside2", level: 1 })).toBeVisible();
  await expect(feed(page).getByRole("article")).toHaveCount(1);
  await expect(postWith(page, "Coastal walk")).toBeVisible();

  // The mention opens the profile.
  await postWith(page, "Coastal walk").getByRole("link", { name: "@adasterling" }).click();
  await expect(page).toHaveURL(/\/profile\/adasterling$/);
  expect(errors).toEqual([]);
});

test("a tag page by URL works on reload, and a tag nobody used says so", async ({ page }) => {
  await loginAsGuest(page);
  await page.goto("/tags/nosuchtagzz");
  await expect(page.getByRole("heading", { name: "#nosuchtagzz" })).toBeVisible();
  await expect(page.getByText("No posts with #nosuchtagzz yet.")).toBeVisible();
});
