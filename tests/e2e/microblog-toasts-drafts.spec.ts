// Toasts and drafts (issue 24, item 8): two toasts at once cover neither the
// navigation nor a heading (on a phone they sit above the tab bar; wider, they
// stack in the lane above 'Who to follow'); the composer keeps a draft per user
// across a move to Explore and a reload, and lets it go once posted.
import { expect, holdToasts, test, toastsAtRest, type Locator, type Page } from "./fixtures";
import { loginAsGuest, expectToast, watchErrors, keepShot } from "./helpers";
import { createPost } from "./microblog-helpers";
import { goInside, inked, overlaps, type Box } from "./screen-helpers";

const boxOf = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;

async function toastBoxes(page: Page): Promise<Box[]> {
  const toasts = page.locator(".Toastify__toast");
  const boxes: Box[] = [];
  for (let i = 0; i < (await toasts.count()); i++) {
    const box = await toasts.nth(i).boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

for (const width of [375, 1280]) {
  test(`two toasts at once cover no navigation and no heading (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ reducedMotion: "reduce" });
    // Two toasts on screen at once, for as long as the test looks: the login's would close
    // itself 3 s after it came, and on a busy machine the post's toast can come later than that.
    await holdToasts(page);
    await loginAsGuest(page);
    await expectToast(page, "LoggedIn successfully");
    await createPost(page, "Two toasts at once");
    await expect(page.locator(".Toastify__toast")).toHaveCount(2);
    // Where they rest: once nothing in the toasts moves.
    await toastsAtRest(page);
    const boxes = await toastBoxes(page);
    await keepShot(page, `toasts-two-${width}.png`);
    const nav = page.getByRole("navigation", { name: "Main" });
    const needed: Array<[string, Box]> = [
      ["the main navigation", await boxOf(nav)],
      ["the logo", await boxOf(page.getByRole("link", { name: "Moments home" }))],
      ["the page heading", await inked(page.getByRole("heading", { name: "Homepage" }))],
    ];
    if (width >= 1180) needed.push(["'Who to follow'", await inked(page.getByRole("heading", { name: "Who to follow" }))]);
    for (const toastBox of boxes) for (const [what, box] of needed) expect(overlaps(toastBox, box), `a toast over ${what}`).toBe(false);
    if (width < 700) {
      // Above the tab bar, near the bottom edge.
      const bar = await boxOf(nav);
      for (const toastBox of boxes) expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(bar.y);
    }
  });
}

test("the composer keeps a draft per user across Explore and a reload, and drops it once posted", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  const box = page.getByRole("region", { name: "Create a post" }).getByRole("textbox", { name: "What's happening?" });
  await box.fill("A thought worth keeping");
  await goInside(page, "/explore");
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
  await goInside(page, "/home");
  await expect(box).toHaveValue("A thought worth keeping");
  await expect(page.getByRole("region", { name: "Create a post" }).getByText("187 characters left")).toBeAttached();
  await page.reload();
  await expect(box).toHaveValue("A thought worth keeping");
  // Kept under the user's name: another user does not see it.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("moments-draft:")))).toEqual([
    "moments-draft:guest",
  ]);
  await box.press("End");
  await box.pressSequentially(", now posted");
  await page.getByRole("region", { name: "Create a post" }).getByRole("button", { name: "Post" }).click();
  await expectToast(page, "Post created successfully");
  await expect(box).toHaveValue("");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
  await expect(box).toHaveValue("");
  expect(await page.evaluate(() => localStorage.getItem("moments-draft:guest"))).toBeNull();
  expect(errors).toEqual([]);
});
