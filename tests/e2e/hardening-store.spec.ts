// Store problems (issue 7): a full disk (QuotaExceededError on every IndexedDB
// write) and saved data that cannot be read. The UI says so; a write that cannot be
// saved is refused (507) and undone; saved data is never overwritten or replaced by the seed.
import { expect, test, type Page } from "./fixtures";
import { feed, loginAsGuest, postWith, expectToast } from "./helpers";
import { readIndexedDb } from "./hardening/api";
import { installQuotaFault, quotaErrors, setDiskFull, writeRawChunk } from "./hardening/faults";
import { breakMockIndexedDb, mendMockIndexedDb } from "./screen-helpers";

const banner = (page: Page) => page.locator(".store-banner");

async function createPost(page: Page, content: string) {
  const composer = page.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill(content);
  await composer.getByRole("button", { name: "Post" }).click();
  await expectToast(page, "Post created successfully");
  await expect(postWith(page, content)).toBeVisible();
}

const nav = (page: Page, name: string | RegExp) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });

/** The toast a refused write shows, naming the full disk. */
const NOT_SAVED = /^Your change was not saved.*QuotaExceededError|^Your change was not saved.*quota/i;

test("a full disk: every write is refused with the 507's message and undone, the banner says so, nothing saved is overwritten, and writes land once there is room", async ({
  page,
}) => {
  await installQuotaFault(page);
  await loginAsGuest(page);
  await expect(feed(page).getByRole("article")).toHaveCount(6);
  const before = await readIndexedDb(page);
  await setDiskFull(page, true);

  // A post the store cannot keep is not acknowledged: the toast gives the mock's message and the post never shows.
  const composer = page.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill("Written while the disk is full");
  await composer.getByRole("button", { name: "Post" }).click();
  await expectToast(page, NOT_SAVED);
  await expect(feed(page).getByText("Written while the disk is full")).toHaveCount(0);
  await expect(banner(page)).toContainText("Your latest changes were not saved.");
  await expect(banner(page)).toContainText("QuotaExceededError");
  await expect(banner(page)).toHaveAttribute("role", "alert");

  // A like shows at once, then rolls back when the mock answers 507.
  const seed = postWith(page, "Ten years since my first company.");
  await seed.getByRole("button", { name: "Like" }).click();
  await expect(seed.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "false");
  expect(await quotaErrors(page)).toBeGreaterThan(0);

  // Nothing saved was touched, and a reload of the screen shows the same.
  expect(await readIndexedDb(page)).toEqual(before);
  await nav(page, "Explore").click();
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
  await expect(feed(page).getByText("Written while the disk is full")).toHaveCount(0);

  // Dismissed, it comes back with the next failure.
  await banner(page).getByRole("button", { name: "Dismiss storage warning" }).click();
  await expect(banner(page)).toHaveCount(0);
  await nav(page, "Home").click();
  await composer.getByRole("textbox", { name: "What's happening?" }).fill("A second post on a full disk");
  await composer.getByRole("button", { name: "Post" }).click();
  await expect(banner(page)).toBeVisible();

  // Room again: the next change is saved, and the warning goes by itself.
  await setDiskFull(page, false);
  await createPost(page, "Written once there is room");
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await expect(postWith(page, "Written once there is room")).toBeVisible();
  await expect(feed(page).getByText("Written while the disk is full")).toHaveCount(0);
  await expect(feed(page).getByText("A second post on a full disk")).toHaveCount(0);
  await expect(postWith(page, "Ten years since my first company.").getByRole("button", { name: "Like" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(banner(page)).toHaveCount(0);
});

// The data as the store keeps it (mock/browser/dexie-chunks.ts): chunks of records as JSON text.
const CORRUPTIONS: { name: string; collection: string; json: string }[] = [
  { name: "a chunk that is not JSON", collection: "posts", json: '[{"_id": "broken-row", "content": ' },
  { name: "a post of the wrong shape", collection: "posts", json: JSON.stringify([{ _id: "broken-row", content: 42, likes: "many" }]) },
  { name: "a user of the wrong shape", collection: "users", json: JSON.stringify([{ _id: "broken-row", username: ["x"], followers: 3 }]) },
];

for (const corruption of CORRUPTIONS) {
  test(`unreadable saved data (${corruption.name}): the app says so, runs in memory, and never replaces it with the seed`, async ({
    page,
  }) => {
    await loginAsGuest(page);
    await createPost(page, "Saved before the fault");
    await writeRawChunk(page, corruption.collection, corruption.json);
    const saved = await readIndexedDb(page);

    await page.reload();
    await expect(banner(page)).toContainText("Your data is not being saved.");
    await expect(banner(page)).toContainText("was left untouched");
    // The session runs in memory: the app works and a post can be written.
    await expect(feed(page).getByRole("article").first()).toBeVisible();
    await createPost(page, "Written in memory");
    await nav(page, "Explore").click();
    // Home, just written on, shows the post too: look once Explore is the screen.
    await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
    await expect(postWith(page, "Written in memory")).toBeVisible();
    expect(await page.evaluate(() => window.__moments!.storeProblem)).toMatch(/moments-mock/);

    // The saved data is exactly as it was: not seeded over, not written to.
    expect(await readIndexedDb(page)).toEqual(saved);

    // Without the fault, the saved data comes back, and the in-memory post is gone.
    await writeRawChunk(page, corruption.collection, null);
    await page.reload();
    await expect(postWith(page, "Saved before the fault")).toBeVisible();
    await expect(feed(page).getByText("Written in memory")).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
  });
}

test("a database that cannot be opened: the app says so, runs in memory and leaves the data alone", async ({ page }) => {
  await loginAsGuest(page);
  await createPost(page, "Saved before the fault");
  const saved = await readIndexedDb(page);
  // Opening "moments-mock" in the mock's worker now fails as a broken profile's backing store does.
  await breakMockIndexedDb(page);
  await page.reload();
  await expect(banner(page)).toContainText("Your data is not being saved.");
  await expect(banner(page)).toContainText("UnknownError");
  await expect(feed(page).getByRole("article").first()).toBeVisible();
  await createPost(page, "Written in memory");
  await mendMockIndexedDb(page);
  expect(await readIndexedDb(page)).toEqual(saved);
  await page.reload();
  await expect(postWith(page, "Saved before the fault")).toBeVisible();
  await expect(feed(page).getByText("Written in memory")).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
});
