// Storage problems (issue 5, from issue 7): a persistent, dismissible banner in
// the shell says that data is not being saved, and why.
import { expect, test } from "./fixtures";
import { breakMockIndexedDb, expectToast, loginAsGuest, mockWorker, postWith } from "./screen-helpers";

test("a failed write to IndexedDB is undone, toasts the mock's 507 message and shows the banner until dismissed", async ({ page }) => {
  await loginAsGuest(page);
  await expect(page.getByRole("alert").filter({ hasText: "not saved" })).toHaveCount(0);
  // The store refuses the next commit, as a full quota would.
  // The store lives in the tab's mock worker (mock/browser/worker.ts).
  await mockWorker(page).evaluate(() => {
    const { store } = (self as unknown as { __moments: { mock: { store: { commit: () => Promise<void> } } } }).__moments.mock;
    store.commit = () => Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
  });
  await postWith(page, "Hiring senior engineers").getByRole("button", { name: "Like" }).click();
  const banner = page.getByRole("alert").filter({ hasText: "Your latest changes were not saved." });
  await expect(banner).toContainText("storage failed (The quota has been exceeded), so the change was undone");
  await expectToast(page, /^Your change was not saved/);
  await expect(postWith(page, "Hiring senior engineers").getByText("1,500")).toBeVisible();
  // Persistent: it stays across screens.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Explore" }).click();
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Dismiss storage warning" }).click();
  await expect(banner).toHaveCount(0);
});

test("saved data that cannot be read: the banner says the app runs in memory", async ({ page }) => {
  // IndexedDB refuses to open in the mock's worker, so it boots on memory (mock/browser/worker.ts).
  await breakMockIndexedDb(page);
  await loginAsGuest(page);
  const banner = page.getByRole("alert").filter({ hasText: "Your data is not being saved." });
  await expect(banner).toContainText("running in memory");
  await banner.getByRole("button", { name: "Dismiss storage warning" }).click();
  await expect(banner).toHaveCount(0);
});
