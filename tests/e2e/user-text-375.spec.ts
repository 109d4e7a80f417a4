// What people write keeps its own direction and is counted as the limits count it, at 375 px.
// Direction: a Hebrew or Arabic post, comment, bio or name reads right to left (dir="auto",
// as X, Threads and Mastodon do), an English one left to right, and the boxes people write
// in (the composer, the comment box, Edit profile's texts) follow what is typed in them.
// Counting: Edit profile's Bio and photo descriptions count characters as the Post and
// Comment counters and the API do (an emoji is one), not UTF-16 units: 200 emoji in the Bio
// said "-150" (150 over the limit of 250) although the API takes them.
import { expect, test, type Locator, type Page } from "./fixtures";
import { loginAsGuest, postWith, shoot, watchErrors } from "./screen-helpers";
import { apiCall } from "./microblog-helpers";

test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "reduce" });

const HEBREW_POST = "שלום לכולם! מה שלומכם היום?";
const ARABIC_COMMENT = "مرحبا، كيف حالك؟";
const HEBREW_BIO = "מפתחת. אוהבת קפה (הרבה).";
const HEBREW_NAME = "דנה!";

/** How far the inked text of `row`'s element matching `selector` ends from the row's right edge, in px. */
const rightGap = (row: Locator, selector: string) =>
  row.evaluate((rowEl, selector) => {
    const range = document.createRange();
    range.selectNodeContents(rowEl.querySelector(selector)!);
    return rowEl.getBoundingClientRect().right - range.getBoundingClientRect().right;
  }, selector);

/** The direction the element resolved to: "rtl" or "ltr". */
const direction = (locator: Locator) => locator.evaluate((el) => (el.matches(":dir(rtl)") ? "rtl" : "ltr"));

async function guestToken(page: Page) {
  const login = await apiCall(page, "POST", "/auth/login", { body: { username: "guest", password: "guest1234" } });
  return login.body.encodedToken as string;
}

test("right-to-left posts, comments, bios and names read right to left; English stays left to right", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const token = await guestToken(page);
  const made = await apiCall(page, "POST", "/posts", { token, body: { postData: { content: HEBREW_POST } } });
  expect(made.status).toBe(201);
  const postId = (made.body.posts as { _id: string; content: string }[]).find((p) => p.content === HEBREW_POST)!._id;
  const comment = await apiCall(page, "POST", `/comments/add/${postId}`, {
    token,
    body: { commentData: { comment: { commentVal: ARABIC_COMMENT } } },
  });
  expect(comment.status).toBe(201);
  const edit = await apiCall(page, "POST", "/users/edit", {
    token,
    body: { userData: { firstName: HEBREW_NAME, lastName: "", bio: HEBREW_BIO } },
  });
  expect(edit.status).toBe(201);

  await page.goto("/home");
  const card = postWith(page, HEBREW_POST);
  await expect(card).toBeVisible();
  expect(await direction(card.locator(".post-card__content"))).toBe("rtl");
  expect(await direction(card.locator(".post-card__name bdi"))).toBe("rtl");
  const english = postWith(page, "Hiring senior");
  expect(await direction(english.locator(".post-card__content"))).toBe("ltr");

  // The composer follows what is typed.
  const composer = page.getByRole("region", { name: "Create a post" }).getByRole("textbox", { name: "What's happening?" });
  await composer.fill("בוקר טוב");
  expect(await direction(composer)).toBe("rtl");
  await composer.fill("Good morning");
  expect(await direction(composer)).toBe("ltr");
  await composer.fill("");

  // The comment sheet: the post it answers, the Arabic comment, the comment box.
  await card.getByRole("button", { name: "Comment" }).click();
  const sheet = page.getByRole("dialog", { name: "Add comment" });
  expect(await direction(sheet.locator(".replied-post__text"))).toBe("rtl");
  expect(await direction(sheet.locator(".comment__text"))).toBe("rtl");
  // Aligned right, on the comment row's right edge, as the post's text is on the card's.
  expect(await rightGap(sheet.locator(".comment"), ".comment__text")).toBeLessThanOrEqual(1);
  expect(await direction(sheet.locator(".comment__name bdi"))).toBe("rtl");
  const box = sheet.getByPlaceholder("Write a comment...");
  await box.fill("תגובה קצרה");
  expect(await direction(box)).toBe("rtl");
  await shoot(page, "rtl-comment-sheet");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "rtl-comment-sheet");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await shoot(page, "rtl-feed");

  // The profile: name and bio; Edit profile's Bio follows its text.
  await page.goto("/profile/guest");
  const bio = page.locator(".profile__bio");
  await expect(bio).toHaveText(HEBREW_BIO);
  expect(await direction(bio)).toBe("rtl");
  expect(await direction(page.locator(".profile__name bdi"))).toBe("rtl");
  await shoot(page, "rtl-profile");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "rtl-profile");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  expect(await direction(dialog.getByLabel("Bio", { exact: true }))).toBe("rtl");
  expect(await direction(dialog.getByLabel("Name", { exact: true }))).toBe("rtl");
  expect(errors).toEqual([]);
});

test("Edit profile counts the Bio and the photo descriptions in characters, an emoji as one", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  // A saved bio of 10 emoji is counted as 10 when the dialog opens.
  const edit = await apiCall(page, "POST", "/users/edit", { token: await guestToken(page), body: { userData: { bio: "🙂".repeat(10) } } });
  expect(edit.status).toBe(201);
  await page.goto("/profile/guest");
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  const bioCounter = dialog.locator("#edit-profile-bio-counter");
  await expect(bioCounter).toContainText("240 characters left");

  await dialog.getByLabel("Bio", { exact: true }).fill("😀".repeat(200));
  await expect(bioCounter.locator('[aria-hidden="true"]')).toHaveText("50");
  await expect(bioCounter).toContainText("50 characters left");
  await expect(bioCounter).not.toHaveClass(/counter--over/);

  const alt = dialog.getByLabel("Avatar description (alt text, optional)");
  await alt.fill("🌍".repeat(100));
  await expect(dialog.locator("#edit-profile-avatar-alt-counter")).toContainText("900 characters left");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 812 });
    await bioCounter.scrollIntoViewIfNeeded();
    await shoot(page, "edit-profile-emoji");
  }

  // And the API takes what the counter allows.
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(".profile__bio")).toHaveText("😀".repeat(200));
  expect(errors).toEqual([]);
});

test("a right-to-left name in the people lists' headings and the post page's heading is isolated for direction", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const token = await guestToken(page);
  const edit = await apiCall(page, "POST", "/users/edit", { token, body: { userData: { firstName: HEBREW_NAME, lastName: "" } } });
  expect(edit.status).toBe(201);
  const made = await apiCall(page, "POST", "/posts", { token, body: { postData: { content: "A post by a Hebrew name" } } });
  const postId = (made.body.posts as { _id: string; content: string }[]).find((p) => p.content === "A post by a Hebrew name")!._id;
  for (const [path, heading] of [
    ["/profile/guest/followers", `People following ${HEBREW_NAME}`],
    ["/profile/guest/following", `People ${HEBREW_NAME} follows`],
  ]) {
    await page.goto(path);
    const h1 = page.getByRole("heading", { level: 1, name: heading });
    await expect(h1).toBeVisible();
    // The name alone is isolated: "People following" stays where it is, whatever the name's direction.
    await expect(h1.locator("bdi")).toHaveText(HEBREW_NAME);
    expect(await direction(h1.locator("bdi"))).toBe("rtl");
    expect(await direction(h1)).toBe("ltr");
    await shoot(page, `rtl-${path.split("/").pop()}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, `rtl-${path.split("/").pop()}`);
    await page.setViewportSize({ width: 375, height: 812 });
  }
  await page.goto(`/post/${postId}`);
  const h1 = page.getByRole("heading", { level: 1, name: `Post by ${HEBREW_NAME}` });
  await expect(h1.locator("bdi")).toHaveText(HEBREW_NAME);
  expect(await direction(h1.locator("bdi"))).toBe("rtl");
  expect(errors).toEqual([]);
});
