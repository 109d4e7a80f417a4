// Settings' data tools (issue 5): export, reset, import, a bad file.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./fixtures";
import { feed, loginAsGuest, postWith, expectToast, watchErrors } from "./screen-helpers";

async function openSettings(page: Page) {
  await page.getByRole("button", { name: "Account menu for @guest" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

async function createPost(page: Page, content: string) {
  const composer = page.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill(content);
  await composer.getByRole("button", { name: "Post" }).click();
  await expect(postWith(page, content)).toBeVisible();
}

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });

test("export, then reset, then import: the data comes back, without a reload", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await createPost(page, "A moment worth keeping");
  await postWith(page, "A moment worth keeping").getByRole("button", { name: "Bookmark" }).click();
  await expectToast(page, "Added to Bookmarks !");
  // Every check below must happen in this same document.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await openSettings(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^moments-export-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await file.path();
  const exported = JSON.parse(await readFile(path, "utf8"));
  expect(exported).toMatchObject({ mockman: "export", version: 5 });
  expect(exported.data.users).toHaveLength(4);
  expect(exported.data.posts).toHaveLength(7);
  expect(JSON.stringify(exported)).not.toContain('"password"');

  // Reset asks first; Cancel changes nothing.
  await page.getByRole("button", { name: "Reset data…" }).click();
  let confirm = page.getByRole("dialog", { name: "Reset all data?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await page.getByRole("button", { name: "Reset data…" }).click();
  confirm = page.getByRole("dialog", { name: "Reset all data?" });
  await confirm.getByRole("button", { name: "Reset data" }).click();
  await expectToast(page, "The data was reset to the sample data.");
  await nav(page, "Explore").click();
  await expect(feed(page).getByRole("article")).toHaveCount(6);
  await expect(page.getByText("A moment worth keeping")).toHaveCount(0);
  await nav(page, "Bookmarks").click();
  await expect(page.getByText("Nothing to show...", { exact: true })).toBeVisible();

  await openSettings(page);
  await page.getByLabel("Import a file…").setInputFiles(path);
  confirm = page.getByRole("dialog", { name: "Import this file?" });
  await expect(confirm).toContainText("4 users and 7 posts");
  await confirm.getByRole("button", { name: "Import" }).click();
  await expectToast(page, "Imported 4 users and 7 posts.");
  await nav(page, "Bookmarks").click();
  await expect(feed(page).getByRole("article")).toHaveCount(1);
  await expect(feed(page).getByRole("article").first()).toContainText("A moment worth keeping");
  await nav(page, "Home").click();
  await expect(feed(page).getByRole("article")).toHaveCount(7);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test("a bad file says what is wrong and changes nothing", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await createPost(page, "Still here after a bad import");
  await openSettings(page);
  const input = page.getByLabel("Import a file…");

  await input.setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from("{ this is not json") });
  const problem = page.getByRole("alert").filter({ hasText: "can't be imported" });
  await expect(problem).toContainText("“notes.json” can't be imported: not JSON");
  await expect(problem).toContainText("Nothing was changed.");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const wrong = {
    mockman: "export",
    version: 1,
    exportedAt: "2025-01-01T00:00:00Z",
    data: { users: [], posts: [{ _id: "p1" }], todos: [] },
  };
  await input.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(wrong)) });
  await expect(problem).toContainText("“broken.json” can't be imported: not a mockman export: data.posts.0.content");

  await input.setInputFiles({
    name: "future.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ ...wrong, version: 6 })),
  });
  await expect(problem).toContainText("unsupported export version");

  // An export whose one picture is HTML sent as a PNG (issue 33): refused whole, naming the field and what its bytes are.
  const current = await page.evaluate(async () => JSON.parse(await (await window.__moments!.mock.exportData()).text()));
  current.data.posts[0].postPic = `data:image/png;base64,${Buffer.from("<html><script>alert(1)</script></html>").toString("base64")}`;
  await input.setInputFiles({ name: "html-as-png.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(current)) });
  await expect(problem).toContainText("“html-as-png.json” can't be imported");
  await expect(problem).toContainText(
    "data.posts.0.postPic: an image that cannot be used because its bytes are markup (HTML or XML); its type image/png says a PNG image",
  );
  await expect(problem).toContainText("Nothing was changed.");

  await nav(page, "Home").click();
  await expect(postWith(page, "Still here after a bad import")).toBeVisible();
  await expect(feed(page).getByRole("article")).toHaveCount(7);
  expect(errors).toEqual([]);
});

test("the user menu reaches Settings by keyboard (arrows wrap, Enter follows)", async ({ page }) => {
  await loginAsGuest(page);
  const chip = page.getByRole("button", { name: "Account menu for @guest" });
  await chip.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Logout @guest" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("menu")).toHaveCount(0);
});
