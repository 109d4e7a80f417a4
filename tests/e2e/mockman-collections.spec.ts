// Issue 35, collections: Save (Ctrl/Cmd+S) names a request into a collection;
// rename, move, duplicate, delete (asked first) and reorder survive a reload;
// a saved request opens in a tab that shows unsaved changes; an import makes a
// collection, and a Postman export of it keeps folders, scripts, auth and variables.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test, type Page } from "./fixtures";
import { ROOT } from "./cli-helpers";
import { checkInBothThemes, mockmanUi, openMockman } from "./mockman-helpers";

const EXAMPLE = resolve(ROOT, "cli/examples/moments.postman_collection.json");
const sidebar = (page: Page) => page.getByRole("region", { name: "Collections" });
const actionsFor = async (page: Page, name: string, item: string) => {
  await sidebar(page)
    .getByRole("button", { name: `Actions for ${name}`, exact: true })
    .click();
  await page
    .getByRole("menu", { name: `Actions for ${name}` })
    .getByRole("menuitem", { name: item, exact: true })
    .click();
};
/** The sidebar's request and folder names, in order, as the page shows them. */
const names = (page: Page) => sidebar(page).locator(".mm-saved-open, .mm-saved-folder-name").allInnerTexts();

test("keyboard only: Ctrl+S names the request into a new collection, the tab shows unsaved changes, Ctrl+S saves again, Ctrl+Enter sends", async ({
  page,
}) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.endpoint.focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("/api/posts?limit=2");
  await page.keyboard.press("Control+s");
  const dialog = page.getByRole("dialog", { name: "Save request" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Request name")).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Two posts");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Save in")).toBeFocused();
  await expect(dialog.getByLabel("Save in")).toHaveValue("new");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Keyboard");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(ui.notice).toHaveText("Saved Two posts.");
  await expect(sidebar(page).getByRole("heading", { name: "Keyboard" })).toBeVisible();
  await expect(sidebar(page).getByRole("button", { name: "GET Two posts", exact: true })).toBeVisible();
  const activeTab = page.getByRole("tablist", { name: "Open requests" }).getByRole("tab", { selected: true });
  await expect(activeTab).toHaveText(/Two posts$/);
  await expect(page.getByTestId("saved-as")).toHaveText("Two posts · Saved");

  // A change shows as unsaved, in the tab and over the form; Ctrl+S writes it over the saved one.
  await ui.endpoint.focus();
  await page.keyboard.press("End");
  await page.keyboard.type("&x=1");
  await expect(activeTab).toHaveAccessibleName(/\(unsaved changes\)/);
  await expect(page.getByTestId("saved-as")).toContainText("Unsaved changes");
  await page.keyboard.press("Control+s");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("saved-as")).toHaveText("Two posts · Saved");
  await page.keyboard.press("Control+Enter");
  await expect(ui.status).toContainText("200 OK");

  // After a reload the collection is there, and the tab still knows what it edits.
  await page.reload();
  await expect(ui.submit).toBeEnabled();
  await expect(sidebar(page).getByRole("button", { name: "GET Two posts", exact: true })).toBeVisible();
  await expect(page.getByTestId("saved-as")).toHaveText("Two posts · Saved");
  await expect(ui.endpoint).toHaveValue("/api/posts?limit=2&x=1");
});

// A CI run pressed Ctrl+S the moment Submit showed, before the shortcut listened
// (listeners set in a passive effect come a task after the paint): no dialog.
// Here the key is pressed in the very microtask after the page's first commit.
test("Ctrl+S pressed as the page first shows opens the Save dialog", async ({ page }) => {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector("button.mm-submit")) return;
      observer.disconnect();
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "s", ctrlKey: true, bubbles: true, cancelable: true }));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto("/mockman");
  await expect(page.getByRole("dialog", { name: "Save request" })).toBeVisible();
});

test("rename, folders, move, duplicate, reorder and delete (asked first) survive a reload; a saved request opens in its tab", async ({
  page,
}) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  await page.keyboard.press("Control+s");
  const dialog = page.getByRole("dialog", { name: "Save request" });
  await dialog.getByLabel("Request name").fill("Todos");
  await dialog.getByLabel("New collection name").fill("Work");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(sidebar(page).getByRole("button", { name: "GET Todos", exact: true })).toBeVisible();

  // Rename the collection inline.
  await actionsFor(page, "Work", "Rename");
  const rename = sidebar(page).getByLabel("New name for Work");
  await rename.fill("Team");
  await rename.press("Enter");
  await expect(sidebar(page).getByRole("heading", { name: "Team" })).toBeVisible();
  // Focus is back on the row's Actions button, where Rename was chosen; Escape leaves the name as it was.
  await expect(sidebar(page).getByRole("button", { name: "Actions for Team" })).toBeFocused();
  await actionsFor(page, "Team", "Rename");
  await sidebar(page).getByLabel("New name for Team").fill("Not kept");
  await sidebar(page).getByLabel("New name for Team").press("Escape");
  await expect(sidebar(page).getByRole("button", { name: "Actions for Team" })).toBeFocused();
  await expect(sidebar(page).getByRole("heading", { name: "Team" })).toBeVisible();

  // A folder, named; the request moved into it.
  await actionsFor(page, "Team", "New folder");
  await sidebar(page).getByLabel("New name for New folder").fill("Reads");
  await sidebar(page).getByLabel("New name for New folder").press("Enter");
  await expect(sidebar(page).getByText("Reads")).toBeVisible();
  await actionsFor(page, "Todos", "Move to");
  const move = page.getByRole("dialog", { name: "Move Todos" });
  await move.getByLabel("Move to").selectOption({ label: "Team / Reads" });
  await move.getByRole("button", { name: "Move" }).click();
  await expect(ui.notice).toHaveText("Moved Todos to Team / Reads.");
  await expect.poll(() => names(page)).toEqual(["▾ Reads", "GET Todos"]);

  // Duplicate, then reorder from the keyboard way (the row's menu): the copy goes up.
  await actionsFor(page, "Todos", "Duplicate");
  await expect.poll(() => names(page)).toEqual(["▾ Reads", "GET Todos", "GET Todos copy"]);
  await actionsFor(page, "Todos copy", "Move up");
  await expect.poll(() => names(page)).toEqual(["▾ Reads", "GET Todos copy", "GET Todos"]);
  // And by dragging: Todos onto Todos copy goes before it.
  await sidebar(page)
    .getByRole("button", { name: "GET Todos", exact: true })
    .dragTo(sidebar(page).getByRole("button", { name: "GET Todos copy", exact: true }));
  await expect.poll(() => names(page)).toEqual(["▾ Reads", "GET Todos", "GET Todos copy"]);

  // Delete asks first; Keep keeps it.
  await actionsFor(page, "Todos copy", "Delete");
  const ask = sidebar(page).getByRole("group", { name: "Delete Todos copy?" });
  await ask.getByRole("button", { name: "Keep" }).click();
  await expect.poll(() => names(page)).toEqual(["▾ Reads", "GET Todos", "GET Todos copy"]);
  await actionsFor(page, "Todos copy", "Delete");
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect.poll(() => names(page)).toEqual(["▾ Reads", "GET Todos"]);

  await page.reload();
  await expect(ui.submit).toBeEnabled();
  await expect(sidebar(page).getByRole("heading", { name: "Team" })).toBeVisible();
  await expect.poll(() => names(page)).toEqual(["▾ Reads", "GET Todos"]);

  // Opening a saved request selects the tab that has it, or opens a new one.
  const tabs = page.getByRole("tablist", { name: "Open requests" }).getByRole("tab");
  await page.getByRole("button", { name: "New tab" }).click();
  await expect(tabs).toHaveCount(2);
  await sidebar(page).getByRole("button", { name: "GET Todos", exact: true }).click();
  await expect(tabs).toHaveCount(2);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("saved-as")).toHaveText("Todos · Saved");
});

test("a Postman import makes a collection (not history rows), and its Postman export keeps folders, scripts, auth and variables", async ({
  page,
}) => {
  await openMockman(page);
  await page.getByLabel("Collection file to import").setInputFiles(EXAMPLE);
  await expect(mockmanUi(page).notice).toHaveText(
    "Imported 5 requests from moments.postman_collection.json as the collection Moments API.",
  );
  await expect(page.getByRole("heading", { name: "History (0)" })).toBeVisible();
  await expect
    .poll(() => names(page))
    .toEqual(["▾ Auth", "POST Log in as guest", "▾ Posts", "GET List posts", "POST Create post", "POST Like post", "DELETE Delete post"]);
  // A folder's row closes it and opens it again, as in Postman's sidebar.
  const posts = sidebar(page).getByRole("button", { name: "Posts", exact: true });
  await posts.click();
  await expect(posts).toHaveAttribute("aria-expanded", "false");
  await expect.poll(() => names(page)).toEqual(["▾ Auth", "POST Log in as guest", "▸ Posts"]);
  await posts.click();
  await expect(posts).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => names(page)).toHaveLength(7);

  const downloading = page.waitForEvent("download");
  await actionsFor(page, "Moments API", "Export as Postman");
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Moments-API.postman_collection.json");
  const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
  const original = JSON.parse(readFileSync(EXAMPLE, "utf8"));
  // Everything Postman holds comes back; only the page's item ids are added.
  const strip = (items: Array<Record<string, unknown>>): unknown =>
    items.map(({ id: _id, ...item }) =>
      Array.isArray(item.item) ? { ...item, item: strip(item.item as Array<Record<string, unknown>>) } : item,
    );
  expect(strip(exported.item)).toEqual(strip(original.item));
  expect(exported.variable).toEqual(original.variable);
  expect(exported.auth).toEqual(original.auth);
  expect(exported.event).toEqual(original.event);
  expect(exported.info.schema).toBe("https://schema.getpostman.com/json/collection/v2.1.0/collection.json");

  // A folder exports alone, as mockman's own format too.
  const folderDownload = page.waitForEvent("download");
  await actionsFor(page, "Posts", "Export as mockman");
  const mockmanFile = JSON.parse(readFileSync(await (await folderDownload).path(), "utf8"));
  expect(mockmanFile.mockman).toBe(1);
  expect(mockmanFile.requests).toHaveLength(4);

  // And that export imports again as a second collection with the same folders.
  await page.getByLabel("Collection file to import").setInputFiles({
    name: "again.postman_collection.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ ...exported, info: { ...exported.info, name: "Again" } })),
  });
  await expect(sidebar(page).getByRole("heading", { name: "Again" })).toBeVisible();
  await expect.poll(async () => (await names(page)).length).toBe(14);
});

test("the Collections sidebar passes axe in the light and the dark theme at 375 and 1280 px", async ({ page }) => {
  await openMockman(page);
  await page.getByLabel("Collection file to import").setInputFiles(EXAMPLE);
  await expect(sidebar(page).getByRole("heading", { name: "Moments API" })).toBeVisible();
  await sidebar(page).getByRole("button", { name: "GET List posts", exact: true }).click();
  await checkInBothThemes(page, "collections");
});
