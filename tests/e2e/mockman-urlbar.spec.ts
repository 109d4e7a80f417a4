// Issue 46, the URL bar as in Postman and Hoppscotch: the endpoint fills the row
// between the method and Submit at every width (at least 400 px at 1280 px, the
// whole of a 51-character URL in view, no suggestions arrow over it), Save beside
// Submit, and Ctrl+Enter sends from anywhere without editing the field it was
// pressed in.
import { expect, test, type Locator, type Page } from "./fixtures";
import { checkInBothThemes, mockmanUi, openMockman } from "./mockman-helpers";
import { keepShot } from "./helpers";

const LONG_URL = "http://localhost:3000/api/posts?limit=20&cursor=abc";

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b!;
};
const middle = (b: { y: number; height: number }) => b.y + b.height / 2;

/** Whether the endpoint's whole text is in view (nothing scrolled out of the field). */
const allTextShown = (endpoint: Locator) => endpoint.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth);

async function urlRow(page: Page) {
  const ui = mockmanUi(page);
  return {
    method: await box(ui.method),
    endpoint: await box(ui.endpoint),
    submit: await box(ui.submit),
    save: await box(page.getByRole("button", { name: "Save", exact: true })),
    tools: await box(page.getByRole("button", { name: "Tools" })),
  };
}

test("at 1280 px the endpoint fills the row between the method and Submit, 400 px or more, and shows a whole 51-character URL", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openMockman(page);
  const ui = mockmanUi(page);
  const row = await urlRow(page);
  expect(row.endpoint.width).toBeGreaterThanOrEqual(400);
  // Method | endpoint | Submit | Save | Tools, on one line, with only the gaps between them.
  expect(row.endpoint.x - (row.method.x + row.method.width)).toBeLessThan(12);
  expect(row.submit.x - (row.endpoint.x + row.endpoint.width)).toBeLessThan(12);
  expect(row.save.x).toBeGreaterThan(row.submit.x + row.submit.width - 1);
  expect(row.tools.x).toBeGreaterThan(row.save.x + row.save.width - 1);
  for (const b of [row.method, row.submit, row.save, row.tools]) expect(Math.abs(middle(b) - middle(row.endpoint))).toBeLessThan(6);
  // The request panel spans the workspace: nothing beside it.
  const request = await box(page.locator("#mm-request-panel"));
  expect(request.width).toBeGreaterThan(900);

  await ui.endpoint.fill(LONG_URL);
  await ui.endpoint.focus();
  expect(await allTextShown(ui.endpoint)).toBe(true);
  // Hovered too (Chromium draws the datalist arrow on hover and focus): still all shown.
  await ui.endpoint.hover();
  expect(await allTextShown(ui.endpoint)).toBe(true);
  await keepShot(page, "mockman-urlbar-1280.png");
});

test("at 375 px the endpoint has its own full-width line, and Submit, Save and Tools share the next", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openMockman(page);
  const ui = mockmanUi(page);
  const row = await urlRow(page);
  expect(row.endpoint.width).toBeGreaterThan(320);
  for (const b of [row.method, row.submit, row.save, row.tools]) {
    expect(b.y).toBeGreaterThan(row.endpoint.y + row.endpoint.height - 1);
    expect(Math.abs(middle(b) - middle(row.submit))).toBeLessThan(6);
  }
  await ui.endpoint.fill("/api/posts?limit=20&cursor=abc");
  expect(await allTextShown(ui.endpoint)).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepShot(page, "mockman-urlbar-375.png");
});

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
