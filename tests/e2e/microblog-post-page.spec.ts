// The post page (issue 24, items 3 and 5): /post/<id> by URL shows the post and
// its comments, newest first; the card's time and the comment dialog's "Open
// post" lead there; your own comments are edited and deleted there (Delete
// asks), and the post's author may delete anyone's comment on it.
import { expect, test, scaled } from "./fixtures";
import { loginAsGuest, postWith, seriousViolationsInPage, expectToast, watchErrors } from "./helpers";
import { apiCall } from "./microblog-helpers";

const GUEST_POST = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b03"; // the guest's seeded post
const ADA = { username: "adasterling", password: "ada-cto-2024" };

test("a post page by URL shows its comments; own comments edit and delete, the author deletes any", async ({ page }) => {
  test.setTimeout(scaled(150_000));
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const ada = (await apiCall(page, "POST", "/auth/login", { body: ADA })).body.encodedToken as string;
  await apiCall(page, "POST", `/comments/add/${GUEST_POST}`, { token: ada, body: { commentData: { commentVal: "Ada was here" } } });
  const guest = await page.evaluate(() => localStorage.getItem("token"));
  await apiCall(page, "POST", `/comments/add/${GUEST_POST}`, { token: guest!, body: { commentData: { commentVal: "Guest says hi" } } });

  await page.goto(`/post/${GUEST_POST}`);
  const comments = page.getByRole("region", { name: "2 comments" });
  await expect(comments.getByRole("listitem")).toHaveCount(2);
  // Newest first.
  await expect(comments.getByRole("listitem").first()).toContainText("Guest says hi");
  await expect(page.getByRole("link", { name: "Home" }).first()).toBeVisible();
  expect(await seriousViolationsInPage(page)).toEqual([]);

  // Your own comment: Edit and Delete. Someone else's on your post: Delete only.
  await expect(comments.getByRole("button", { name: "Edit comment: Ada was here" })).toHaveCount(0);
  await comments.getByRole("button", { name: "Edit comment: Guest says hi" }).click();
  const box = comments.getByRole("textbox", { name: "Edit your comment" });
  await box.fill("Guest says hello");
  await comments.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Comment updated");
  await expect(comments.getByText("Guest says hello")).toBeVisible();

  await comments.getByRole("button", { name: "Delete comment: Ada was here" }).click();
  const ask = page.getByRole("alertdialog", { name: "Delete comment?" });
  await expect(ask).toContainText("@adasterling's comment on your post");
  await ask.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Comment deleted!");
  await expect(page.getByRole("region", { name: "1 comment" }).getByRole("listitem")).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole("region", { name: "1 comment" })).toContainText("Guest says hello");
  expect(errors).toEqual([]);
});

test("the card's time opens the post page, Back returns; the comment dialog links there; an unknown id says so", async ({ page }) => {
  await loginAsGuest(page);
  const card = postWith(page, "Spent the afternoon deleting code.");
  await card.getByRole("link", { name: /^(now|\d+[smhd]|\w+ \d+), / }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${GUEST_POST}$`));
  await expect(page.getByRole("region", { name: "0 comments" })).toBeVisible();
  await page.getByRole("button", { name: "← Back" }).click();
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
  await postWith(page, "Spent the afternoon deleting code.").getByRole("button", { name: "Comment" }).click();
  await page.getByRole("dialog", { name: "Add comment" }).getByRole("link", { name: "Open post" }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${GUEST_POST}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/post/no-such-post");
  await expect(page.getByRole("heading", { name: "This post doesn't exist" })).toBeVisible();
});
