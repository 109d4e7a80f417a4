// A token in localStorage with `userinfo` missing or not valid JSON: every
// protected page used to hang on 'Loading Moments…'. Now the session ends with
// the usual toast, the visitor lands on /, and logging in works again.
import { expect, test } from "./fixtures";
import { SESSION_ENDED, loginAsGuest, expectToast } from "./screen-helpers";

for (const [what, damage] of [
  ["missing", () => localStorage.removeItem("userinfo")],
  ["not JSON", () => localStorage.setItem("userinfo", "{ not json")],
  ["JSON without a username", () => localStorage.setItem("userinfo", "[1,2,3]")],
] as const) {
  test(`userinfo ${what}: the session ends, on / with the toast`, async ({ page }) => {
    await loginAsGuest(page);
    await page.evaluate(damage);
    for (const path of ["/home", "/explore", "/profile/guest", "/"]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
      await expect(page.getByText("Loading Moments…")).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
      if (path === "/home") await expectToast(page, SESSION_ENDED);
      // Damage it again for the next screen.
      await page.evaluate(() => localStorage.setItem("token", "eyJhbGciOiJIUzI1NiJ9.e30.x"));
      await page.evaluate(damage);
    }
    await page.evaluate(() => localStorage.clear());
    await loginAsGuest(page);
  });
}
