// Photos by reference: a real-size avatar and post picture travel as
// /api/photos/... references, which the app fetches once through the mock and
// shows from data: URLs (never blob: URLs, which would carry the app's origin
// into a tab of their own) — on the profile, the sidebar chip, posts and comments.
// The session keeps the reference, not the photo; an edit that keeps the photo
// sends the reference back and the photo stays.
import { expect, test, type Locator, type Page } from "./fixtures";
import { feed, loginAsGuest, postWith, expectToast, watchErrors } from "./screen-helpers";

/** A noisy PNG (hundreds of kB) drawn by the browser itself: far above what answers keep inline. */
async function noisyPng(page: Page, size: number): Promise<Buffer> {
  const base64 = await page.evaluate((n) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = n;
    const ctx = canvas.getContext("2d")!;
    const image = ctx.createImageData(n, n);
    let x = 2463534242;
    for (let i = 0; i < image.data.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      image.data[i] = i % 4 === 3 ? 255 : x & 255;
    }
    ctx.putImageData(image, 0, 0);
    return canvas.toDataURL("image/png").split(",")[1];
  }, size);
  return Buffer.from(base64, "base64");
}

async function expectLoaded(img: Locator, width: number) {
  await expect(img).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(width);
}

test("a large avatar and picture are fetched by reference and shown everywhere; keeping them keeps them", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const avatar = await noisyPng(page, 200);
  expect(avatar.length).toBeGreaterThan(50_000);

  await page.goto("/profile/guest");
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  await dialog.getByLabel("Change avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: avatar });
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectToast(page, "updated successfully");

  const header = page.getByRole("region", { name: "Guest Developer" });
  await expectLoaded(header.locator(".profile__avatar img"), 200);
  await expectLoaded(page.getByRole("button", { name: "Account menu for @guest" }).locator("img"), 200);
  await expectLoaded(feed(page).getByRole("article").first().locator(".post-card__avatar img"), 200);
  // The session holds the short reference, not 200 kB of photo.
  const session = await page.evaluate(() => localStorage.getItem("userinfo") ?? "");
  expect(session).toMatch(/"userPhoto":"\/api\/photos\/users\/[^"]+\/userPhoto\?v=\w+"/);
  expect(session.length).toBeLessThan(5_000);
  const ref = JSON.parse(session).userPhoto as string;

  // Keeping the photo while changing the bio: the form sends the reference back, the photo stays.
  await page.getByRole("button", { name: "Edit profile" }).click();
  await expectLoaded(dialog.locator(".photo-picker--avatar img"), 200);
  await dialog.getByLabel("Bio", { exact: true }).fill("Same face, new words.");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectToast(page, "updated successfully");
  await expect(header).toContainText("Same face, new words.");
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("userinfo"))) ?? "{}").userPhoto).toBe(ref);
  await expectLoaded(header.locator(".profile__avatar img"), 200);

  // A picture post and a comment: both quote by reference; after a reload too.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  const composer = page.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill("A big picture");
  await composer.getByLabel("Add an image").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: await noisyPng(page, 300) });
  await composer.getByRole("button", { name: "Post" }).click();
  await expectToast(page, "Post created successfully");
  const mine = postWith(page, "A big picture");
  await expectLoaded(mine.getByRole("img", { name: /Picture posted by Guest/ }), 300);
  await mine.getByRole("button", { name: "Comment" }).click();
  const comments = page.getByRole("dialog", { name: "Add comment" });
  await comments.getByPlaceholder("Write a comment...").fill("Looks sharp");
  await comments.getByRole("button", { name: "Reply" }).click();
  await expectToast(page, "comment added successfully!");
  await expectLoaded(comments.getByRole("listitem").filter({ hasText: "Looks sharp" }).locator("img"), 200);
  await page.keyboard.press("Escape");

  await page.reload();
  await expectLoaded(postWith(page, "A big picture").getByRole("img", { name: /Picture posted by Guest/ }), 300);
  await expectLoaded(postWith(page, "A big picture").locator(".post-card__avatar img"), 200);
  // No photo is a blob: page that could be opened as this app.
  await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);

  // The tester shows an image answer as a note and the picture.
  await page.goto("/mockman");
  await page.getByLabel("Endpoint").fill(ref);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(/^\(binary body: image\/png, [\d,]+ bytes\)$/)).toBeVisible();
  const shown = page.getByRole("img", { name: "What the response holds" });
  await expect.poll(() => shown.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(200);
  expect(errors).toEqual([]);
});
