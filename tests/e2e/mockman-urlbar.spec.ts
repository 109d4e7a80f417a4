// Issue 46, the URL bar as in Postman and Hoppscotch: Save beside Submit, and
// Ctrl+Enter sends from anywhere without editing the field it was pressed in.
// The URL bar's layout at 375 and 1280 px is tests/components/urlbar.test.tsx's (issue 49).
import { expect, test } from "./fixtures";
import { checkInBothThemes, mockmanUi, openMockman } from "./mockman-helpers";

test("Save beside Submit opens the Save dialog for a new request and saves over a saved one; Ctrl+S still does; Tools no longer lists it", async ({
  page,
}) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  const save = page.getByRole("button", { name: "Save", exact: true });
  await expect(save).toHaveAttribute("aria-keyshortcuts", "Control+S Meta+S");
  await save.click();
  const dialog = page.getByRole("dialog", { name: "Save request" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Request name").fill("Todos");
  await dialog.getByLabel("New collection name").fill("Work");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("saved-as")).toHaveText("Todos · Saved");

  await ui.endpoint.fill("/api/test-todos?x=1");
  await expect(page.getByTestId("saved-as")).toContainText("Unsaved changes");
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("saved-as")).toHaveText("Todos · Saved");

  await ui.endpoint.fill("/api/test-todos?x=2");
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("saved-as")).toHaveText("Todos · Saved");

  await page.getByRole("button", { name: "Tools" }).click();
  await expect(page.getByRole("menu", { name: "Tools" }).getByRole("menuitem", { name: "Save" })).toHaveCount(0);
});

test("Ctrl+Enter in the JSON body sends the body as typed: no newline in it, in Copy as cURL or in what was sent", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.method.selectOption("POST");
  await ui.body.fill('{"title": "buy milk"}');
  const lines = page.getByTestId("body-editor").locator(".cm-line");
  await expect(lines).toHaveCount(1);
  await ui.body.click();
  await page.keyboard.press("End");
  await page.keyboard.press("Control+Enter");
  await expect(ui.status).toContainText("201 Created");
  await expect(lines).toHaveCount(1);
  await expect(ui.body).toHaveText('{"title": "buy milk"}');
  await expect(ui.body).toBeFocused();

  // ⌘+Enter (Meta) too, and from the endpoint field, which keeps its text.
  await ui.endpoint.focus();
  await page.keyboard.press("Meta+Enter");
  await expect(page.getByRole("list", { name: "Sent requests, newest first" }).getByRole("listitem")).toHaveCount(2);
  await expect(ui.endpoint).toHaveValue("/api/test-todos");
  await expect(lines).toHaveCount(1);

  await page.getByRole("button", { name: "Tools" }).click();
  await page.getByRole("menu", { name: "Tools" }).getByRole("menuitem", { name: "Copy as cURL" }).click();
  await expect(ui.notice).toContainText("Copied");
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`--data-raw '{"title": "buy milk"}'`);
});

test("the URL bar with a long URL passes axe in the light and the dark theme at 375 and 1280 px", async ({ page }) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.endpoint.fill("/api/test-todos?limit=20&cursor=abc");
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");
  await checkInBothThemes(page, "urlbar");
});
