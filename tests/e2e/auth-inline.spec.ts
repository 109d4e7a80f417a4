// Issue 34: login and signup say what went wrong inside the form, at the field it
// concerns (aria-invalid, focus moved there), beside the spec's toasts; signup checks
// the username while you type and hints at the password's strength.
import { expect, test, type Page } from "./fixtures";
import { axeViolations, expectToast } from "./helpers";
import { noToasts, shoot, systemTheme } from "./screen-helpers";

/** Every axe violation, of any impact, in the light and the dark theme, once the toasts have gone: [] when clean. */
async function axeInBothThemes(page: Page) {
  await noToasts(page);
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await systemTheme(page, colorScheme);
    // axeViolations reads the colours once the theme's change has finished.
    for (const line of await axeViolations(page)) found.push(`${colorScheme}: ${line}`);
  }
  await systemTheme(page, "light");
  return found;
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    // Reduced motion: axe measures the dialog once it has faded in, not halfway.
    test.use({ reducedMotion: "reduce" });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test("a refused login marks the field it concerns and moves focus there", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Login" });
      const username = dialog.getByLabel("Username");
      const password = dialog.getByLabel("Password");

      await username.fill("nobody");
      await password.fill("whatever");
      await dialog.getByRole("button", { name: "Login", exact: true }).click();
      await expectToast(page, "user not found");
      await expect(dialog.getByText("No account with this username", { exact: true })).toBeVisible();
      await expect(username).toHaveAttribute("aria-invalid", "true");
      await expect(username).toHaveAccessibleDescription(/No account with this username/);
      await expect(username).toBeFocused();

      await username.fill("guest");
      await expect(username).not.toHaveAttribute("aria-invalid", "true");
      await password.fill("wrong-password");
      await dialog.getByRole("button", { name: "Login", exact: true }).click();
      await expectToast(page, "The credentials you entered are invalid. Unauthorized access error.");
      await expect(dialog.getByText("Wrong password for this username", { exact: true })).toBeVisible();
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(password).toBeFocused();
      await expect(username).not.toHaveAttribute("aria-invalid", "true");
      await shoot(page, "login-wrong-password");
      // The form with its inline error passes axe (no violation of any impact), light and dark.
      expect(await axeInBothThemes(page)).toEqual([]);
      await expect(page).toHaveURL(/\/$/);
    });

    test("signup checks the username while typing, hints the password's strength, and marks a taken name", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Signup", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Signup" });
      const username = dialog.getByLabel("Username");
      await dialog.getByLabel("Name", { exact: true }).fill("Nina");

      await username.fill("guest");
      await expect(dialog.getByText("That username is taken", { exact: true })).toBeVisible();
      await expect(username).toHaveAttribute("aria-invalid", "true");
      await username.fill("nina_k");
      await expect(dialog.getByText("@nina_k is free.")).toBeVisible();
      await expect(username).not.toHaveAttribute("aria-invalid", "true");

      const password = dialog.getByLabel("Password", { exact: true });
      await password.fill("a");
      await expect(password).toHaveAccessibleDescription(/Strength: weak/);
      await password.fill("secret-12345");
      await expect(password).toHaveAccessibleDescription(/Strength: strong/);
      await shoot(page, "signup-checks");
      // A hint only: one character still signs up (the spec's one rule is 'required').
      await password.fill("x");
      await dialog.getByLabel("Confirm Password").fill("x");

      // Submitted at once as a taken name, before the check could answer: the API's refusal lands at the field too.
      await username.fill("adasterling");
      await dialog.getByRole("button", { name: "Create account" }).click();
      await expectToast(page, "Unprocessable Entity. Username Already Exists.");
      await expect(dialog.getByText("That username is taken", { exact: true })).toBeVisible();
      await expect(username).toHaveAttribute("aria-invalid", "true");
      await expect(username).toBeFocused();
      await expect(page).toHaveURL(/\/$/);
      await shoot(page, "signup-taken");
      expect(await axeInBothThemes(page)).toEqual([]);

      await username.fill("nina_k");
      await password.fill("x");
      await dialog.getByLabel("Confirm Password").fill("x");
      await dialog.getByRole("button", { name: "Create account" }).click();
      await expectToast(page, "Loggedin Successfully");
      await expect(page).toHaveURL(/\/home$/);
    });
  });
}
