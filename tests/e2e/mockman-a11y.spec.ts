// The tester's newer controls (environments, …) pass axe in both themes at 375
// and 1280 px, without sideways scrolling; with SHOTS_DIR set, screenshots go there.
import { expect, scaled, test } from "./fixtures";
import { checkInBothThemes, mockmanUi, openMockman } from "./mockman-helpers";

test("environments pass axe in the light and the dark theme at 375 and 1280 px", async ({ page }) => {
  test.setTimeout(scaled(180_000));
  await openMockman(page);
  const ui = mockmanUi(page);
  await page.getByRole("button", { name: "Environment", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Environments" });
  await dialog.getByRole("button", { name: "New environment" }).click();
  await dialog.getByRole("button", { name: "Add variable" }).click();
  await dialog.getByLabel("Variable 2 name").fill("token");
  await dialog.getByLabel("Variable 2 value").fill("s3cret");
  await dialog.getByLabel("Variable 2 secret").check();
  await dialog.getByRole("button", { name: "Add variable" }).click();
  await dialog.getByLabel("Variable 3 name").fill("bad name");
  await checkInBothThemes(page, "environment-dialog");
  await dialog.getByRole("button", { name: "Done" }).click();
  await ui.endpoint.fill("{{baseUrl}}/api/posts?t={{token}}");
  await expect(page.getByTestId("resolved-url")).toContainText("Resolved URL");
  await checkInBothThemes(page, "environment");
});
