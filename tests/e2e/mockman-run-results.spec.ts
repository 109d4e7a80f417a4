// Issue 46, a Run's results: named as the collection names its requests ("List
// posts", not a slug), each opening to the request sent, the response and every
// assertion, with All and Failed filters, at 375 and 1280 px, axe clean in both themes.
import { expect, scaled, test, type Page } from "./fixtures";
import { checkInBothThemes, importCollection } from "./mockman-helpers";
import { keepShot } from "./helpers";

const test_ = (source: string) => [{ listen: "test", script: { exec: [source] } }];
const COLLECTION = JSON.stringify({
  info: { name: "Moments API", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
  item: [
    {
      name: "Todos",
      request: { method: "GET", url: "/api/test-todos" },
      event: test_("pm.test('answers 200', () => pm.response.to.have.status(200));"),
    },
    {
      name: "Posts",
      item: [
        {
          name: "List posts",
          request: { method: "GET", url: "/api/posts?limit=2" },
          event: test_(
            "pm.test('has posts', () => pm.expect(pm.response.json().posts.length).to.equal(2)); pm.test('never holds', () => pm.expect(pm.response.code).to.equal(299));",
          ),
        },
      ],
    },
  ],
});

async function runCollection(page: Page) {
  const menu = await importCollection(page, COLLECTION, "Moments API", 2);
  await menu("Run");
  const runner = page.getByRole("dialog", { name: "Run Moments API" });
  await runner.getByLabel("Iterations").fill("1");
  await runner.getByRole("button", { name: "Run", exact: true }).click();
  await expect(runner.getByTestId("run-summary")).toContainText("Done.", { timeout: scaled(60_000) });
  return runner;
}

for (const width of [375, 1280]) {
  test(`at ${width} px a Run's results carry the requests' names and open to request, response and every assertion`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const runner = await runCollection(page);
    const results = runner
      .getByRole("list", { name: "Run results" })
      .getByRole("listitem")
      .filter({ has: page.locator("summary") });
    await expect(results).toHaveCount(2);
    await expect(results.nth(0).locator(".mm-run-name")).toHaveText("Todos");
    await expect(results.nth(1).locator(".mm-run-name")).toHaveText("List posts");
    await expect(runner).not.toContainText("list-posts");

    // Opened: the request sent, the response and each assertion, passed and failed.
    await results.nth(1).locator("summary").click();
    const detail = results.nth(1).locator(".mm-run-detail");
    await expect(detail).toBeVisible();
    await expect(detail).toContainText("GET /api/posts?limit=2");
    await expect(detail).toContainText("200 OK");
    await expect(detail.locator("pre").last()).toContainText('"posts"');
    const assertions = detail.getByRole("list", { name: "Assertions of List posts" }).getByRole("listitem");
    await expect(assertions).toHaveText(["✓ has posts", /^✗ never holds/]);
    await keepShot(page, `mockman-run-results-${width}.png`);

    // Filters: Failed shows only List posts; All both again.
    await runner.getByRole("radio", { name: "Failed (1)" }).check();
    await expect(results).toHaveCount(1);
    await expect(results.first().locator(".mm-run-name")).toHaveText("List posts");
    await runner.getByRole("radio", { name: "All (2)" }).check();
    await expect(results).toHaveCount(2);
  });
}

test("an opened Run result passes axe in the light and the dark theme at 375 and 1280 px", async ({ page }) => {
  const runner = await runCollection(page);
  await runner.getByRole("list", { name: "Run results" }).locator("summary").nth(1).click();
  await expect(runner.locator(".mm-run-detail")).toBeVisible();
  await checkInBothThemes(page, "run-results");
});
