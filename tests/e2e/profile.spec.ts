// Profiles (issue 5): your own and another's, an unknown username, and 'Edit profile'.
import { expect, test } from "./fixtures";
import { postMenuButton } from "./helpers";
import { feed, loginAsGuest, PNG_1x1, postWith, expectToast, watchErrors } from "./screen-helpers";

test("your own profile: cover, avatar, names, bio, counts, your posts and 'Edit profile', no Follow", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile\/guest$/);
  const header = page.getByRole("region", { name: "Guest Developer" });
  await expect(header.getByRole("heading", { level: 1, name: "Guest Developer" })).toBeVisible();
  await expect(header).toContainText("@guest");
  await expect(header).toContainText("Developer. Kicking the tyres of Moments.");
  await expect(header.getByRole("list", { name: "Follow counts" })).toHaveText(/0\s*Following\s*0\s*Followers/);
  await expect(header.locator(".profile__cover img")).toHaveAttribute("src", /.+/);
  await expect(header.getByRole("button", { name: "Edit profile" })).toBeVisible();
  await expect(header.getByRole("button", { name: /^Follow/ })).toHaveCount(0);
  // Only the guest's own post, with the same card (and its trash icon).
  const posts = feed(page).getByRole("article");
  await expect(posts).toHaveCount(1);
  await expect(posts.first()).toContainText("@guest");
  await expect(postMenuButton(posts.first())).toBeVisible();
  await expect(page).toHaveTitle("Guest Developer (@guest) · Moments");
  expect(errors).toEqual([]);
});

test("another user's profile: Follow, a web link opening safely in a new tab, their posts newest first", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await postWith(page, "Hiring senior engineers").getByRole("link", { name: "Ada Sterling" }).click();
  await expect(page).toHaveURL(/\/profile\/adasterling$/);
  const header = page.getByRole("region", { name: "Ada Sterling" });
  await expect(header).toContainText("@adasterling");
  await expect(header).toContainText("CTO at Northwind Cloud.");
  const link = header.getByRole("link", { name: /example\.com\/ada/ });
  await expect(link).toHaveAttribute("href", "https://example.com/ada");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(header.getByRole("button", { name: "Follow @adasterling" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Edit profile" })).toHaveCount(0);
  const posts = feed(page).getByRole("article");
  await expect(posts).toHaveCount(2);
  await expect(posts.nth(0)).toContainText("Hiring senior engineers");
  await expect(posts.nth(1)).toContainText("Shipped our new edge region");
  await expect(postMenuButton(posts.first())).toHaveCount(0);
  // The cards' actions work here too (the profile's action hands them to the post actions).
  await posts.first().getByRole("button", { name: "Like" }).click();
  await expect(posts.first().getByText("1,501")).toBeVisible();
  // The count above is optimistic; reload only once the mock has the like.
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await fetch("/api/posts/user/adasterling")).json()).posts.map((p: { likes: { likeCount: number } }) => p.likes.likeCount),
      ),
    )
    .toContain(1501);
  await page.reload();
  await expect(feed(page).getByRole("article").first().getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "true");
  expect(errors).toEqual([]);
});

test("an unknown username says so inside the shell", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await page.goto("/profile/nobody-here");
  await expect(page.getByRole("heading", { name: "This account doesn't exist" })).toBeVisible();
  await expect(page.getByText("@nobody-here")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Home", exact: true }).last().click();
  await expect(page).toHaveURL(/\/home$/);
  expect(errors).toEqual([]);
});

// javascript: and other schemes are refused at the field now (small-points.spec); text that is no address stays text.
test("a Bio Link that is no web address is shown as text, never as a link", async ({ page }) => {
  await loginAsGuest(page);
  await page.goto("/profile/guest");
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  await dialog.getByLabel("Bio Link").fill("my homepage");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectToast(page, "updated successfully");
  const header = page.getByRole("region", { name: "Guest Developer" });
  await expect(header.getByText("my homepage")).toBeVisible();
  // The header's only links are the follow counts; the Bio Link's text is none.
  await expect(header.getByRole("link", { name: /homepage/ })).toHaveCount(0);
  await expect(header.getByRole("link")).toHaveCount(2);
  for (const link of await header.getByRole("link").all()) await expect(link).toHaveAttribute("href", /^\/profile\/guest\/follow/);
});

test("edit profile: the new name, avatar and bio show at once on the profile, the sidebar chip, posts and comments", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  // A comment of the guest's, so the comment list shows the change too.
  await postWith(page, "Hiring senior engineers").getByRole("button", { name: "Comment" }).click();
  const comments = page.getByRole("dialog", { name: "Add comment" });
  await comments.getByPlaceholder("Write a comment...").fill("Count me in");
  await comments.getByRole("button", { name: "Reply" }).click();
  await expectToast(page, "comment added successfully!");
  await page.keyboard.press("Escape");

  await page.goto("/profile/guest");
  const opener = page.getByRole("button", { name: "Edit profile" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Guest");
  await dialog.getByLabel("Change avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1x1 });
  await expect(dialog.locator(".photo-picker--avatar img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await dialog.getByLabel("Change cover photo").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG_1x1 });
  await expect(dialog.getByRole("img", { name: "Cover photo preview" })).toHaveAttribute("src", /^data:image\/png;base64,/);
  await dialog.getByLabel("Name", { exact: true }).fill("Sam");
  await dialog.getByLabel("Last name").fill("Rivera");
  await dialog.getByLabel("Bio", { exact: true }).fill("Now with a new name.");
  await dialog.getByLabel("Bio Link").fill("https://sam.example.org");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expectToast(page, "updated successfully");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  const header = page.getByRole("region", { name: "Sam Rivera" });
  await expect(header).toContainText("Now with a new name.");
  await expect(header.getByRole("link", { name: /sam\.example\.org/ })).toHaveAttribute("href", "https://sam.example.org");
  await expect(header.locator(".profile__avatar img")).toHaveAttribute("src", /^data:image\/png/);
  await expect(header.locator(".profile__cover img")).toHaveAttribute("src", /^data:image\/png/);
  // The sidebar chip, at once.
  const chip = page.getByRole("button", { name: "Account menu for @guest" });
  await expect(chip).toContainText("Sam Rivera");
  await expect(chip.locator("img")).toHaveAttribute("src", /^data:image\/png/);
  // The user's posts, here and on the feed, and their comments.
  const own = feed(page).getByRole("article").first();
  await expect(own.getByRole("link", { name: "Sam Rivera" })).toBeVisible();
  await expect(own.locator(".post-card__avatar img")).toHaveAttribute("src", /^data:image\/png/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  // That post is the guest's, so the profile left behind shows it too: wait for one only the feed shows.
  await expect(postWith(page, "Hiring senior engineers")).toBeVisible();
  await expect(postWith(page, "Spent the afternoon deleting code").getByRole("link", { name: "Sam Rivera" })).toBeVisible();
  await postWith(page, "Hiring senior engineers").getByRole("button", { name: "Comment" }).click();
  await expect(page.getByRole("dialog", { name: "Add comment" }).getByRole("listitem").filter({ hasText: "Count me in" })).toContainText(
    "Sam Rivera",
  );
  await page.keyboard.press("Escape");
  // The session's userinfo too: a reload keeps the chip's new name.
  await page.reload();
  await expect(page.getByRole("button", { name: "Account menu for @guest" })).toContainText("Sam Rivera");
  expect(errors).toEqual([]);
});

test("edit profile refuses a missing or long name, a long bio and a bad image, and changes nothing", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await page.goto("/profile/guest");
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  const name = dialog.getByLabel("Name", { exact: true });

  await name.fill("");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");

  await name.fill("Thirteenchars");
  await dialog.getByLabel("Bio", { exact: true }).fill("x".repeat(251));
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(dialog.getByText("Name must be at most 12 characters")).toBeVisible();
  await expect(dialog.getByText("Bio must be at most 250 characters")).toBeVisible();

  await dialog.getByLabel("Change avatar").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(dialog.getByRole("alert").filter({ hasText: "Choose an image of type" })).toBeVisible();
  await dialog
    .getByLabel("Change cover photo")
    .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(dialog.getByRole("alert").filter({ hasText: "larger than 2 MB" })).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Cover photo preview" })).toHaveAttribute("src", /cover-default/);

  // Twelve is fine; the counter counts the bio down from 250.
  await name.fill("Twelve chars");
  await dialog.getByLabel("Bio", { exact: true }).fill("short");
  await expect(dialog.getByText("245 characters left")).toBeAttached();
  // Changed: Escape asks first.
  await page.keyboard.press("Escape");
  await page.getByRole("alertdialog", { name: "Discard changes?" }).getByRole("button", { name: "Discard" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Guest Developer" })).toContainText("Developer. Kicking the tyres of Moments.");
  expect(errors).toEqual([]);
});
