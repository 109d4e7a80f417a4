// Safer actions (issue 24, item 5): deleting a post asks in an alertdialog;
// your own post's text can be edited from its card.
import { expect, test, scaled } from "./fixtures";
import {
  expectToast,
  feed,
  loginAsGuest,
  postAction,
  postMenuButton,
  postWith,
  seriousViolationsInPage,
  watchErrors,
  keepShot,
} from "./helpers";
import { apiCall, createPost } from "./microblog-helpers";

for (const width of [1280, 375]) {
  test(`delete asks first; edit changes the post's text (${width} px)`, async ({ page }) => {
    // Two axe runs and a reload on a shared 2-core machine.
    test.setTimeout(scaled(150_000));
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    const errors = watchErrors(page);
    await loginAsGuest(page);
    await createPost(page, "A post to edit and delete");
    const card = postWith(page, "A post to edit and delete");
    // Only your own posts have the controls.
    await expect(postMenuButton(postWith(page, "Fundraising tip"))).toHaveCount(0);

    await postAction(card, "Edit post");
    const edit = page.getByRole("dialog", { name: "Edit post" });
    const box = edit.getByRole("textbox", { name: "Post text" });
    await expect(box).toHaveValue("A post to edit and delete");
    await box.fill("");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByText("Post is required")).toBeVisible();
    await box.fill("A post edited #edited, then deleted");
    expect(await seriousViolationsInPage(page)).toEqual([]);
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    await expectToast(page, "Post updated");
    const edited = postWith(page, "A post edited");
    await expect(edited.getByRole("link", { name: "#edited" })).toBeVisible();

    const href = await edited.locator('a[href^="/post/"]').first().getAttribute("href");
    const postId = href!.slice("/post/".length);
    await postAction(edited, "Delete post");
    const ask = page.getByRole("alertdialog", { name: "Delete post?" });
    await expect(ask).toContainText("cannot be undone");
    // The safe choice is the first one reached.
    await expect(ask.getByRole("button", { name: "Cancel" })).toBeVisible();
    expect(await seriousViolationsInPage(page)).toEqual([]);
    await keepShot(page, `delete-asks-${width}.png`);
    await page.keyboard.press("Escape");
    await expect(ask).toHaveCount(0);
    await expect(edited).toBeVisible();
    await postAction(edited, "Delete post");
    await ask.getByRole("button", { name: "Delete" }).click();
    await expect(feed(page).getByRole("article").filter({ hasText: "A post edited" })).toHaveCount(0);
    // The card goes at once; the mock answers the DELETE only after IndexedDB commits. A reload
    // before that answer ends the tab's mock mid-write, so wait until the post is gone from the API
    // (the mock runs requests in order, so this GET answers after the DELETE).
    await expect.poll(async () => (await apiCall(page, "GET", `/posts/${postId}`)).status, { timeout: scaled(20_000) }).toBe(404);
    await page.reload();
    await expect(feed(page).getByRole("article").first()).toBeVisible();
    await expect(page.getByText("A post edited")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
