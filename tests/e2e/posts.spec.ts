// Feed and post actions (issue 4): compose with an image, like/unlike, comment,
// bookmark/unbookmark, delete, and everything still there after a reload.
import { expect, test, type Page } from "./fixtures";
import { expectToast, feed, loginAsGuest, PNG_1x1, postAction, postMenuButton, postWith, watchErrors } from "./helpers";

async function createPost(page: Page, content: string) {
  const composer = page.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill(content);
  await composer.getByRole("button", { name: "Post" }).click();
  await expectToast(page, "Post created successfully");
  await expect(postWith(page, content)).toBeVisible();
}

test("home shows every post newest first and 'Who to follow' without the current user", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const articles = feed(page).getByRole("article");
  await expect(articles).toHaveCount(6);
  await expect(articles.first()).toContainText("Ten years since my first company.");
  await expect(articles.last()).toContainText("Shipped our new edge region");
  await expect(articles.first()).toHaveAttribute("aria-posinset", "1");
  await expect(articles.first()).toHaveAttribute("aria-setsize", "6");
  const panel = page.getByRole("region", { name: "Who to follow" });
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  await expect(panel).not.toContainText("@guest");
  // Avatar and name open the author's profile.
  await expect(articles.first().getByRole("link", { name: "Marco Reyes" })).toHaveAttribute("href", "/profile/marcoreyes");
  // Relative time, full date on hover.
  const time = articles.first().locator("time");
  await expect(time).toHaveText(/^\d+[mhd]|now/);
  await expect(time).toHaveAttribute("title", /\d{4}/);
  await page.getByRole("link", { name: "Explore" }).click();
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
  await expect(feed(page).getByRole("article")).toHaveCount(6);
  expect(errors).toEqual([]);
});

test("the composer counts down from 210, checks images, posts with a picture and starts over", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const composer = page.getByRole("region", { name: "Create a post" });
  const box = composer.getByRole("textbox", { name: "What's happening?" });
  await expect(composer.getByText("210", { exact: true })).toBeVisible();
  await composer.getByRole("button", { name: "Post" }).click();
  await expect(composer.getByText("Post is required")).toBeVisible();
  await box.fill("x".repeat(211));
  await expect(composer.getByText("-1", { exact: true })).toBeVisible();
  await expect(composer.getByText("Post must be at most 210 characters")).toBeVisible();
  await box.fill("A picture from the e2e run");
  await expect(composer.getByText(String(210 - "A picture from the e2e run".length), { exact: true })).toBeVisible();

  const picker = composer.getByLabel("Add an image");
  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(composer.getByRole("alert")).toContainText("Choose an image of type");
  await expect(composer.getByRole("img", { name: "Preview of the image to post" })).toHaveCount(0);
  await picker.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(composer.getByRole("alert")).toContainText("larger than 2 MB");
  await expect(composer.getByRole("img", { name: "Preview of the image to post" })).toHaveCount(0);

  await picker.setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG_1x1 });
  await expect(composer.getByRole("img", { name: "Preview of the image to post" })).toBeVisible();
  await composer.getByRole("button", { name: "Remove image" }).click();
  await expect(composer.getByRole("img", { name: "Preview of the image to post" })).toHaveCount(0);
  await picker.setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG_1x1 });
  await expect(composer.getByRole("img", { name: "Preview of the image to post" })).toBeVisible();

  await composer.getByRole("button", { name: "Post" }).click();
  await expectToast(page, "Post created successfully");
  const mine = feed(page).getByRole("article").first();
  await expect(mine).toContainText("A picture from the e2e run");
  await expect(mine.getByRole("img", { name: /Picture posted by Guest/ })).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(box).toHaveValue("");
  await expect(composer.getByText("210", { exact: true })).toBeVisible();
  await expect(composer.getByRole("img", { name: "Preview of the image to post" })).toHaveCount(0);

  await page.reload();
  await expect(postWith(page, "A picture from the e2e run").getByRole("img", { name: /Picture posted by Guest/ })).toBeVisible();
  expect(errors).toEqual([]);
});

/**
 * The like count as the mock has stored it. The heart flips before the mock answers (optimistic
 * UI); the mock runs requests one at a time, so this read returns after the like was committed.
 */
function storedLikes(page: Page, content: string) {
  return page.evaluate(async (content) => {
    const { posts } = await (await fetch("/api/posts")).json();
    return posts.find((p: { content: string }) => p.content.startsWith(content))?.likes.likeCount;
  }, content);
}

test("the heart likes and unlikes, the count follows at once and survives a reload", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const post = postWith(page, "Ten years since my first company.");
  const heart = post.getByRole("button", { name: "Like" });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(post.getByText("2,800", { exact: true })).toBeVisible();
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(post.getByText("2,801", { exact: true })).toBeVisible();
  await expect.poll(() => storedLikes(page, "Ten years since my first company.")).toBe(2801);
  await page.reload();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(post.getByText("2,801", { exact: true })).toBeVisible();
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(post.getByText("2,800", { exact: true })).toBeVisible();
  await expect.poll(() => storedLikes(page, "Ten years since my first company.")).toBe(2800);
  await page.reload();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(post.getByText("2,800", { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a comment goes through the 'Add comment' modal and stays after a reload", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const post = postWith(page, "Offsite by the sea.");
  const opener = post.getByRole("button", { name: "Comment" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Add comment" });
  const box = dialog.getByPlaceholder("Write a comment...");
  await expect(box).toBeFocused();
  await dialog.getByRole("button", { name: "Reply" }).click();
  await expect(dialog.getByText("Comment is required")).toBeVisible();
  await box.fill("y".repeat(61));
  await expect(dialog.getByText("Comment must be at most 60 characters")).toBeVisible();
  await box.fill("Looks like a great offsite!");
  await dialog.getByRole("button", { name: "Reply" }).click();
  await expectToast(page, "comment added successfully!");
  await expect(dialog.getByText("Looks like a great offsite!")).toBeVisible();
  await expect(box).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(post.getByText("1 comment")).toBeAttached();

  await page.reload();
  await postWith(page, "Offsite by the sea.").getByRole("button", { name: "Comment" }).click();
  await expect(page.getByRole("dialog", { name: "Add comment" }).getByText("Looks like a great offsite!")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the bookmark toggles with its toasts and survives a reload", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const post = postWith(page, "Fundraising tip");
  const mark = post.getByRole("button", { name: "Bookmark" });
  await expect(mark).toHaveAttribute("aria-pressed", "false");
  await mark.click();
  await expectToast(page, "Added to Bookmarks !");
  await expect(mark).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(mark).toHaveAttribute("aria-pressed", "true");
  await mark.click();
  await expectToast(page, "Removed from Bookmarks !");
  await expect(mark).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await expect(mark).toHaveAttribute("aria-pressed", "false");
  expect(errors).toEqual([]);
});

test('the "…" menu shows only on your own posts, and its Delete post deletes the post for good', async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  // The seed gives the guest one post; the others are not theirs.
  await expect(feed(page).getByRole("button", { name: "More actions" })).toHaveCount(1);
  await expect(postMenuButton(postWith(page, "Spent the afternoon deleting code."))).toBeVisible();
  await expect(postMenuButton(postWith(page, "Fundraising tip"))).toHaveCount(0);
  await createPost(page, "This one will be deleted");
  await postAction(postWith(page, "This one will be deleted"), "Delete post");
  // Delete asks first (issue 24); Cancel keeps the post.
  const ask = page.getByRole("alertdialog", { name: "Delete post?" });
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(postWith(page, "This one will be deleted")).toBeVisible();
  await postAction(postWith(page, "This one will be deleted"), "Delete post");
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(feed(page).getByRole("article").filter({ hasText: "This one will be deleted" })).toHaveCount(0);
  // The card goes before the mock answers (optimistic UI). The mock runs requests one at a time,
  // so a GET sent now returns only after the delete was committed to IndexedDB.
  await expect
    .poll(() => page.evaluate(async () => JSON.stringify(await (await fetch("/api/posts")).json())))
    .not.toContain("This one will be deleted");
  await page.reload();
  await expect(feed(page).getByRole("article")).toHaveCount(6);
  await expect(page.getByText("This one will be deleted")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("Post and Reply pressed twice before the page can show them busy (a double tap) send once", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  // Both presses in one task: the second lands before any render, as on a slow phone or a double click.
  const pressTwice = (button: ReturnType<Page["getByRole"]>) =>
    button.evaluate((b: HTMLButtonElement) => {
      b.click();
      b.click();
    });
  const composer = page.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill("Once, however fast the taps.");
  await pressTwice(composer.getByRole("button", { name: "Post" }));
  await expectToast(page, "Post created successfully");
  await postWith(page, "Offsite by the sea.").getByRole("button", { name: "Comment" }).click();
  const dialog = page.getByRole("dialog", { name: "Add comment" });
  await dialog.getByPlaceholder("Write a comment...").fill("One reply only");
  await pressTwice(dialog.getByRole("button", { name: "Reply" }));
  await expectToast(page, "comment added successfully!");
  await expect(dialog.getByText("One reply only")).toHaveCount(1);
  await page.keyboard.press("Escape");
  // What the store kept, read again: one of each.
  await page.reload();
  await expect(feed(page).getByRole("article").filter({ hasText: "Once, however fast the taps." })).toHaveCount(1);
  await postWith(page, "Offsite by the sea.").getByRole("button", { name: "Comment" }).click();
  await expect(page.getByRole("dialog", { name: "Add comment" }).getByText("One reply only")).toHaveCount(1);
  await expect(postWith(page, "Offsite by the sea.").getByText("1 comment")).toBeAttached();
  expect(errors).toEqual([]);
});
