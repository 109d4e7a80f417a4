// Dark mode: the app follows the system's light or dark setting unless
// Settings > Appearance picks one; the choice survives a reload; every screen
// is axe-clean (contrast included) in both themes at 375 and 1280 px: the people lists,
// the Following feed and a follow notification among them.
import { expect, test, type Page } from "./fixtures";
import { expectToast, followsGuest, loginAsGuest, noToasts, seriousViolations, watchErrors } from "./screen-helpers";

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Every screen a person sees, each checked by axe. */
async function auditEveryScreen(page: Page) {
  const failures: string[] = [];
  const check = async (where: string) => {
    for (const v of await seriousViolations(page)) failures.push(`${where}: ${v}`);
  };
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  await check("/");
  await loginAsGuest(page);
  await noToasts(page);
  await check("/home");
  await page.getByRole("article").first().getByRole("button", { name: "Comment" }).click();
  await expect(page.getByRole("dialog", { name: "Add comment" })).toBeVisible();
  await check("/home comment dialog");
  await page.keyboard.press("Escape");
  // Ada follows the guest: a notification with Follow back; once followed back, both of the
  // guest's people lists have a row and the Following feed holds Ada's posts.
  await followsGuest(page, "adasterling", "ada-cto-2024");
  await page.goto("/notifications");
  const followBack = page.getByRole("button", { name: "Follow back @adasterling" });
  await expect(followBack).toBeVisible();
  await check("/notifications");
  await followBack.click();
  // In the notification (the right column's Who to follow shows Ada followed too at 1280 px).
  await expect(page.getByRole("main").getByRole("button", { name: "Following @adasterling: unfollow" })).toBeVisible();
  // The button turns at once; the toast comes once the follow is written (leaving earlier drops it).
  await expectToast(page, "followed");
  for (const [path, heading] of [
    ["/explore", "Explore"],
    ["/bookmarks", "Bookmark"],
    ["/home?feed=following", "Homepage"],
    ["/profile/guest", "Guest Developer"],
    ["/profile/guest/followers", "People following Guest Developer"],
    ["/profile/guest/following", "People Guest Developer follows"],
    ["/settings", "Settings"],
    ["/no-such-page", "Error 404: PageNotFound"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await check(path);
  }
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

for (const width of [1280, 375]) {
  for (const scheme of ["light", "dark"] as const) {
    test.describe(`${scheme} system theme at ${width} px`, () => {
      // Reduced motion: axe measures contrast after a dialog has faded in, not during.
      test.use({ viewport: { width, height: 800 }, colorScheme: scheme, reducedMotion: "reduce" });

      test("every screen follows the system and is axe-clean", async ({ page }) => {
        const errors = watchErrors(page);
        const failures = await auditEveryScreen(page);
        expect(await theme(page)).toBe(scheme);
        // /mockman has its own palette, and it follows too.
        expect(await page.locator(".mm-page").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
          scheme === "dark" ? "rgb(14, 19, 26)" : "rgb(243, 244, 247)",
        );
        expect(failures).toEqual([]);
        expect(errors).toEqual([]);
      });
    });
  }
}

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

  test("a dark page never paints white first", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("moments-theme", "dark"));
    // The theme is set by the head script, before any app code runs.
    await page.goto("/", { waitUntil: "commit" });
    await page.waitForFunction(() => document.body !== null);
    expect(await theme(page)).toBe("dark");
  });
});
