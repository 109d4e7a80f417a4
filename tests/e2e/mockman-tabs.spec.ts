// Request tabs: each keeps its own form and answer, new/duplicate/close work,
// the strip is a keyboard tablist, and everything survives a reload.
import { expect, scaled, test } from "./fixtures";
import { mockmanUi, openMockman, section } from "./mockman-helpers";

test("tabs keep their own request and answer, and survive a reload", async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await openMockman(page);
  const ui = mockmanUi(page);
  const tablist = page.getByRole("tablist", { name: "Open requests" });
  const tabs = tablist.getByRole("tab");
  await expect(tabs).toHaveCount(1);

  // Tab 1: GET /api/test-todos, answered.
  await ui.submit.click();
  await expect(ui.status).toContainText("200");

  // Tab 2: a POST with its own body and header, answered.
  await page.getByRole("button", { name: "New tab" }).click();
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(ui.response).toContainText("Response is undefined.");
  await ui.method.selectOption("POST");
  await ui.endpoint.fill("/api/test-todos");
  await ui.body.fill('{"title": "from tab two"}');
  await page.getByLabel("Header 2 name").fill("x-tab");
  await page.getByLabel("Header 2 value").fill("two");
  await ui.submit.click();
  await expect(ui.status).toContainText("201");
  await expect(ui.response).toContainText("from tab two");

  // Back to tab 1: its own form and answer.
  await tabs.nth(0).click();
  await expect(ui.method).toHaveValue("GET");
  await expect(page.getByLabel("Header 2 name")).toHaveValue("");
  await expect(ui.status).toContainText("200");

  // Duplicate tab 2: a third tab with the same form, then change only it.
  await tabs.nth(1).click();
  await page.getByRole("button", { name: "Duplicate tab" }).click();
  await expect(tabs).toHaveCount(3);
  await expect(ui.method).toHaveValue("POST");
  await expect(page.getByLabel("Header 2 value")).toHaveValue("two");
  await ui.endpoint.fill("/api/test-todos?copy=1");
  await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");

  // Keyboard: Left moves to (and selects) tab 2, Home to tab 1, End to tab 3.
  await tabs.nth(2).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(tabs.nth(1)).toBeFocused();
  await expect(ui.endpoint).toHaveValue("/api/test-todos");
  await page.keyboard.press("Home");
  await expect(tabs.nth(0)).toBeFocused();
  await page.keyboard.press("End");
  await expect(tabs.nth(2)).toBeFocused();
  await expect(ui.endpoint).toHaveValue("/api/test-todos?copy=1");
  // The active tab names the panel it controls.
  await expect(page.locator("#mm-request-panel")).toHaveAttribute("aria-labelledby", (await tabs.nth(2).getAttribute("id"))!);

  // Reload: three tabs, the third active, each form and the small answers back.
  await page.reload();
  await expect(ui.submit).toBeEnabled({ timeout: scaled(30_000) });
  await expect(tabs).toHaveCount(3);
  await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
  await expect(ui.endpoint).toHaveValue("/api/test-todos?copy=1");
  await section(page, /^Params/);
  await expect(page.getByRole("region", { name: "Query parameters" }).getByLabel("Parameter 1 name")).toHaveValue("copy");
  await tabs.nth(1).click();
  await expect(ui.method).toHaveValue("POST");
  await expect(ui.body).toHaveText(/from tab two/);
  await expect(page.getByLabel("Header 2 name")).toHaveValue("x-tab");
  await expect(ui.status).toContainText("201");
  await tabs.nth(0).click();
  await expect(ui.status).toContainText("200");

  // Close: the middle tab, changed, asks first (as Postman asks for any edited tab); once answered it goes, and
  // its right-hand neighbour becomes active. Delete closes by keyboard.
  await tabs.nth(1).click();
  await page.getByRole("button", { name: /^Close tab/ }).click();
  await page.getByRole("dialog", { name: "Save changes to POST /api/test-todos?" }).getByRole("button", { name: "Don't save" }).click();
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(ui.endpoint).toHaveValue("/api/test-todos?copy=1");
  await tabs.nth(1).focus();
  await page.keyboard.press("Delete");
  await page
    .getByRole("dialog", { name: /^Save changes to POST/ })
    .getByRole("button", { name: "Don't save" })
    .click();
  await expect(tabs).toHaveCount(1);
  await expect(ui.method).toHaveValue("GET");
  await page.reload();
  await expect(ui.submit).toBeEnabled({ timeout: scaled(30_000) });
  await expect(tabs).toHaveCount(1);
});
