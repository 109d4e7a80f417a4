// The app under a slow or failing mock (the Mock settings of /mockman, set here
// the way the panel saves them): skeletons while a screen loads, pending
// buttons, optimistic changes rolled back with a toast naming the failure, and
// a failed screen shown inside the shell with a Retry.
import { expect, test, type Page, scaled } from "./fixtures";
import { setMockFaults } from "./helpers";
import { expectToast, feed, loginAsGuest, noToasts, postWith } from "./screen-helpers";

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });

interface Seen {
  skeleton: boolean;
  loading: boolean;
  posting: boolean;
  replying: boolean;
  /** Whether every look at a form while its button said "Posting…" or "Replying…" found its text fields read-only. */
  readOnlyWhileSending: boolean | null;
  /** performance.now() when the first Like button flipped its aria-pressed, and when the like's answer reached the app. */
  pressedAt: number;
  likeAnsweredAt: number;
}

/**
 * Records in the page what lasts only while the mock is slow (a skeleton, "Loading…", a disabled "Posting…"),
 * and when a like is shown against when its answer arrives. A check from the test could look after a state
 * ended on a busy machine; a record made as the page changes cannot miss it.
 */
async function watchTransients(page: Page) {
  await page.evaluate(() => {
    const seen = {
      skeleton: false,
      loading: false,
      posting: false,
      replying: false,
      readOnlyWhileSending: null as boolean | null,
      pressedAt: 0,
      likeAnsweredAt: 0,
    };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const look = () => {
      if (document.querySelector(".skeleton-card")?.getBoundingClientRect().height) seen.skeleton = true;
      if ([...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes("Loading…"))) seen.loading = true;
      for (const button of document.querySelectorAll<HTMLButtonElement>("button:disabled")) {
        const sending = /Posting|Replying/.exec(button.textContent ?? "")?.[0];
        if (!sending) continue;
        if (sending === "Posting") seen.posting = true;
        else seen.replying = true;
        const fields = [...(button.form?.querySelectorAll("textarea") ?? [])];
        seen.readOnlyWhileSending = (seen.readOnlyWhileSending ?? true) && fields.length > 0 && fields.every((field) => field.readOnly);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    // The outermost fetch: the app's API calls pass here whether the mock answers in the page or in its worker.
    const inner = window.fetch;
    window.fetch = async (...args) => {
      const response = await inner(...args);
      if (String(args[0] instanceof Request ? args[0].url : args[0]).includes("/like/") && !seen.likeAnsweredAt)
        seen.likeAnsweredAt = performance.now();
      return response;
    };
  });
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);

test("with a 1 s delay: a skeleton while a screen loads, the like shows at once, the Post button says it is posting", async ({ page }) => {
  await loginAsGuest(page);
  await noToasts(page);
  await watchTransients(page);
  await setMockFaults(page, { delay: 1000, failStatus: 503 });
  await nav(page, "Explore").click();
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible({ timeout: scaled(5000) });
  await expect(feed(page).getByRole("article").first()).toBeVisible();
  await expect(page.locator(".skeleton-card")).toHaveCount(0);
  expect(await seen(page)).toMatchObject({ skeleton: true, loading: true });

  const like = feed(page).getByRole("article").first().getByRole("button", { name: "Like" });
  const before = await like.getAttribute("aria-pressed");
  await like.evaluate((button, was) => {
    new MutationObserver((_, observer) => {
      if (button.getAttribute("aria-pressed") === was) return;
      (window as unknown as { __seen: Seen }).__seen.pressedAt = performance.now();
      observer.disconnect();
    }).observe(button, { attributes: true, attributeFilter: ["aria-pressed"] });
  }, before);
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");
  // Optimistic: shown before the mock's answer, which the delay holds back a second.
  await expect.poll(async () => (await seen(page)).likeAnsweredAt, { timeout: scaled(10_000) }).toBeGreaterThan(0);
  const { pressedAt, likeAnsweredAt } = await seen(page);
  expect(pressedAt).toBeGreaterThan(0);
  expect(pressedAt).toBeLessThan(likeAnsweredAt);

  await nav(page, "Home").click();
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible({ timeout: scaled(5000) });
  const composer = page.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill("Slow but sure");
  await composer.getByRole("button", { name: "Post" }).click();
  await expect(postWith(page, "Slow but sure")).toBeVisible({ timeout: scaled(5000) });
  expect((await seen(page)).posting).toBe(true);

  // A comment: its box takes no typing from Reply until the answer has cleared it, so text typed after the
  // toast is never erased by that reset (a clean clone lost a second comment typed in that gap on a busy machine).
  await postWith(page, "Slow but sure").getByRole("button", { name: "Comment" }).click();
  const dialog = page.getByRole("dialog", { name: "Add comment" });
  const box = dialog.getByPlaceholder("Write a comment...");
  await box.fill("First of two");
  await dialog.getByRole("button", { name: "Reply" }).click();
  await expectToast(page, "comment added successfully!", { timeout: scaled(10_000) });
  await box.fill("Second of two");
  await expect(dialog.getByRole("button", { name: "Reply" })).toBeEnabled();
  await expect(box).toHaveValue("Second of two");
  expect(await seen(page)).toMatchObject({ posting: true, replying: true, readOnlyWhileSending: true });
  await setMockFaults(page, null);
});

test("with every request failing: a like and a bookmark roll back with a toast naming the failure", async ({ page }) => {
  await loginAsGuest(page);
  await noToasts(page);
  await setMockFaults(page, { failRate: 1, failStatus: 503 });
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
  await setMockFaults(page, null);
});

test("with every request failing: a screen fails inside the shell with Retry, which works once the mock is back", async ({ page }) => {
  await loginAsGuest(page);
  await setMockFaults(page, { failRate: 1, failStatus: 503 });
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
