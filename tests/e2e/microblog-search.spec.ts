// Search on Explore (issue 24, item 2): a word finds its post among 2,000+,
// typing searches after a pause and Enter at once, people and tags too.
import { expect, test, scaled } from "./fixtures";
import { feed, loginAsGuest, postWith, seriousViolationsInPage, watchErrors, keepShot } from "./helpers";
import { apiCall } from "./microblog-helpers";
import { goInside } from "./screen-helpers";

test("search finds a post by a word among 2,000+ posts, and people and tags", async ({ page }) => {
  test.setTimeout(scaled(240_000));
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  // 2,000 posts through the API (what the app would write), one of them with the word.
  await page.evaluate(async (token) => {
    const send = (content: string) =>
      fetch("/api/posts", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: token, prefer: "return=minimal" },
        body: JSON.stringify({ postData: { content } }),
      });
    for (let i = 0; i < 2000; i++) await send(`Filler post number ${i} about the weather #filler`);
  }, token);
  await apiCall(page, "POST", "/posts", { token, body: { postData: { content: "A quokka smiled at me on the ferry #islandlife" } } });
  expect((await apiCall(page, "GET", "/posts?limit=1")).body.total).toBeGreaterThan(2000);

  await page.getByRole("link", { name: "Explore" }).first().click();
  // Explore's own box, once Explore shows: until then, at 1280 px, the page being left has the right
  // column's search box with the same name, and text typed there goes with that page.
  await expect(page.getByRole("heading", { level: 1, name: "Explore" })).toBeVisible();
  const box = page.getByRole("main").getByRole("searchbox", { name: "Search" });
  await expect(box).toHaveAttribute("placeholder", "Search Moments");
  // Typing searches after a pause (a prefix of the word is enough).
  await box.pressSequentially("quok");
  await expect(page).toHaveURL(/[?&]q=quok/);
  await expect(page.getByRole("status").filter({ hasText: "1 result" })).toBeVisible();
  await expect(feed(page).getByRole("article")).toHaveCount(1);
  await expect(postWith(page, "A quokka smiled")).toBeVisible();
  expect(await seriousViolationsInPage(page)).toEqual([]);

  // Enter searches at once; many results are paged like the feed.
  await box.fill("filler");
  await box.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "2,000 results" })).toBeVisible();
  await expect(feed(page)).toHaveAttribute("aria-label", "Posts matching filler");

  await page.getByRole("button", { name: "People" }).click();
  await expect(page.getByRole("button", { name: "People" })).toHaveAttribute("aria-pressed", "true");
  await box.fill("ada");
  await expect(page.getByRole("list", { name: "People found" }).getByRole("link", { name: /Ada Sterling/ })).toBeVisible();

  await page.getByRole("button", { name: "Tags" }).click();
  await expect(page.getByRole("button", { name: "Tags" })).toHaveAttribute("aria-pressed", "true");
  await box.fill("#isl");
  const tag = page.getByRole("list", { name: "Tags found" }).getByRole("link", { name: /#islandlife/ });
  await expect(tag).toContainText("1 post");
  await keepShot(page, "search-tags-1280.png");
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await seriousViolationsInPage(page)).toEqual([]);
  await keepShot(page, "search-tags-375.png");
  await tag.click();
  await expect(page).toHaveURL(/\/tags\/islandlife$/);
  await expect(postWith(page, "A quokka smiled")).toBeVisible();
  expect(errors).toEqual([]);
});

// /explore?type=people showed Posts while its URL still said people. The tab is called People, so
// `people` opens it (as `users`, the API's word, always did), and the URL is put right in place
// (replaced, not pushed: Back does not land on the wrong URL only to be sent on again). Any other
// unknown type shows Posts and the URL says so.
test("?type=people opens the People tab; an unknown type shows Posts and the URL says so, Back skipping it", async ({ page }) => {
  await loginAsGuest(page);
  await goInside(page, "/explore?q=ada&type=people");
  await expect(page).toHaveURL(/\/explore\?q=ada&type=users$/);
  await expect(page.getByRole("list", { name: "People found" }).getByRole("button", { name: "Follow @adasterling" })).toBeVisible();
  await expect(page.getByRole("button", { name: "People", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto("/explore?q=sea&type=nonsense");
  await expect(page).toHaveURL(/\/explore\?q=sea&type=posts$/);
  await expect(page.getByRole("button", { name: "Posts", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("feed", { name: "Posts matching sea" })).toBeVisible();
  await page.goto("/explore?type=People");
  await expect(page).toHaveURL(/\/explore\?type=users$/);
  await expect(page.getByRole("button", { name: "People", exact: true })).toHaveAttribute("aria-pressed", "true");
});

// The people found sat in a bordered panel with no room inside it: `.suggestions` (padding 0) undid
// the panel's padding, so at 375 px the avatar touched the left border and Follow the right one.
for (const width of [375, 1280]) {
  test(`at ${width} px the people found keep room inside their panel`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAsGuest(page);
    await goInside(page, "/explore?q=ada&type=users");
    const list = page.getByRole("list", { name: "People found" });
    const follow = list.getByRole("button", { name: "Follow @adasterling" });
    await expect(follow).toBeVisible();
    const panel = (await list.boundingBox())!;
    const row = (await list.getByRole("listitem").first().boundingBox())!;
    const button = (await follow.boundingBox())!;
    expect(row.x - panel.x, "room left of the row").toBeGreaterThanOrEqual(12);
    expect(panel.x + panel.width - (button.x + button.width), "room right of Follow").toBeGreaterThanOrEqual(12);
  });
}
