// The shell as Bluesky users expect (issue 47): at 1180 px and wider a right column with
// a search box and 'Who to follow' beside every signed-in screen (none below, Home then
// showing 'Who to follow' under the composer); Settings among the navigation's places, in
// the sidebar and in the phone's tab bar (which keeps its labels apart and inside 375 px);
// and on a phone each suggestion keeps its Follow inside its own row. In both themes, axe clean.
import { expect, test, type Page } from "./fixtures";
import { feed, inked, loginAsGuest, noToasts, axeInBothThemes, overlaps, watchErrors, type Box } from "./screen-helpers";
import { keepShot } from "./helpers";

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const column = (page: Page) => page.getByRole("complementary", { name: "Suggestions" });
const SCREENS: [string, string][] = [
  ["/home", "Homepage"],
  ["/explore", "Explore"],
  ["/notifications", "Notifications"],
  ["/bookmarks", "Bookmark"],
  ["/profile/adasterling", "Ada Sterling"],
  ["/settings", "Settings"],
  ["/tags/moments", "#moments"],
];

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 812 }, reducedMotion: "reduce" });

  test("every signed-in screen has the right column: search (but on Explore) and Who to follow", async ({ page }) => {
    const errors = watchErrors(page);
    await loginAsGuest(page);
    await noToasts(page);
    const mainBox = async () => (await page.locator("main").boundingBox())!;
    for (const [path, heading] of SCREENS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const aside = column(page);
      await expect(aside.getByRole("heading", { name: "Who to follow" })).toBeVisible();
      await expect(aside.getByRole("listitem")).toHaveCount(3);
      await expect(aside.getByRole("searchbox", { name: "Search" })).toHaveCount(path === "/explore" ? 0 : 1);
      // One 'Who to follow' on the screen, right of the main column.
      await expect(page.getByRole("heading", { name: "Who to follow" })).toHaveCount(1);
      const main = await mainBox();
      expect((await aside.boundingBox())!.x).toBeGreaterThanOrEqual(main.x + main.width - 1);
    }
    // axe on these screens with their right column, in both themes: theme.spec.ts's walk at 1280 px.
    // The search box searches on Explore.
    await page.goto("/bookmarks");
    await column(page).getByRole("searchbox", { name: "Search" }).fill("offsite");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/explore\?q=offsite$/);
    await expect(page.getByRole("status").filter({ hasText: "result" })).toHaveText("1 result for “offsite”");
    await expect(feed(page).getByRole("article")).toHaveCount(1);
    // Follow from the column, on a screen that is not Home.
    await page.goto("/notifications");
    await column(page).getByRole("button", { name: "Follow @adasterling" }).click();
    await expect(column(page).getByRole("button", { name: /^Following @adasterling/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  // The right column came after the whole feed in Tab order (a feed that loads more as you near its
  // end), with no way past it: the skip link to the main content is before the sidebar, and on arrival
  // focus is already on the main content. Now the first Tab from there is a link to the column, shown
  // while focused; the page's first stop is still "Skip to content".
  test("skip links: the first Tab reaches the right column's search and Who to follow", async ({ page }) => {
    await loginAsGuest(page);
    await noToasts(page);
    await expect(page.locator("main#main")).toBeFocused();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to search and Who to follow" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    const box = (await skip.boundingBox())!;
    expect(box.width).toBeGreaterThan(40);
    await keepShot(page, "skip-link-1280.png");
    await axeInBothThemes(page, "skip link focused");
    await skip.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/home$/);
    await page.keyboard.press("Tab");
    await expect(column(page).getByRole("searchbox", { name: "Search" })).toBeFocused();
    // Shown only while focused.
    await expect(skip).not.toBeInViewport();

    // The page's own first stop is still Skip to content, past the sidebar to the main content.
    const first = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>("a[href], button, input, textarea, select")].find((el) => el.tabIndex >= 0)?.textContent,
    );
    expect(first).toBe("Skip to content");
    await page.getByRole("link", { name: "Skip to content" }).focus();
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("Settings is a place in the sidebar, marked when you are there", async ({ page }) => {
    await loginAsGuest(page);
    const links = nav(page).getByRole("link");
    await expect(links).toHaveText(["Home", "Explore", "Notifications", "Bookmarks", "Profile", "Settings"]);
    await nav(page).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    // axe on /settings in both themes: theme.spec.ts's walk.
  });
});

test.describe("below 1180 px", () => {
  test("no right column; Home keeps Who to follow under the composer", async ({ page }) => {
    await page.setViewportSize({ width: 1179, height: 812 });
    await loginAsGuest(page);
    await expect(page.getByRole("heading", { name: "Who to follow" })).toHaveCount(1);
    const suggestions = page.getByRole("region", { name: "Who to follow" });
    expect((await suggestions.boundingBox())!.y).toBeGreaterThan(
      (await page.getByRole("region", { name: "Create a post" }).boundingBox())!.y,
    );
    for (const path of ["/explore", "/profile/guest", "/settings"]) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Who to follow" })).toHaveCount(0);
      await expect(column(page)).toHaveCount(0);
    }
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "reduce" });

  test("the tab bar holds Settings, its six labels apart and inside the screen", async ({ page }) => {
    await loginAsGuest(page);
    await noToasts(page);
    const labels = ["Home", "Explore", "Notifications", "Bookmarks", "Profile", "Settings"];
    await expect(nav(page).getByRole("link")).toHaveText(labels);
    const boxes: Box[] = [];
    for (const label of labels) boxes.push(await inked(nav(page).locator(".nav-item__label", { hasText: label })));
    expect(boxes[0].x).toBeGreaterThanOrEqual(0);
    expect(boxes.at(-1)!.x + boxes.at(-1)!.width).toBeLessThanOrEqual(375);
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i].x - (boxes[i - 1].x + boxes[i - 1].width), `${labels[i - 1]} | ${labels[i]}`).toBeGreaterThanOrEqual(4);
    const bar = nav(page);
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await bar.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    // axe on /settings with the tab bar, in both themes: theme.spec.ts's walk at 375 px.
  });

  test("the tabs stay where they are as you move between them (the one you are on takes no more room than before)", async ({ page }) => {
    await loginAsGuest(page);
    await noToasts(page);
    const bar = nav(page);
    const places = () =>
      bar
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => ({ x: a.getBoundingClientRect().x, w: a.getBoundingClientRect().width })));
    const onHome = await places();
    for (const [name, heading] of [
      ["Explore", "Explore"],
      ["Notifications", "Notifications"],
      ["Bookmarks", "Bookmark"],
      ["Settings", "Settings"],
    ]) {
      await bar.getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(bar.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      expect(await places(), `the tabs on ${name}, as on Home`).toEqual(onHome);
    }
  });

  test("at 320 px the tab bar shows its six icons inside the screen, each link still named", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await loginAsGuest(page);
    const bar = nav(page);
    await expect(bar.getByRole("link")).toHaveText(["Home", "Explore", "Notifications", "Bookmarks", "Profile", "Settings"]);
    expect(await bar.locator("ul").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const last = (await bar.getByRole("link", { name: "Settings" }).boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(320);
    await keepShot(bar, `tabbar-320.png`);
  });

  // Home opened with no post on screen: the composer, three Who to follow rows, the feed's tabs at the fold behind
  // the tab bar. Who to follow is folded to its title there, so the first screen shows a post.
  test("Home: Who to follow folded under the composer, then the Everyone / Following tabs right above the feed they switch", async ({
    page,
  }) => {
    await loginAsGuest(page);
    const first = feed(page).getByRole("article").first();
    await expect(first).toBeVisible();
    const bar = (await nav(page).boundingBox())!;
    expect((await first.boundingBox())!.y + 80, "a post's first lines above the tab bar").toBeLessThanOrEqual(bar.y);
    const folded = page.getByRole("region", { name: "Who to follow" });
    await expect(folded.locator(".suggestion")).toHaveCount(3);
    await expect(folded.locator(".suggestion").first()).toBeHidden();
    const composer = (await page.getByRole("region", { name: "Create a post" }).boundingBox())!;
    const suggestions = (await page.getByRole("region", { name: "Who to follow" }).boundingBox())!;
    const tabs = (await page.getByRole("navigation", { name: "Feeds" }).boundingBox())!;
    const list = (await feed(page).boundingBox())!;
    expect(suggestions.y, "Who to follow under the composer").toBeGreaterThan(composer.y + composer.height);
    expect(tabs.y, "the feed's tabs under Who to follow").toBeGreaterThan(suggestions.y + suggestions.height);
    expect(list.y, "the feed under its tabs").toBeGreaterThan(tabs.y + tabs.height);
    expect(list.y - (tabs.y + tabs.height), "nothing between the tabs and the feed").toBeLessThanOrEqual(40);
  });

  test("Who to follow: each person's Follow inside their row, no row cut", async ({ page }) => {
    await loginAsGuest(page);
    await noToasts(page);
    await expect(column(page)).toBeVisible();
    const panel = page.getByRole("region", { name: "Who to follow" });
    await panel.getByRole("heading", { name: "Who to follow" }).click();
    const rows = panel.getByRole("listitem");
    await expect(rows).toHaveCount(3);
    const panelBox = (await panel.boundingBox())!;
    for (let i = 0; i < 3; i++) {
      const row = (await rows.nth(i).boundingBox())!;
      const follow = (await rows
        .nth(i)
        .getByRole("button", { name: /^Follow @/ })
        .boundingBox())!;
      // Follow sits inside its row, and the row inside the panel: nothing cut, nothing scrolled sideways.
      expect(follow.x).toBeGreaterThanOrEqual(row.x);
      expect(follow.x + follow.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
      expect(follow.y).toBeGreaterThanOrEqual(row.y - 0.5);
      expect(follow.y + follow.height).toBeLessThanOrEqual(row.y + row.height + 0.5);
      expect(row.x).toBeGreaterThanOrEqual(panelBox.x);
      expect(row.x + row.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 0.5);
    }
    expect(await panel.locator(".suggestions").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await axeInBothThemes(page, "who-to-follow");
  });
});

// Fixed at the window's top left, a focused skip link sat over the sidebar's logo (and on a phone over the
// top bar's): now it takes a place of its own and pushes the page down, covering nothing.
for (const width of [1280, 375]) {
  test(`at ${width} px a focused skip link covers neither the logo, the navigation nor the heading`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 });
    await loginAsGuest(page);
    await noToasts(page);
    const links = [page.getByRole("link", { name: "Skip to content" })];
    if (width === 1280) links.push(page.getByRole("link", { name: "Skip to search and Who to follow" }));
    const covered = [page.getByRole("link", { name: "Moments home" }), page.getByRole("heading", { level: 1, name: "Homepage" })];
    covered.push(...(await nav(page).getByRole("link").all()));
    for (const [i, link] of links.entries()) {
      await link.focus();
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = (await link.boundingBox())!;
      for (const other of covered) {
        const name = (await other.getAttribute("aria-label")) ?? (await other.innerText());
        expect(overlaps(box, (await other.boundingBox())!), `"${await link.innerText()}" covers ${name}`).toBe(false);
      }
      await keepShot(page, `skip-link-placed-${width}-${i}.png`);
    }
    await axeInBothThemes(page, "skip link focused");
  });
}
