// A profile's post count and its tabs Posts, Media and Likes (issue 47), at 375 and
// 1280 px in both themes: the counts, what each tab lists, the tab in the URL (a reload
// and Back keep it), the ARIA tabs pattern by keyboard, the empty texts, axe; and with
// 1,000+ posts imported, each new tab scrolled to its end shows every post once, windowed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededExport } from "./cli-helpers";
import { expect, scaled, test, type Page } from "./fixtures";
import { setMockFaults, walkFeedToEnd } from "./helpers";
import { expectToast, feed, loginAsGuest, noToasts, postWith, axeInBothThemes, watchErrors } from "./screen-helpers";

const tabs = (page: Page) => page.getByRole("tablist", { name: /'s posts$/ });
const tab = (page: Page, name: string) => tabs(page).getByRole("tab", { name, exact: true });
const panel = (page: Page) => page.getByRole("tabpanel");

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 812 }, reducedMotion: "reduce" });

    test("the post count sits beside the follow counts; Posts, Media and Likes list what they say; the tab is in the URL and a reload keeps it", async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await loginAsGuest(page);
      await noToasts(page);
      // The guest likes two posts: one by Ada, one by Lena.
      await postWith(page, "Hiring senior engineers").getByRole("button", { name: "Like" }).click();
      await postWith(page, "Offsite by the sea.").getByRole("button", { name: "Like" }).click();
      await page.goto("/profile/adasterling");
      await test.step("the post count sits beside the follow counts", async () => {
        const header = page.getByRole("region", { name: "Ada Sterling" });
        await expect(header.locator(".profile__post-count")).toHaveText("2 Posts");
        await expect(header.getByRole("list", { name: "Follow counts" })).toHaveText(/0\s*Following\s*0\s*Followers/);
        const [count, stats] = [
          await header.locator(".profile__post-count").boundingBox(),
          await header.locator(".profile__stats").boundingBox(),
        ];
        // One row: the count first, on the same line as Following and Followers.
        expect(Math.abs(count!.y - stats!.y)).toBeLessThan(4);
        expect(count!.x).toBeLessThan(stats!.x);
      });
      await expect(tab(page, "Posts")).toHaveAttribute("aria-selected", "true");
      await expect(panel(page)).toHaveAttribute("aria-labelledby", (await tab(page, "Posts").getAttribute("id"))!);
      await expect(feed(page).getByRole("article")).toHaveCount(2);
      // axe on another's profile on its Posts tab, in both themes: theme.spec.ts's walk (/profile/adasterling).

      await tab(page, "Media").click();
      await expect(page).toHaveURL(/\/profile\/adasterling\?tab=media$/);
      await expect(tab(page, "Media")).toHaveAttribute("aria-selected", "true");
      await expect(tab(page, "Posts")).toHaveAttribute("aria-selected", "false");
      await expect(feed(page)).toHaveAttribute("aria-label", "Posts with a photo by Ada Sterling");
      const media = feed(page).getByRole("article");
      await expect(media).toHaveCount(1);
      await expect(media.first()).toContainText("Shipped our new edge region");
      // The post count is the user's posts on every tab.
      await expect(page.locator(".profile__post-count")).toHaveText("2 Posts");
      await page.reload();
      await expect(tab(page, "Media")).toHaveAttribute("aria-selected", "true");
      await expect(feed(page).getByRole("article")).toHaveCount(1);
      await axeInBothThemes(page, "profile-media");

      await page.goto("/profile/guest?tab=likes");
      await expect(tab(page, "Likes")).toHaveAttribute("aria-selected", "true");
      // The guest's own count, on another tab than Posts.
      await expect(page.locator(".profile__post-count")).toHaveText("1 Post");
      const liked = feed(page).getByRole("article");
      // By the posts' age, newest first (the data keeps no time of a like): Ada's hiring post is the newer.
      await expect(liked).toHaveCount(2);
      await expect(liked.nth(0)).toContainText("Hiring senior engineers");
      await expect(liked.nth(1)).toContainText("Offsite by the sea.");
      await expect(liked.nth(0).getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "true");
      await axeInBothThemes(page, "profile-likes");
      expect(errors).toEqual([]);
    });
  });
}

// What the tabs do is one component's at every width (the layout and axe above run at both):
// its texts, keys and history are checked once, on a phone.
test.describe("the tabs at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "reduce" });

  // One login for the three journeys: each starts with a page load of its own.
  test("empty tabs say so; the tabs by keyboard; Back from a post keeps the tab", async ({ page }) => {
    await loginAsGuest(page);
    await test.step("empty tabs say so, yours and another's", async () => {
      await page.goto("/profile/guest?tab=media");
      await expect(panel(page).getByText("You haven't posted a photo yet.", { exact: true })).toBeVisible();
      await tab(page, "Likes").click();
      await expect(panel(page).getByText("You haven't liked a post yet.", { exact: true })).toBeVisible();
      await page.goto("/profile/marcoreyes?tab=likes");
      await expect(panel(page).getByText("Nothing to show...", { exact: true })).toBeVisible();
    });
    await test.step("the tabs by keyboard: one tab stop, arrows (wrapping), Home and End move and choose", async () => {
      await page.goto("/profile/adasterling");
      await expect(tabs(page).locator('[tabindex="0"]')).toHaveCount(1);
      await tab(page, "Posts").focus();
      await page.keyboard.press("ArrowRight");
      await expect(tab(page, "Media")).toBeFocused();
      await expect(tab(page, "Media")).toHaveAttribute("aria-selected", "true");
      await expect(page).toHaveURL(/\?tab=media$/);
      await expect(feed(page).getByRole("article")).toHaveCount(1);
      await page.keyboard.press("End");
      await expect(tab(page, "Likes")).toBeFocused();
      await expect(page).toHaveURL(/\?tab=likes$/);
      await page.keyboard.press("ArrowRight");
      await expect(tab(page, "Posts")).toBeFocused();
      await expect(page).toHaveURL(/\/profile\/adasterling$/);
      await page.keyboard.press("ArrowLeft");
      await expect(tab(page, "Likes")).toBeFocused();
      await page.keyboard.press("Home");
      await expect(tab(page, "Posts")).toHaveAttribute("aria-selected", "true");
      await expect(feed(page).getByRole("article")).toHaveCount(2);
      // Tab leaves the tablist for the panel's content.
      await page.keyboard.press("Tab");
      await expect(tabs(page).locator(":focus")).toHaveCount(0);
    });
    await test.step("Back from a post keeps the tab; tab changes take no step of their own", async () => {
      await page.goto("/explore");
      await page.goto("/profile/adasterling");
      await tab(page, "Media").click();
      await expect(page).toHaveURL(/\?tab=media$/);
      await feed(page)
        .getByRole("article")
        .first()
        .getByRole("link", { name: /^(now|\d+[smhd]|\w+ \d+), / })
        .click();
      await expect(page).toHaveURL(/\/post\//);
      await page.goBack();
      await expect(page).toHaveURL(/\/profile\/adasterling\?tab=media$/);
      await expect(tab(page, "Media")).toHaveAttribute("aria-selected", "true");
      await page.goBack();
      await expect(page).toHaveURL(/\/explore$/);
    });
  });

  // The router's state renders in a transition, after the key's own event: a Tab pressed before that render
  // went from the focused tab to the tab the last render had put in the Tab order (6 of 10 runs here, before
  // ProfileTabs set the order in the key's event). The mock is slowed so the ArrowLeft's page is still being
  // read, and the CPU so the render comes late; three rounds, as the race is a race.
  test("Home then Tab at once, while a tab's page is still read: Tab leaves the tablist", async ({ page }) => {
    await loginAsGuest(page);
    await noToasts(page);
    await page.goto("/profile/adasterling");
    await expect(feed(page).getByRole("article")).toHaveCount(2);
    await setMockFaults(page, { delay: 800 });
    const cdp = await page.context().newCDPSession(page);
    for (let round = 0; round < 3; round++) {
      await tab(page, "Posts").focus();
      await page.keyboard.press("ArrowLeft");
      await expect(tab(page, "Likes")).toHaveAttribute("aria-selected", "true");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
      await page.keyboard.press("Home");
      await page.keyboard.press("Tab");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await expect(tabs(page).locator(":focus"), `round ${round + 1}`).toHaveCount(0);
      await expect(page).toHaveURL(/\/profile\/adasterling$/);
      await expect(tab(page, "Posts")).toHaveAttribute("aria-selected", "true");
      await expect(feed(page).getByRole("article")).toHaveCount(2);
    }
  });
});

test.describe("with 1,000+ posts", () => {
  const POSTS = 1000;
  let dir: string;
  let exportFile: string;
  let media = 0;
  let likes = 0;

  // The sample data plus `mockman seed`'s posts, all by the guest, every other one liked by them.
  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "moments-profile-tabs-"));
    exportFile = seededExport(dir, 20, POSTS, 5);
    const file = JSON.parse(readFileSync(exportFile, "utf8"));
    const guest = file.data.users.find((u: { username: string }) => u.username === "guest");
    file.data.posts.forEach((p: { username: string; postPic: string; likes: { likedBy: string[] } }, i: number) => {
      p.username = "guest";
      if (p.postPic) media++;
      if (i % 2 === 0) {
        p.likes.likedBy.push(guest._id);
        likes++;
      }
    });
    writeFileSync(exportFile, JSON.stringify(file));
  });

  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("Media and Likes scroll to their ends: every post once, never more than 60 cards", async ({ page }) => {
    test.setTimeout(scaled(240_000));
    const errors = watchErrors(page);
    await loginAsGuest(page);
    await page.goto("/settings");
    await page.getByLabel("Import a file…").setInputFiles(exportFile);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Import/ })
      .click();
    await expectToast(page, /^Imported \d+ users and \d+ posts\.$/, { timeout: scaled(60_000) });
    await page.goto("/profile/guest");
    await expect(page.locator(".profile__post-count")).toHaveText(`${POSTS + 6} Posts`);
    for (const [name, total] of [
      ["media", media],
      ["likes", likes],
    ] as const) {
      await page.goto(`/profile/guest?tab=${name}`);
      const { seen, sizes, most } = await walkFeedToEnd(page);
      expect(sizes, `${name}: the set size`).toEqual([total]);
      const missing = Array.from({ length: total }, (_, i) => i + 1).filter((at) => !seen.has(at));
      expect(seen.size, `${name}: every position shown (not seen: ${missing.join(", ") || "none"})`).toBe(total);
      expect(new Set(seen.values()).size, `${name}: each post once`).toBe(total);
      expect(most).toBeLessThanOrEqual(60);
    }
    expect(errors).toEqual([]);
  });
});
