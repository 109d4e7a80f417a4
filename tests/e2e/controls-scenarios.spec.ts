// Scenarios in /mockman's Mock settings (issue 32): JSON added there reaches the tab's
// mock worker, so the app shows that state (Bookmarks empty); a bad scenario says why
// and adds nothing; each is listed and cleared one by one or all.
import { expect, test, type Page } from "./fixtures";
import { loginAsGuest, seriousViolationsInPage } from "./screen-helpers";
import { keepShot } from "./helpers";

const panel = (page: Page) => page.getByRole("region", { name: "Mock settings" });
const status = (page: Page, path: string) => page.evaluate((p) => fetch(p).then((r) => r.status), path);

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("a scenario added as JSON answers in the app, is listed, and is cleared", async ({ page }) => {
      await loginAsGuest(page);
      await page.goto("/mockman");
      const json = panel(page).getByLabel("Scenario JSON");
      // One that names no route: refused, nothing added.
      await json.fill('{"method": "GET", "path": "/api/nowhere", "status": 500}');
      await panel(page).getByRole("button", { name: "Add scenarios" }).click();
      await expect(panel(page).getByRole("alert")).toContainText("GET /api/nowhere names no route of the API");
      await expect(panel(page).getByRole("list", { name: "Scenarios set" })).toHaveCount(0);

      await json.fill(
        JSON.stringify([
          { name: "feed-fails", method: "GET", path: "/api/posts", status: 503 },
          { name: "no-users", method: "GET", path: "/api/users", body: { users: [] } },
        ]),
      );
      await panel(page).getByRole("button", { name: "Add scenarios" }).click();
      const list = panel(page).getByRole("list", { name: "Scenarios set" });
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(list).toContainText("GET /api/posts → 503");
      // Each change is said in the panel's polite line.
      const said = panel(page).locator("p[aria-live=polite]");
      await expect(said).toHaveText("Scenarios added.");
      expect(await status(page, "/api/posts")).toBe(503);
      expect(await seriousViolationsInPage(page)).toEqual([]);
      await keepShot(page, `controls-scenarios-${width}.png`, true);

      await list.getByRole("button", { name: "Clear scenario feed-fails" }).click();
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(said).toHaveText("Scenario feed-fails cleared.");
      expect(await status(page, "/api/posts")).toBe(200);
      await panel(page).getByRole("button", { name: "Clear all scenarios" }).click();
      await expect(panel(page).getByRole("list", { name: "Scenarios set" })).toHaveCount(0);
      await expect(said).toHaveText("Every scenario cleared.");
      const users = await page.evaluate(() => fetch("/api/users").then((r) => r.json() as Promise<{ users: unknown[] }>));
      expect(users.users.length).toBeGreaterThan(0);
    });
  });
}
