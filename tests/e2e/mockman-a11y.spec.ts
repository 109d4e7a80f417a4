// The tester's newer controls (environments, …) pass axe in both themes at 375
// and 1280 px, without sideways scrolling; with SHOTS_DIR set, screenshots go there.
import { expect, test } from "@playwright/test";
import { scaled } from "./fixtures";
import { checkAtBothWidths, mockmanUi, openMockman } from "./mockman-helpers";

for (const theme of ["light", "dark"] as const) {
  test(`environments pass axe in the ${theme} theme at 375 and 1280 px`, async ({ page }) => {
    test.setTimeout(scaled(180_000));
    await page.addInitScript((t) => localStorage.setItem("moments-theme", t), theme);
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
    await checkAtBothWidths(page, `environment-dialog-${theme}`);
    await dialog.getByRole("button", { name: "Done" }).click();
    await ui.endpoint.fill("{{baseUrl}}/api/posts?t={{token}}");
    await expect(page.getByTestId("resolved-url")).toContainText("Resolved URL");
    await checkAtBothWidths(page, `environment-${theme}`);
  });
}
