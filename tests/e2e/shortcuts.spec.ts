// Keyboard shortcuts: j/k between posts, l/b/c on the focused post, n to write,
// / to explore, ? to list them, Ctrl/Cmd+Enter to post and to send a comment;
// never while typing; what changes is announced.
import { expect, test, type Page } from "./fixtures";
import { feed, loginAsGuest, noToasts, expectToast, watchErrors } from "./screen-helpers";

const status = (page: Page) => page.locator('p[role="status"][aria-live="polite"]');

test("j and k move between posts; l, b and c act on the focused one", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await noToasts(page);
  const posts = feed(page).getByRole("article");

  await page.keyboard.press("j");
  await expect(posts.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await expect(posts.nth(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(posts.nth(0)).toBeFocused();

  const like = posts.nth(0).getByRole("button", { name: "Like" });
  const wasLiked = (await like.getAttribute("aria-pressed")) === "true";
  await page.keyboard.press("l");
  await expect(like).toHaveAttribute("aria-pressed", String(!wasLiked));
  await expect(status(page)).toHaveText(wasLiked ? "Like removed" : "Liked");
  await expect(posts.nth(0)).toBeFocused();

  // The guest's seed bookmarks may include the first post: b toggles, whichever it was.
  const bookmark = posts.nth(0).getByRole("button", { name: "Bookmark" });
  const wasBookmarked = (await bookmark.getAttribute("aria-pressed")) === "true";
  await page.keyboard.press("b");
  await expect(bookmark).toHaveAttribute("aria-pressed", String(!wasBookmarked));
  await expect(status(page)).toHaveText(wasBookmarked ? "Bookmark removed" : "Bookmarked");
  await expectToast(page, wasBookmarked ? "Removed from Bookmarks !" : "Added to Bookmarks !");

  await page.keyboard.press("c");
  const dialog = page.getByRole("dialog", { name: "Add comment" });
  await expect(dialog).toBeVisible();
  // A shortcut letter typed into the comment box is text, not a command.
  await page.keyboard.type("just kidding");
  await expect(dialog.getByRole("textbox")).toHaveValue("just kidding");
  await page.keyboard.press("Control+Enter");
  await expectToast(page, "comment added successfully!");
  expect(errors).toEqual([]);
});

test("n writes a post that Ctrl+Enter sends; / goes to Explore; n from there comes back to write", async ({ page }) => {
  await loginAsGuest(page);
  await page.keyboard.press("n");
  const composer = page.getByRole("region", { name: "Create a post" }).getByRole("textbox");
  await expect(composer).toBeFocused();
  await page.keyboard.type("Posted from the keyboard, j and k included");
  await expect(composer).toHaveValue("Posted from the keyboard, j and k included");
  await page.keyboard.press("Control+Enter");
  await expectToast(page, "Post created successfully");
  await expect(feed(page).getByRole("article").first()).toContainText("Posted from the keyboard");

  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("/");
  await expect(page).toHaveURL(/\/explore$/);
  // Every text box the composer is given on the way back: the post's answer is kept by its fetcher across
  // screens, and a composer that replayed its reset on opening again swapped the box n had just focused for
  // a new one (clean clone f2: "inactive" for 30 s).
  await page.evaluate(() => {
    const boxes = new Set<Element>();
    (window as unknown as { __composerBoxes: Set<Element> }).__composerBoxes = boxes;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element)
            for (const box of [node, ...node.querySelectorAll("textarea")])
              if (box.matches('section[aria-label="Create a post"] textarea')) boxes.add(box);
    }).observe(document.body, { subtree: true, childList: true });
  });
  await page.keyboard.press("n");
  await expect(page).toHaveURL(/\/home$/);
  const composerBox = page.getByRole("region", { name: "Create a post" }).getByRole("textbox");
  await expect(composerBox).toBeFocused();
  await page.keyboard.type("and again");
  await expect(composerBox).toHaveValue("and again");
  expect(await page.evaluate(() => (window as unknown as { __composerBoxes: Set<Element> }).__composerBoxes.size)).toBe(1);
});

test("? lists every shortcut in a dialog that Escape closes", async ({ page }) => {
  await loginAsGuest(page);
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  for (const does of ["Next post", "Previous post", "Like or unlike the post", "Write a new post", "Go to Explore"]) {
    await expect(dialog.getByText(does, { exact: true })).toBeVisible();
  }
  // Shortcuts rest while a dialog is open.
  await page.keyboard.press("/");
  await expect(page).toHaveURL(/\/home$/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
