// Tabs, the Code dialog and the body editor (with an error showing) pass axe in
// both themes at 375 and 1280 px, without sideways scrolling; with SHOTS_DIR set, screenshots go there.
import { expect, scaled, test } from "./fixtures";
import { checkInBothThemes, mockmanUi, openMockman, tool } from "./mockman-helpers";

test("tabs, Code and the body editor pass axe in the light and the dark theme at 375 and 1280 px", async ({ page }) => {
  test.setTimeout(scaled(180_000));
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.submit.click();
  await expect(ui.status).toContainText("200");
  await page.getByRole("button", { name: "New tab" }).click();
  await ui.method.selectOption("PATCH");
  await ui.endpoint.fill("/api/test-todos/some-id?limit=5");
  await ui.body.fill('{"title": "half done",\n  "done" true}');
  await expect(page.locator("#mm-body-help")).toContainText("line 2");
  await checkInBothThemes(page, "tabs-editor");
  await ui.body.fill('{"title": "half done", "done": true}');
  await tool(page, "Code");
  await expect(page.getByRole("dialog", { name: "Code" })).toBeVisible();
  await checkInBothThemes(page, "code-dialog");
});
