// Issue 47, as a Bluesky user expects it: the comment dialog shows the post it answers; comments link
// @mentions, #tags and URLs as posts do (and stay text, never HTML); your own post's Edit and Delete
// sit in an accessible "…" menu, so a name never shrinks for them; pictures open in a full-screen
// dark viewer (Escape, a click outside, a swipe down close it); the focus ring on a post's control
// never covers its count. Each at 375 and 1280 px, axe-clean in light and dark with the dialog, the
// menu and the viewer open. SHOTS_DIR=/some/dir keeps screenshots of each (shoot()).
import { expect, test, type Locator, type Page } from "./fixtures";
import {
  expectToast,
  feed,
  loginAsGuest,
  PNG_1x1,
  postAction,
  postMenuButton,
  postWith,
  seriousViolationsInPage,
  watchErrors,
} from "./helpers";
import { createPost } from "./microblog-helpers";
import { inked, overlaps, shoot, systemTheme } from "./screen-helpers";

const SEA = "Offsite by the sea.";
const MINE = "Spent the afternoon deleting code.";

/** axe, serious and critical, in the light theme and then the dark one (back to light after). */
async function cleanInBothThemes(page: Page) {
  for (const scheme of ["light", "dark"] as const) {
    await systemTheme(page, scheme);
    expect(await seriousViolationsInPage(page), scheme).toEqual([]);
  }
  await systemTheme(page, "light");
}

/** Opens a card's comment dialog. */
async function openComments(card: Locator) {
  await card.getByRole("button", { name: "Comment" }).click();
  const dialog = card.page().getByRole("dialog", { name: "Add comment" });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
      await page.emulateMedia({ reducedMotion: "reduce" });
    });

    test("the comment dialog shows the post it answers: author, text and its picture's thumbnail", async ({ page }) => {
      const errors = watchErrors(page);
      await loginAsGuest(page);
      const dialog = await openComments(postWith(page, SEA));
      const replied = dialog.getByRole("region", { name: "Replying to Lena Okafor" });
      await expect(replied).toBeVisible();
      await expect(replied.getByText("Lena Okafor", { exact: true })).toBeVisible();
      await expect(replied.getByText("@lenaokafor", { exact: true })).toBeVisible();
      await expect(replied.getByText("Offsite by the sea. The team planned Q3 in one morning and swam all afternoon.")).toBeVisible();
      const thumb = replied.getByRole("img", { name: "Picture posted by Lena" });
      await expect(thumb).toBeVisible();
      await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      // Above the comment field, as in Bluesky's reply composer; the spec's texts and limit stay.
      const box = dialog.getByPlaceholder("Write a comment...");
      await expect(box).toBeFocused();
      expect((await replied.boundingBox())!.y).toBeLessThan((await box.boundingBox())!.y);
      await expect(dialog.getByRole("button", { name: "Reply" })).toBeVisible();
      // The whole dialog fits the window (a sheet on a phone).
      const d = (await dialog.boundingBox())!;
      expect(d.y).toBeGreaterThanOrEqual(0);
      expect(d.y + d.height).toBeLessThanOrEqual(page.viewportSize()!.height + 1);
      await shoot(page, "comment-dialog");
      await cleanInBothThemes(page);
      await box.fill("y".repeat(61));
      await dialog.getByRole("button", { name: "Reply" }).click();
      await expect(dialog.getByText("Comment must be at most 60 characters")).toBeVisible();
      await page.keyboard.press("Escape");

      // A post without a picture: no thumbnail, nothing waiting for one.
      const plain = await openComments(postWith(page, "Fundraising tip"));
      const plainReplied = plain.getByRole("region", { name: "Replying to Marco Reyes" });
      await expect(plainReplied).toContainText("Fundraising tip: the best deck is a product people already use.");
      await expect(plainReplied.locator(".replied-post__thumb")).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(plain).toHaveCount(0);

      await test.step("after the comment dialog closes, the focus ring on Comment leaves its count readable", async () => {
        const card = postWith(page, SEA);
        const comment = card.getByRole("button", { name: "Comment" });
        await comment.focus();
        await page.keyboard.press("Enter");
        await expect(page.getByRole("dialog", { name: "Add comment" })).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(comment).toBeFocused();
        expect(await comment.evaluate((el) => el.matches(":focus-visible"))).toBe(true);
        // Where the ring is drawn: the button's box grown by the outline's offset and width.
        const ring = await comment.evaluate((el) => {
          const s = getComputedStyle(el);
          const grow = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth);
          const r = el.getBoundingClientRect();
          return { style: s.outlineStyle, box: { x: r.x - grow, y: r.y - grow, width: r.width + 2 * grow, height: r.height + 2 * grow } };
        });
        expect(ring.style).toBe("solid");
        const count = await inked(card.locator(".control__count").nth(1).locator('[aria-hidden="true"]'));
        expect(overlaps(ring.box, count)).toBe(false);
        await shoot(page, "comment-focus-ring");
      });
      expect(errors).toEqual([]);
    });

    // What a comment links, and that its text never becomes HTML, is the comment text's own (app/lib/rich-text.ts,
    // one component at every width): checked at 375 px only; the dialog's layout is checked at both above.
    if (width === 375)
      test("a comment links @mentions, #tags and URLs as a post does; what it holds never becomes HTML", async ({ page }) => {
        const errors = watchErrors(page);
        const dialogs: string[] = [];
        page.on("dialog", (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        await loginAsGuest(page);
        const card = postWith(page, SEA);
        const dialog = await openComments(card);
        const box = dialog.getByPlaceholder("Write a comment...");
        const reply = dialog.getByRole("button", { name: "Reply" });
        const linked = "@guest #Sunset https://example.com/a @nobody12";
        await box.fill(linked);
        await reply.click();
        await expectToast(page, "comment added successfully!");
        const payload = `<img src=x onerror="window.__pwned=1">`;
        await box.fill(payload);
        await reply.click();
        await expect(dialog.locator(".comment")).toHaveCount(2);

        const check = async (where: Locator) => {
          const comment = where.locator(".comment").filter({ hasText: "#Sunset" });
          await expect(comment.getByRole("link", { name: "@guest" })).toHaveAttribute("href", "/profile/guest");
          await expect(comment.getByRole("link", { name: "#Sunset" })).toHaveAttribute("href", "/tags/sunset");
          const url = comment.getByRole("link", { name: "https://example.com/a" });
          await expect(url).toHaveAttribute("href", "https://example.com/a");
          await expect(url).toHaveAttribute("target", "_blank");
          await expect(url).toHaveAttribute("rel", "noopener noreferrer");
          // Nobody is @nobody12: plain text, as in a post.
          await expect(comment.getByText("@nobody12")).toBeVisible();
          await expect(comment.getByRole("link", { name: "@nobody12" })).toHaveCount(0);
          await expect(comment.getByRole("link")).toHaveCount(3);
          // The payload shows as the characters it is: no element, no handler, nothing ran.
          const hostile = where.locator(".comment").filter({ hasText: "onerror" });
          await expect(hostile.locator(".comment__text")).toHaveText(payload);
          await expect(hostile.locator(".comment__text img")).toHaveCount(0);
        };
        await check(dialog);
        expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
        // A tag link in a comment leads where a post's does.
        await dialog.locator(".comment").getByRole("link", { name: "#Sunset" }).click();
        await expect(page).toHaveURL(/\/tags\/sunset$/);

        // The post page lists the same comments, linked the same way.
        await page.goto("/home");
        await postWith(page, SEA).locator('a[href^="/post/"]').first().click();
        await expect(page.getByRole("heading", { name: "Post by Lena" })).toBeAttached();
        await check(page.locator("main"));
        expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
        expect(dialogs).toEqual([]);
        expect(errors).toEqual([]);
      });

    test("your own post's Edit and Delete are in a '…' menu: the name is whole, and the menu works from the keyboard", async ({ page }) => {
      const errors = watchErrors(page);
      await loginAsGuest(page);
      const card = postWith(page, MINE);
      // Nothing in the header but who and when: the name is not cut ("Guest De…" before).
      await expect(card.locator("header").getByRole("button")).toHaveCount(0);
      const name = card.getByRole("link", { name: "Guest Developer" });
      await expect(name).toHaveText("Guest Developer");
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // Only your own posts have the menu.
      await expect(postMenuButton(postWith(page, "Fundraising tip"))).toHaveCount(0);

      const more = postMenuButton(card);
      const menu = page.getByRole("menu");
      await expect(more).toHaveAttribute("aria-haspopup", "menu");
      await expect(more).toHaveAttribute("aria-expanded", "false");
      // Enter opens it on its first item; the arrows go round; Escape closes it and focus comes back.
      await more.focus();
      await page.keyboard.press("Enter");
      await expect(menu).toBeVisible();
      await expect(more).toHaveAttribute("aria-expanded", "true");
      await expect(menu.getByRole("menuitem")).toHaveText(["Edit post", "Delete post"]);
      await expect(menu.getByRole("menuitem", { name: "Edit post" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: "Delete post" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: "Edit post" })).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(menu.getByRole("menuitem", { name: "Delete post" })).toBeFocused();
      // Inside the window, beside its button.
      const m = (await menu.boundingBox())!;
      expect(m.x).toBeGreaterThanOrEqual(0);
      expect(m.x + m.width).toBeLessThanOrEqual(width);
      expect(m.y + m.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      await shoot(page, "post-menu");
      await cleanInBothThemes(page);
      await page.keyboard.press("Escape");
      await expect(menu).toHaveCount(0);
      await expect(more).toBeFocused();
      await expect(more).toHaveAttribute("aria-expanded", "false");
      // Space and ArrowDown open it on the first item, ArrowUp on the last.
      await page.keyboard.press("Space");
      await expect(menu.getByRole("menuitem", { name: "Edit post" })).toBeFocused();
      await page.keyboard.press("Escape");
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: "Edit post" })).toBeFocused();
      await page.keyboard.press("Escape");
      await page.keyboard.press("ArrowUp");
      await expect(menu.getByRole("menuitem", { name: "Delete post" })).toBeFocused();
      // Enter on Delete post asks first; Escape there brings focus back to the "…" button.
      await page.keyboard.press("Enter");
      const ask = page.getByRole("alertdialog", { name: "Delete post?" });
      await expect(ask).toContainText("The post, its comments and its likes go for good. This cannot be undone.");
      await expect(menu).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(ask).toHaveCount(0);
      await expect(more).toBeFocused();
      // A click elsewhere closes the menu too.
      await more.click();
      await expect(menu).toBeVisible();
      await page.getByRole("heading", { name: "Homepage" }).click();
      await expect(menu).toHaveCount(0);

      // Edit post from the menu edits; Delete post deletes, with the toast-free card removal it always had.
      await createPost(page, "Edited from the menu");
      const fresh = postWith(page, "Edited from the menu");
      await postAction(fresh, "Edit post");
      const edit = page.getByRole("dialog", { name: "Edit post" });
      await edit.getByRole("textbox", { name: "Post text" }).fill("Edited from the menu, twice");
      await edit.getByRole("button", { name: "Save" }).click();
      await expectToast(page, "Post updated");
      await expect(postMenuButton(postWith(page, "Edited from the menu, twice"))).toBeFocused();
      await postAction(postWith(page, "Edited from the menu, twice"), "Delete post");
      await page.getByRole("alertdialog", { name: "Delete post?" }).getByRole("button", { name: "Delete" }).click();
      await expect(feed(page).getByRole("article").filter({ hasText: "Edited from the menu" })).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test("a picture opens full screen on a dark backdrop, its description below; Escape, a click outside and a swipe down close it", async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await loginAsGuest(page);
      const composer = page.getByRole("region", { name: "Create a post" });
      await composer.getByLabel("Add an image").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG_1x1 });
      await composer.getByRole("textbox", { name: "What's happening?" }).fill("A dot to view");
      await composer.getByLabel("Image description (alt text, optional)").fill("One grey dot");
      await composer.getByRole("button", { name: "Post" }).click();
      await expectToast(page, "Post created successfully");

      // A seeded picture without a description first.
      const opener = postWith(page, SEA).getByRole("button", { name: "Picture posted by Lena" });
      await expect(opener).toHaveAttribute("aria-haspopup", "dialog");
      await opener.focus();
      await page.keyboard.press("Enter");
      const viewer = page.getByRole("dialog", { name: "Picture posted by Lena" });
      await expect(viewer).toBeVisible();
      await expect(viewer).toHaveAttribute("aria-modal", "true");
      const close = viewer.getByRole("button", { name: "Close" });
      await expect(close).toBeFocused();
      const img = viewer.getByRole("img", { name: "Picture posted by Lena" });
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const size = page.viewportSize()!;
      // The whole window, dark in either theme; the picture whole inside it, the description under it.
      for (const scheme of ["light", "dark"] as const) {
        await systemTheme(page, scheme);
        expect(await viewer.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(0, 0, 0)");
      }
      await systemTheme(page, "light");
      expect(await viewer.boundingBox()).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
      const pic = (await img.boundingBox())!;
      expect(pic.x).toBeGreaterThanOrEqual(0);
      expect(pic.y).toBeGreaterThanOrEqual(0);
      expect(pic.x + pic.width).toBeLessThanOrEqual(size.width);
      expect(pic.width).toBeGreaterThan(Math.min(size.width, 600) * 0.6);
      const none = viewer.getByText("No description.", { exact: true });
      await expect(none).toBeVisible();
      const below = (await none.boundingBox())!;
      expect(below.y).toBeGreaterThanOrEqual(pic.y + pic.height - 1);
      expect(below.y + below.height).toBeLessThanOrEqual(size.height);
      // A short description reads centred under the picture, not at the left of a wide empty column.
      const words = await inked(none);
      expect(Math.abs(words.x + words.width / 2 - (pic.x + pic.width / 2)), "the words centred under the picture").toBeLessThanOrEqual(2);
      // Focus stays inside.
      await page.keyboard.press("Tab");
      await expect(close).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(close).toBeFocused();
      await shoot(page, "viewer");
      await cleanInBothThemes(page);
      await page.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);
      await expect(opener).toBeFocused();

      // A click on the picture keeps it; a click beside it (the top band, away from Close) closes it.
      await opener.click();
      await expect(viewer).toBeVisible();
      await img.click();
      await expect(viewer).toBeVisible();
      await page.mouse.click(size.width - 8, 24);
      await expect(viewer).toHaveCount(0);
      await expect(opener).toBeFocused();

      // A short drag down springs back; a drag of over 100 px closes it.
      await opener.click();
      const at = (await img.boundingBox())!;
      const x = at.x + at.width / 2;
      const y = at.y + at.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 60, { steps: 6 });
      await page.mouse.up();
      await expect(viewer).toBeVisible();
      await expect.poll(async () => (await img.boundingBox())!.y).toBeCloseTo(at.y, 0);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 140, { steps: 8 });
      await page.mouse.up();
      await expect(viewer).toHaveCount(0);
      await expect(opener).toBeFocused();
      // Close closes it.
      await opener.click();
      await close.click();
      await expect(viewer).toHaveCount(0);

      // The author's description shows under the picture, which it names.
      const mine = postWith(page, "A dot to view").getByRole("button", { name: "One grey dot" });
      await mine.click();
      const described = page.getByRole("dialog", { name: "Picture posted by Guest" });
      await expect(described.getByRole("img", { name: "One grey dot" })).toBeVisible();
      await expect(described.getByText("One grey dot", { exact: true })).toBeVisible();
      await shoot(page, "viewer-described");
      await page.keyboard.press("Escape");
      await expect(mine).toBeFocused();
      expect(errors).toEqual([]);
    });
  });
}

test.describe("the comment sheet at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "reduce" });

  // "No comments yet" sat 12 px lower in its band than it should: 'Open post…' above it kept a margin
  // of its own on top of the sheet's gap, so the space above the line was larger than below it.
  test("the sheet's empty line sits midway between 'Open post' and the comment box", async ({ page }) => {
    await loginAsGuest(page);
    const dialog = await openComments(postWith(page, SEA));
    const empty = dialog.getByText("No comments yet. Be the first.");
    await expect(empty).toBeVisible();
    const text = await inked(empty);
    const below = (await dialog.locator(".comment-form").boundingBox())!.y;
    // Where its letters end, not its line box: the space under a line's letters is not seen (2.5 px more above).
    const open = await inked(dialog.locator(".comments__open"));
    const openBottom = open.y + open.height;
    const spaceAbove = text.y - openBottom;
    const spaceBelow = below - (text.y + text.height);
    expect(Math.abs(spaceAbove - spaceBelow), `above ${spaceAbove}, below ${spaceBelow}`).toBeLessThanOrEqual(1);
    await shoot(page, "comment-sheet-empty");
  });
});
