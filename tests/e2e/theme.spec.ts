// Dark mode: the app follows the system's light or dark setting unless
// Settings > Appearance picks one; the choice survives a reload. The suite's one axe walk:
// every screen, dialog and form error a person meets is axe-clean (serious and critical,
// contrast included) in both themes at 375 and 1280 px: the welcome page and its Signup form,
// the feeds, bookmarks empty and with a post, profiles (own with Edit profile's error, another's,
// unknown), the people lists, the Following feed, a follow notification, a tag page, a post page
// with a comment, Explore's search, settings and its Reset dialog, the 404 page and /mockman.
import { expect, scaled, test, type Page } from "./fixtures";
import { createPost } from "./microblog-helpers";
import {
  expectToast,
  feed,
  followsGuest,
  loginAsGuest,
  noToasts,
  postWith,
  seriousViolationsInPage,
  systemTheme,
  watchErrors,
} from "./screen-helpers";

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const nav = (page: Page, name: string | RegExp) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });
/** A post of the guest's in the seed, for the post page. */
const GUEST_POST = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b03";

/** The walk's two widths: the journey runs at the first; each screen is also checked at the second. */
const WIDTHS = [1280, 375] as const;
type Scheme = "light" | "dark";

/**
 * Every screen a person sees, each checked by axe in both themes at both widths. The journey is
 * walked once: at each screen the window is narrowed and the system's theme switched under the
 * open page (the app follows both as they change: useMediaQuery, app/lib/theme.ts), so one
 * seeded store and one login serve all four looks instead of four walks each making its own.
 */
async function auditEveryScreen(page: Page, start: Scheme) {
  const failures: string[] = [];
  const suggestions = page.getByRole("complementary", { name: "Suggestions" }).getByRole("listitem");
  // The system's theme as the page has it: each check leaves it as it found it, so every load of
  // the walk is in the theme the test began with.
  const other = (scheme: Scheme): Scheme => (scheme === "dark" ? "light" : "dark");
  let scheme = start;
  const check = async (where: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // The layout has followed the width: the right column (Who to follow) stands beside every
      // signed-in screen at 1280 px, with its people, and is gone at 375 px (Home then shows it under
      // the composer, in the same render).
      if (width >= 1280 && (await page.locator(".shell").count()) > 0) await expect(suggestions.first()).toBeVisible();
      else await expect(page.locator(".shell__aside")).toHaveCount(0);
      // The theme showing first, then the other, which the next width starts with.
      for (const next of [scheme, other(scheme)]) {
        await systemTheme(page, next);
        for (const v of await seriousViolationsInPage(page)) failures.push(`${where} (${width} px, ${next}): ${v}`);
      }
      scheme = other(scheme);
    }
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  };
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  // The first paint follows the system: the head script sets the theme before the app runs.
  expect(await theme(page)).toBe(start);
  await check("/");
  await page.getByRole("button", { name: "Signup", exact: true }).click();
  await page.getByRole("dialog", { name: "Signup" }).getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
  await check("/ Signup dialog with an error");
  await loginAsGuest(page);
  // Let the login toast leave first: it is react-toastify's, not ours.
  await expectToast(page, "LoggedIn successfully");
  await noToasts(page);
  await check("/home");
  await page.getByRole("article").first().getByRole("button", { name: "Comment" }).click();
  await expect(page.getByRole("dialog", { name: "Add comment" })).toBeVisible();
  await check("/home comment dialog");
  await page.keyboard.press("Escape");
  // Bookmarks, empty, then with a post bookmarked from the feed.
  await nav(page, "Bookmarks").click();
  await expect(page.getByText("Nothing to show...", { exact: true })).toBeVisible();
  await check("/bookmarks, empty");
  await nav(page, "Home").click();
  await postWith(page, "Offsite by the sea").getByRole("button", { name: "Bookmark" }).click();
  // Its toast comes once the bookmark is written; a page load then leaves no toast for axe to read.
  await expectToast(page, "Added to Bookmarks !");
  await page.goto("/bookmarks");
  await expect(feed(page).getByRole("article")).toHaveCount(1);
  await check("/bookmarks with a post");
  // Another's profile, with its own Follow (at 1280 px the right column may offer Ada too), and an unknown one.
  await page.goto("/profile/adasterling");
  await expect(page.getByRole("main").getByRole("button", { name: "Follow @adasterling" })).toBeVisible();
  await check("/profile/adasterling");
  await page.goto("/profile/nobody");
  await expect(page.getByRole("heading", { name: "This account doesn't exist" })).toBeVisible();
  await check("/profile/nobody");
  // Ada follows the guest: a notification with Follow back; once followed back, both of the
  // guest's people lists have a row and the Following feed holds Ada's posts.
  await followsGuest(page, "adasterling", "ada-cto-2024");
  await page.goto("/notifications");
  // In the notification: at 1280 px the right column's Who to follow offers Ada a Follow back too.
  const followBack = page.getByRole("main").getByRole("button", { name: "Follow back @adasterling" });
  await expect(followBack).toBeVisible();
  await check("/notifications");
  await followBack.click();
  // In the notification (the right column's Who to follow shows Ada followed too at 1280 px).
  await expect(page.getByRole("main").getByRole("button", { name: "Following @adasterling: unfollow" })).toBeVisible();
  // The button turns at once; the toast comes once the follow is written (leaving earlier drops it).
  await expectToast(page, "followed");
  for (const [path, heading] of [
    ["/explore", "Explore"],
    ["/home?feed=following", "Homepage"],
    ["/profile/guest/followers", "People following Guest Developer"],
    ["/profile/guest/following", "People Guest Developer follows"],
    ["/no-such-page", "Error 404: PageNotFound"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await check(path);
  }
  // The own profile, and its Edit profile form showing an error.
  await page.goto("/profile/guest");
  await expect(page.getByRole("heading", { level: 1, name: "Guest Developer" })).toBeVisible();
  await check("/profile/guest");
  await page.getByRole("button", { name: "Edit profile" }).click();
  const edit = page.getByRole("dialog", { name: "Edit profile" });
  await edit.getByLabel("Name", { exact: true }).fill("");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(edit.getByText("Name is required")).toBeVisible();
  await check("/profile/guest Edit profile dialog with an error");
  // Settings, and its Reset data dialog.
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await check("/settings");
  await page.getByRole("button", { name: "Reset data…" }).click();
  await expect(page.getByRole("dialog", { name: "Reset all data?" })).toBeVisible();
  await check("/settings Reset data dialog");
  // A tag page, a post page with a comment's actions, and Explore's search.
  await page.goto("/home");
  await createPost(page, "Axe walk #axecheck with @adasterling https://example.com");
  await page.goto("/tags/axecheck");
  await expect(page.getByRole("heading", { name: "#axecheck" })).toBeVisible();
  await check("/tags/axecheck");
  await page.goto(`/post/${GUEST_POST}`);
  await page.getByRole("textbox", { name: "Your comment" }).fill("An axe comment");
  await page.getByRole("button", { name: "Reply" }).click();
  await expect(page.getByRole("button", { name: "Edit comment: An axe comment" })).toBeVisible();
  // Its toast may come after the comment: have it come, then go.
  await expectToast(page, "comment added successfully!");
  await noToasts(page);
  await check("/post/:id with a comment");
  await page.goto("/explore?q=axe&type=posts");
  await expect(page.getByRole("status").filter({ hasText: "1 result" })).toBeVisible();
  await check("/explore?q=axe&type=posts");
  await page.goto("/mockman");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(/^200\b/).first()).toBeVisible();
  // The history (IndexedDB) enables the Collections buttons once it holds the request: axe runs
  // after, not while a button goes from disabled (exempt from contrast) to enabled.
  await expect(page.getByRole("heading", { name: "History (1)" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Collections" }).getByRole("button", { name: "Export all" })).toBeEnabled();
  await check("/mockman");
  return failures;
}

test.describe("the system's theme", () => {
  // Reduced motion: axe measures contrast after a dialog has faded in, not during. The system is
  // dark when each page loads; the walk switches it to light under every screen.
  test.use({ viewport: { width: WIDTHS[0], height: 800 }, colorScheme: "dark", reducedMotion: "reduce" });

  test("every screen follows it and is axe-clean in both themes at 375 and 1280 px", async ({ page }) => {
    test.setTimeout(scaled(300_000));
    const errors = watchErrors(page);
    const failures = await auditEveryScreen(page, "dark");
    // /mockman has its own palette, and it follows too.
    for (const [scheme, background] of [
      ["dark", "rgb(14, 19, 26)"],
      ["light", "rgb(243, 244, 247)"],
    ] as const) {
      await systemTheme(page, scheme);
      expect(await theme(page)).toBe(scheme);
      expect(await page.locator(".mm-page").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(background);
    }
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe("Settings > Appearance", () => {
  test.use({ colorScheme: "light" });

  test("Dark and Light override the system, survive a reload, and System follows it again", async ({ page }) => {
    await loginAsGuest(page);
    await page.goto("/settings");
    const group = page.getByRole("group", { name: "Theme" });
    await expect(group.getByRole("radio", { name: "System" })).toBeChecked();
    expect(await theme(page)).toBe("light");
    const light = await background(page);

    await group.getByRole("radio", { name: "Dark" }).check();
    expect(await theme(page)).toBe("dark");
    expect(await background(page)).not.toBe(light);
    await page.reload();
    await expect(page.getByRole("group", { name: "Theme" }).getByRole("radio", { name: "Dark" })).toBeChecked();
    expect(await theme(page)).toBe("dark");

    // The choice holds on every screen, the welcome page included.
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
    expect(await theme(page)).toBe("dark");

    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/settings");
    await page.getByRole("group", { name: "Theme" }).getByRole("radio", { name: "Light" }).check();
    expect(await theme(page)).toBe("light");

    await page.getByRole("group", { name: "Theme" }).getByRole("radio", { name: "System" }).check();
    expect(await theme(page)).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => theme(page)).toBe("light");
  });

  for (const width of [375, 360]) {
    test(`at ${width} px the legend has its line and System, Light and Dark share the next, inside the card`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginAsGuest(page);
      await page.goto("/settings");
      const group = page.getByRole("group", { name: "Theme" });
      const legend = (await group.locator("legend").boundingBox())!;
      const card = (await page.getByRole("region", { name: "Appearance" }).boundingBox())!;
      const boxes = await Promise.all(
        ["System", "Light", "Dark"].map(async (name) => (await group.locator("label", { hasText: name }).boundingBox())!),
      );
      for (const box of boxes) {
        expect(Math.round(box.y), "the three on one line").toBe(Math.round(boxes[0].y));
        expect(box.x + box.width, "inside the card").toBeLessThanOrEqual(card.x + card.width);
      }
      expect(boxes[0].y, "under the legend").toBeGreaterThanOrEqual(legend.y + legend.height);
    });
  }

  test("a dark page never paints white first", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("moments-theme", "dark"));
    // The theme is set by the head script, before any app code runs.
    await page.goto("/", { waitUntil: "commit" });
    await page.waitForFunction(() => document.body !== null);
    expect(await theme(page)).toBe("dark");
  });
});
