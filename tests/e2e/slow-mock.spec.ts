// The app under a slow or failing mock (the Mock settings of /mockman, set here
// the way the panel saves them): skeletons while a screen loads, pending
// buttons, optimistic changes rolled back with a toast naming the failure, and
// a failed screen shown inside the shell with a Retry.
import { expect, test, type Page, scaled } from "./fixtures";
import { expectToast, feed, loginAsGuest, noToasts, postWith } from "./screen-helpers";

async function setFaults(page: Page, faults: { delay?: number; failRate?: number }) {
  await page.evaluate(({ delay, failRate }) => {
    const settings = { delay: delay ? { min: delay, max: delay } : null, failRate: failRate ?? 0, failStatus: 503, offline: false };
    if (settings.delay || settings.failRate) localStorage.setItem("mockman-faults", JSON.stringify(settings));
    else localStorage.removeItem("mockman-faults");
    window.dispatchEvent(new CustomEvent("mockman:faults"));
  }, faults);
}

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });

test("with a 1 s delay: a skeleton while a screen loads, the like shows at once, the Post button says it is posting", async ({ page }) => {
  await loginAsGuest(page);
  await noToasts(page);
  await setFaults(page, { delay: 1000 });
  await nav(page, "Explore").click();
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toBeAttached();
  await expect(page.locator(".skeleton-card").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible({ timeout: scaled(5000) });
  await expect(page.locator(".skeleton-card")).toHaveCount(0);

  const like = feed(page).getByRole("article").first().getByRole("button", { name: "Like" });
  const before = await like.getAttribute("aria-pressed");
  await like.click();
  // Optimistic: pressed long before the mock answers a second later.
  await expect(like).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true", { timeout: scaled(300) });

  await nav(page, "Home").click();
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible({ timeout: scaled(5000) });
  const composer = page.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill("Slow but sure");
  await composer.getByRole("button", { name: "Post" }).click();
  await expect(composer.getByRole("button", { name: /Posting/ })).toBeDisabled();
  await expect(postWith(page, "Slow but sure")).toBeVisible({ timeout: scaled(5000) });
  await setFaults(page, {});
});

test("with every request failing: a like and a bookmark roll back with a toast naming the failure", async ({ page }) => {
  await loginAsGuest(page);
  await noToasts(page);
  await setFaults(page, { failRate: 1 });
  const post = postWith(page, "Ten years since my first company");
  const like = post.getByRole("button", { name: "Like" });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expectToast(page, /Injected failure \(503\)/);
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(post.getByText("2800 likes", { exact: true })).toBeAttached();
  const bookmark = post.getByRole("button", { name: "Bookmark" });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute("aria-pressed", "false");
  await setFaults(page, {});
});

test("with every request failing: a screen fails inside the shell with Retry, which works once the mock is back", async ({ page }) => {
  await loginAsGuest(page);
  await setFaults(page, { failRate: 1 });
  await page.reload();
  const alert = page.getByRole("alert").filter({ hasText: "Unexpected Application Error!" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Injected failure (503)");
  // The shell stays: the sidebar leads on, and the badge says why.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByText(/^Mock: /)).toBeVisible();
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText(/^Mock: /)).toHaveCount(0);
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
  await expect(feed(page).getByRole("article").first()).toBeVisible();
});
