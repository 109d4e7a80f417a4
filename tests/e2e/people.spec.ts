// Issue 34: people lists (/profile/:username/followers|following, reached from the
// profile's counts), Follow back on a follow notification, Follow on people found by
// search, Following reading Unfollow on hover and focus, and the Following feed on /home.
import { expect, expectToast, test } from "./fixtures";
import { loginAsGuest, seriousViolationsInPage } from "./helpers";
import { followsGuest, noToasts, shoot } from "./screen-helpers";

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, reducedMotion: "reduce" });

    test("Follow back on a follow notification, and the profile's counts open the followers and following lists", async ({ page }) => {
      await loginAsGuest(page);
      await followsGuest(page, "adasterling", "ada-cto-2024");
      await followsGuest(page, "marcoreyes", "marco-builds");

      await page.goto("/notifications");
      const followBack = page.getByRole("main").getByRole("button", { name: "Follow back @adasterling" });
      await expect(followBack).toHaveText("Follow back");
      // One word for one relationship: Who to follow (the right column at 1280 px) says it too.
      if (width === 1280)
        await expect(
          page.getByRole("complementary", { name: "Suggestions" }).getByRole("button", { name: "Follow back @adasterling" }),
        ).toHaveText("Follow back");
      await shoot(page, "notifications");
      await followBack.click();
      await expectToast(page, "followed");
      // In the notification (at 1280 px the right column's Who to follow shows Ada followed too).
      await expect(page.getByRole("main").getByRole("button", { name: "Following @adasterling: unfollow" })).toBeVisible();

      await page.goto("/profile/guest");
      await page.getByRole("link", { name: "1 Following" }).click();
      await expect(page).toHaveURL(/\/profile\/guest\/following$/);
      await expect(page.getByRole("heading", { name: "People Guest Developer follows" })).toBeVisible();
      const following = page.getByRole("list", { name: "People Guest Developer follows" });
      await expect(following.getByRole("listitem")).toHaveCount(1);
      const button = following.getByRole("button", { name: "Following @adasterling: unfollow" });
      await expect(button).toHaveText("Following");
      // It says what a press would do while pointed at, and while focused from the keyboard.
      await button.hover();
      await expect(button).toHaveText("Unfollow");
      await page.mouse.move(1, 1);
      await expect(button).toHaveText("Following");
      await button.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await expect(button).toBeFocused();
      await expect(button).toHaveText("Unfollow");

      await page.getByRole("navigation", { name: "Lists of @guest" }).getByRole("link", { name: "Followers" }).click();
      await expect(page).toHaveURL(/\/profile\/guest\/followers$/);
      const followers = page.getByRole("list", { name: "People following Guest Developer" });
      await expect(followers.getByRole("listitem")).toHaveCount(2);
      // Newest first: Marco followed last.
      await expect(followers.getByRole("listitem").first()).toContainText("@marcoreyes");
      // Marco follows the guest, who does not follow him: Follow back, as on the notification.
      await expect(followers.getByRole("button", { name: "Follow back @marcoreyes" })).toHaveText("Follow back");
      await expect(followers.getByRole("button", { name: "Following @adasterling: unfollow" })).toBeVisible();
      await expect(page.getByText("That's everyone.")).toBeAttached();
      await noToasts(page);
      await shoot(page, "followers");
      expect(await seriousViolationsInPage(page)).toEqual([]);

      // The counts of another profile link to its lists too; an unknown user's list says so.
      await page.goto("/profile/adasterling");
      await page.getByRole("link", { name: /1 Follower$/ }).click();
      await expect(page.getByRole("list", { name: /People following/ }).getByRole("listitem")).toHaveCount(1);
      await page.goto("/profile/nobody-here/followers");
      await expect(page.getByRole("heading", { name: "This account doesn't exist" })).toBeVisible();
    });

    test("Follow on people found by search, and the Following feed beside the default list on /home", async ({ page }) => {
      await loginAsGuest(page);
      await page.goto("/explore?q=ada&type=users");
      const found = page.getByRole("list", { name: "People found" });
      await found.getByRole("button", { name: "Follow @adasterling" }).click();
      await expectToast(page, "followed");
      await expect(found.getByRole("button", { name: "Following @adasterling: unfollow" })).toBeVisible();

      await page.goto("/home");
      const feeds = page.getByRole("navigation", { name: "Feeds" });
      // The spec's list of every post stays the default.
      await expect(feeds.getByRole("link", { name: "Everyone" })).toHaveAttribute("aria-current", "page");
      await expect(
        page.getByRole("feed", { name: "Home feed" }).getByRole("article").filter({ hasText: "@marcoreyes" }).first(),
      ).toBeVisible();

      await feeds.getByRole("link", { name: "Following" }).click();
      await expect(page).toHaveURL(/\/home\?feed=following$/);
      await expect(feeds.getByRole("link", { name: "Following" })).toHaveAttribute("aria-current", "page");
      const feed = page.getByRole("feed", { name: "Following feed" });
      await expect(feed.getByRole("article").filter({ hasText: "Shipped our new edge region" })).toBeVisible();
      await expect(feed.getByRole("article").filter({ hasText: "Spent the afternoon deleting code" })).toBeVisible();
      // Only the guest's and Ada's posts: none of Marco's or Lena's.
      const total = await page.evaluate(async () => {
        const token = localStorage.getItem("token")!;
        return (await (await fetch("/api/posts/following?limit=20", { headers: { authorization: token } })).json()).total;
      });
      await expect(feed.getByRole("article")).toHaveCount(total);
      await expect(feed.getByRole("article").filter({ hasText: "@marcoreyes" })).toHaveCount(0);
      await expect(feed.getByRole("article").filter({ hasText: "@lenaokafor" })).toHaveCount(0);

      // A new post of your own joins the top of the Following feed.
      await page.getByLabel("What's happening?").fill("Following feed check");
      await page.getByRole("button", { name: "Post", exact: true }).click();
      await expectToast(page, "Post created successfully");
      await expect(feed.getByRole("article").first()).toContainText("Following feed check");
      await noToasts(page);
      await shoot(page, "home-following");
      expect(await seriousViolationsInPage(page)).toEqual([]);
    });
  });
}
