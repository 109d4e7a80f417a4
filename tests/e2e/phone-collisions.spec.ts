// Phone collisions (issue 34): at 375 px a toast never covers the field being typed
// in or the control just used (the comment sheet's box after Reply, the post page's
// reply box), the post header keeps the handle readable (the name gives way first),
// the tab bar's six labels do not touch, and Edit profile's change/remove buttons sit
// beside the photos, not on them. The header and Edit profile are checked at 1280 px too.
import { expect, expectToast, holdToasts, test, toastsAtRest, type Locator, type Page } from "./fixtures";
import { feed, inked, loginAsGuest, overlaps, postWith, watchErrors, type Box } from "./screen-helpers";
import { keepShot } from "./helpers";

// The toast is measured where it rests, so it stays (held) and comes in without motion.
test.use({ reducedMotion: "reduce" });

const boxOf = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;

async function toastBox(page: Page, text: string): Promise<Box> {
  await expectToast(page, text);
  const toast = page.locator(".Toastify__toast").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toastsAtRest(page);
  return boxOf(toast);
}

test.describe("at 375 px", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
  });

  test("after Reply in the comment sheet the toast covers neither the comment box nor Reply", async ({ page }) => {
    const errors = watchErrors(page);
    await holdToasts(page);
    await loginAsGuest(page);
    await postWith(page, "Offsite by the sea.").getByRole("button", { name: "Comment" }).click();
    const dialog = page.getByRole("dialog", { name: "Add comment" });
    const box = dialog.getByPlaceholder("Write a comment...");
    await expect(box).toBeFocused();
    await box.fill("Looks like a great offsite!");
    const reply = dialog.getByRole("button", { name: "Reply" });
    await reply.click();
    const toast = await toastBox(page, "comment added successfully!");
    await keepShot(page, `comment-sheet-toast-375.png`);
    expect(overlaps(toast, await boxOf(box)), "toast over the comment box").toBe(false);
    expect(overlaps(toast, await boxOf(reply)), "toast over Reply").toBe(false);
    // Whatever has focus now is clear of it too.
    const focused = page.locator(":focus");
    if ((await focused.count()) > 0) expect(overlaps(toast, await boxOf(focused))).toBe(false);
    expect(errors).toEqual([]);
  });

  test("a toast while a low field has focus comes from the top, clear of that field", async ({ page }) => {
    await holdToasts(page);
    await loginAsGuest(page);
    await expectToast(page, "LoggedIn successfully");
    const first = feed(page).getByRole("article").first();
    await first.getByRole("link", { name: /^(now|\d+[smhd]|\w+ \d+), / }).click();
    const replyBox = page.getByPlaceholder("Write a comment...");
    // The reply box low on the screen, as a thumb would have it.
    await replyBox.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 120));
    await replyBox.fill("From the bottom");
    await expect(replyBox).toBeFocused();
    await page.getByRole("button", { name: "Reply" }).click();
    const toast = await toastBox(page, "comment added successfully!");
    await keepShot(page, `post-page-toast-375.png`);
    expect(overlaps(toast, await boxOf(replyBox)), "toast over the reply box").toBe(false);
    const focused = page.locator(":focus");
    if ((await focused.count()) > 0) expect(overlaps(toast, await boxOf(focused)), "toast over the focused control").toBe(false);
  });

  // A Bookmark pressed in the lower half sent its toast to the top, over the post it was pressed on and the feed's
  // tabs; the toasts go up only when what has focus is where they would sit.
  test("a toast after a press in the middle of the screen stays at the bottom, off the post pressed", async ({ page }) => {
    await holdToasts(page);
    await loginAsGuest(page);
    await expectToast(page, "LoggedIn successfully");
    await page.evaluate(() => document.querySelectorAll<HTMLElement>(".Toastify__toast").forEach((toast) => toast.click()));
    const card = postWith(page, "Hiring senior engineers");
    const bookmark = card.getByRole("button", { name: /bookmark/i });
    await bookmark.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight * 0.6));
    await bookmark.click();
    const toast = await toastBox(page, "Added to Bookmarks !");
    await keepShot(page, `bookmark-toast-375.png`);
    expect(overlaps(toast, await boxOf(card)), "toast over the post pressed").toBe(false);
    const tabBar = await boxOf(page.getByRole("navigation", { name: "Main" }));
    expect(toast.y).toBeGreaterThan(tabBar.y - 120);
  });

  test("the tab bar's labels keep apart", async ({ page }) => {
    await loginAsGuest(page);
    const tabs = page.getByRole("navigation", { name: /main|primary/i }).getByRole("link");
    const labels = ["Home", "Explore", "Notifications", "Bookmarks", "Profile", "Settings"];
    const boxes: Box[] = [];
    for (const label of labels) boxes.push(await inked(page.locator(".nav-item__label", { hasText: label }).first()));
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i].x - (boxes[i - 1].x + boxes[i - 1].width), `${labels[i - 1]} | ${labels[i]}`).toBeGreaterThanOrEqual(6);
    expect(await tabs.count()).toBe(6);
    await keepShot(page.locator(".sidebar__nav"), `tabbar-375.png`);
  });
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 812 });
    });

    test("the post header keeps the handle whole; the name gives way first", async ({ page }) => {
      await loginAsGuest(page);
      const card = postWith(page, "Offsite by the sea.");
      const handle = card.locator(".post-card__handle");
      await expect(handle).toBeVisible();
      const cut = await handle.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut, "the handle is cut").toBe(false);
      await expect(handle).toHaveText(/^@\w+$/);
      await keepShot(card.locator("header"), `post-header-${width}.png`);
    });

    test("Edit profile's change and remove buttons sit beside the photos, not on them", async ({ page }) => {
      await loginAsGuest(page);
      await page.goto("/profile/guest");
      await page.getByRole("button", { name: "Edit profile" }).click();
      const dialog = page.getByRole("dialog", { name: /Edit profile/i });
      const cover = dialog.locator(".photo-picker--cover .photo-picker__preview");
      const avatar = dialog.locator(".photo-picker--avatar .photo-picker__preview");
      await expect(avatar).toBeVisible();
      for (const [photo, controls] of [
        [cover, [dialog.locator("label", { hasText: "Change cover photo" }), dialog.getByRole("button", { name: "Remove cover photo" })]],
        [avatar, [dialog.locator("label", { hasText: "Change avatar" }), dialog.getByRole("button", { name: "Remove avatar" })]],
      ] as const) {
        const photoBox = await boxOf(photo);
        for (const control of controls)
          expect(overlaps(photoBox, await boxOf(control)), `${await control.textContent()} on its photo`).toBe(false);
      }
      expect(overlaps(await boxOf(cover), await boxOf(avatar))).toBe(false);
      await keepShot(page, `edit-profile-${width}.png`);
    });
  });
}
