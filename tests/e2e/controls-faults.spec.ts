// The Mock settings panel on /mockman: kept across reloads, applied to the
// in-browser mock (failures, offline), and the shell's badge while it is on.
import { expect, test, type Page } from "./fixtures";
import { loginAsGuest, seriousViolationsInPage } from "./screen-helpers";
import { keepShot } from "./helpers";

const panel = (page: Page) => page.getByRole("region", { name: "Mock settings" });
const apiStatus = (page: Page) =>
  page.evaluate(() =>
    fetch("/api/posts").then(
      (r) => String(r.status),
      (e: Error) => `rejected ${e.name}`,
    ),
  );

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("failures persist across a reload, the badge shows in the app and turns them off", async ({ page }) => {
      await loginAsGuest(page);
      await page.goto("/mockman");
      await panel(page).getByLabel("Failure rate (0 to 1)").fill("1");
      await panel(page).getByLabel("Failure status").selectOption("503");
      await panel(page).getByLabel("Delay (ms)").fill("10-30");
      await page.reload();
      await expect(panel(page).getByLabel("Failure rate (0 to 1)")).toHaveValue("1");
      await expect(panel(page).getByLabel("Failure status")).toHaveValue("503");
      await expect(panel(page).getByLabel("Delay (ms)")).toHaveValue("10-30");
      expect(await apiStatus(page)).toBe("503");
      expect(await seriousViolationsInPage(page)).toEqual([]);
      await keepShot(page, `controls-panel-${width}.png`, true);

      // With every request failing the app cannot load its shell (how it copes: slow-mock.spec.ts),
      // so the shell's badge is seen with the delay alone.
      await panel(page).getByLabel("Failure rate (0 to 1)").fill("0");
      await page.goto("/home");
      const badge = page.getByRole("status").filter({ hasText: "Mock:" });
      await expect(badge).toHaveText(/^Mock: delay 10-30 ms\./);
      expect(await seriousViolationsInPage(page)).toEqual([]);
      await keepShot(page, `controls-badge-${width}.png`);
      await badge.getByRole("button", { name: "Turn off" }).click();
      await expect(badge).toHaveCount(0);
      expect(await apiStatus(page)).toBe("200");
    });

    test("offline makes the app's fetch reject as a network failure", async ({ page }) => {
      await page.goto("/mockman");
      await panel(page)
        .getByLabel(/Offline/)
        .check();
      expect(await apiStatus(page)).toBe("rejected TypeError");
      await panel(page).getByRole("button", { name: "Turn all off" }).click();
      expect(await apiStatus(page)).toBe("200");
    });

    test("a bad delay says how to write it and changes nothing", async ({ page }) => {
      await page.goto("/mockman");
      await panel(page).getByLabel("Delay (ms)").fill("soon");
      await expect(panel(page).getByRole("alert")).toContainText("such as 100-800");
      expect(await page.evaluate(() => localStorage.getItem("mockman-faults"))).toBeNull();
    });

    test("a failure rate out of range stays as typed, says the range and changes nothing", async ({ page }) => {
      await page.goto("/mockman");
      const rate = panel(page).getByLabel("Failure rate (0 to 1)");
      await rate.fill("2");
      await expect(rate).toHaveValue("2");
      await expect(rate).toHaveAttribute("aria-invalid", "true");
      await expect(panel(page).getByRole("alert")).toHaveText("Give a failure rate from 0 (never) to 1 (always), such as 0.25.");
      expect(await page.evaluate(() => localStorage.getItem("mockman-faults"))).toBeNull();
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await keepShot(panel(page), `faults-rate-error-${width}-${colorScheme}.png`);
      }
      await rate.fill("0.5");
      await expect(panel(page).getByRole("alert")).toHaveCount(0);
    });
  });
}
