// Alt text: the composer takes an image's description (counted), the post shows
// it as the image's alt with an ALT badge that reveals it, it survives a
// reload; Settings can require it; the profile photos take one too.
import { expect, test, type Page } from "./fixtures";
import { PNG_1x1, feed, loginAsGuest, noToasts, expectToast, watchErrors } from "./screen-helpers";

const composer = (page: Page) => page.getByRole("region", { name: "Create a post" });

async function attachImage(page: Page) {
  await composer(page).getByLabel("Add an image").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG_1x1 });
  await expect(composer(page).getByRole("img", { name: "Preview of the image to post" })).toBeVisible();
}

test("an image's description: typed and counted in the composer, shown as alt and behind the ALT badge, kept across a reload", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await expect(composer(page).getByLabel(/Image description/)).toHaveCount(0);
  await attachImage(page);
  const description = composer(page).getByLabel("Image description (alt text, optional)");
  await composer(page).getByRole("textbox", { name: "What's happening?" }).fill("A tiny picture");
  await description.fill("A single black pixel on white");
  await expect(composer(page).getByText("971 characters left")).toBeAttached();
  await composer(page).getByRole("button", { name: "Post" }).click();
  await expectToast(page, "Post created successfully");

  const post = feed(page).getByRole("article").first();
  await expect(post.getByRole("img", { name: "A single black pixel on white" })).toBeVisible();
  const badge = post.getByRole("button", { name: "Show the image description" });
  await expect(post.getByText("A single black pixel on white", { exact: true })).toBeHidden();
  await badge.click();
  await expect(post.getByRole("button", { name: "Hide the image description" })).toHaveAttribute("aria-expanded", "true");
  await expect(post.getByText("A single black pixel on white", { exact: true })).toBeVisible();

  await page.reload();
  const again = feed(page).getByRole("article").first();
  await expect(again.getByRole("img", { name: "A single black pixel on white" })).toBeVisible();
  // Without a description the alt says whose picture it is, and there is no badge.
  const seedWithPicture = feed(page).getByRole("article").filter({ hasText: "Ten years since my first company" });
  await expect(seedWithPicture.getByRole("img", { name: "Picture posted by Marco" })).toBeVisible();
  await expect(seedWithPicture.getByRole("button", { name: /image description/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("Settings > Require alt text refuses an image post without a description, until one is written", async ({ page }) => {
  await loginAsGuest(page);
  await page.goto("/settings");
  const toggle = page.getByRole("switch", { name: /Require alt text/ });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Require alt text/ })).toBeChecked();

  await page.goto("/home");
  await noToasts(page);
  await composer(page).getByRole("textbox", { name: "What's happening?" }).fill("No description");
  await attachImage(page);
  await composer(page).getByRole("button", { name: "Post" }).click();
  await expect(composer(page).getByText("Describe the image (alt text): Settings asks for a description on every image.")).toBeVisible();
  await expect(feed(page).getByText("No description")).toHaveCount(0);
  await composer(page).getByLabel("Image description (alt text)").fill("A dot");
  await composer(page).getByRole("button", { name: "Post" }).click();
  await expectToast(page, "Post created successfully");
  await expect(feed(page).getByRole("article").first().getByRole("img", { name: "A dot" })).toBeVisible();
});

test("the avatar and cover take a description in Edit profile, shown as their alt on the profile", async ({ page }) => {
  await loginAsGuest(page);
  await page.goto("/profile/guest");
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  await dialog.getByLabel("Avatar description (alt text, optional)").fill("Guest, smiling");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectToast(page, "updated successfully");
  await page.reload();
  await expect(page.locator(".profile__avatar").getByRole("img", { name: "Guest, smiling" })).toBeVisible();
});
