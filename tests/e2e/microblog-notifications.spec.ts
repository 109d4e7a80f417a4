// Notifications (issue 24, item 4): another user's like shows in Notifications,
// the link carries the unread count and loses it once the page was seen; a
// failing count read shows a Retry beside the link and leaves the screen alone;
// axe finds nothing serious on the page at 375 and 1280 px, light and dark.
import { expect, test, type Page } from "./fixtures";
import { feed, loginAsGuest, watchErrors, keepShot } from "./helpers";
import { apiCall } from "./microblog-helpers";
import { axeInBothThemes, goInside, noToasts } from "./screen-helpers";

const GUEST_POST = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b03";

/** Ada likes the guest's post and follows the guest, through the API, as another tab or person would. */
async function adaActs(page: Page) {
  const login = await apiCall(page, "POST", "/auth/login", { body: { username: "adasterling", password: "ada-cto-2024" } });
  const token = login.body.encodedToken as string;
  expect((await apiCall(page, "POST", `/posts/like/${GUEST_POST}`, { token })).status).toBe(201);
  expect((await apiCall(page, "POST", "/users/follow/guest", { token })).status).toBe(200);
}

const navLink = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Notifications/ });

for (const width of [1280, 375]) {
  test(`another user's like shows in Notifications, and the unread count goes once seen (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const errors = watchErrors(page);
    await loginAsGuest(page);
    await expect(navLink(page)).toHaveAccessibleName("Notifications");
    await adaActs(page);
    await goInside(page, "/explore");
    await expect(navLink(page)).toHaveAccessibleName("Notifications 2 unread");
    await noToasts(page);
    await keepShot(page, `notifications-badge-${width}.png`);
    await navLink(page).click();
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    const list = page.getByRole("list", { name: "Notifications, newest first" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").nth(0)).toContainText("Ada Sterling followed you");
    const like = list.getByRole("listitem").nth(1);
    await expect(like).toContainText("Ada Sterling liked your post");
    await expect(like.getByText("New:")).toHaveCount(1);
    await keepShot(page, `notifications-page-${width}.png`);
    // Seen: marked read, and the count leaves the link.
    await expect(navLink(page)).toHaveAccessibleName("Notifications");
    // The like leads to the post.
    await like.getByRole("link").nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/post/${GUEST_POST}$`));
    // Back on the page after a reload: nothing new any more.
    await page.goto("/notifications");
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByText("New:")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test("a failing unread-count read shows a Retry beside the link; the feed stays", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAsGuest(page);
  await adaActs(page);
  await page.evaluate(() => {
    const w = window as unknown as { __realFetch?: typeof fetch; __failCount?: boolean };
    w.__realFetch = window.fetch;
    w.__failCount = true;
    window.fetch = (input, init) =>
      w.__failCount && /\/api\/notifications\?limit=1$/.test(String(input instanceof Request ? input.url : input))
        ? Promise.resolve(new Response(JSON.stringify({ errors: ["Injected failure"] }), { status: 500 }))
        : w.__realFetch!(input, init);
  });
  await goInside(page, "/explore");
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
  await goInside(page, "/home");
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
  const retry = page.getByRole("button", { name: "Could not load the unread count: Injected failure. Retry" });
  await expect(retry).toBeVisible();
  await expect(feed(page).getByRole("article").first()).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await keepShot(page, "notifications-count-failed.png");
  await page.evaluate(() => ((window as unknown as { __failCount?: boolean }).__failCount = false));
  await retry.click();
  await expect(navLink(page)).toHaveAccessibleName("Notifications 2 unread");
  await expect(retry).toHaveCount(0);
});

test("axe on /notifications at 1280 and 375 px, light and dark", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  await loginAsGuest(page);
  await adaActs(page);
  await noToasts(page);
  await goInside(page, "/notifications");
  const list = page.getByRole("list", { name: "Notifications, newest first" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  // The four looks on one page (issue 49: each was a test with a login of its own).
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await axeInBothThemes(page, "notifications");
  }
});
