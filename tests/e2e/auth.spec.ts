// Welcome page and session flows (issue 4): guest login, signup, login failure,
// redirect to the origin, logout.
import { expect, test } from "./fixtures";
import { loginAsGuest, expectToast, watchErrors } from "./helpers";

test("the welcome page shows the taglines and the three ways in", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/");
  for (const line of ["Share moments", "Connect", "Know the world"]) await expect(page.getByText(line, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Signup", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("Login as Guest signs in, keeps the session in localStorage and lands on /home", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await expectToast(page, "LoggedIn successfully");
  const session = await page.evaluate(() => ({
    token: localStorage.getItem("token"),
    user: JSON.parse(localStorage.getItem("userinfo") ?? "null"),
  }));
  expect(session.token).toBeTruthy();
  expect(session.user.username).toBe("guest");
  expect(session.user.password).toBeUndefined();
  // With a token, / sends the user on.
  await page.goto("/");
  await expect(page).toHaveURL(/\/home$/);
  expect(errors).toEqual([]);
});

test("signup checks every field, compares the passwords, and navigates only once it succeeded", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Signup", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Signup" });
  await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();
  await dialog.getByRole("button", { name: "Create account" }).click();
  for (const text of ["Name is required", "Username is required", "Password is required", "Confirm Password is required"]) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel("Name", { exact: true }).fill("Averyveryverylong");
  await expect(dialog.getByText("Name must be at most 12 characters")).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill("Nina");
  await dialog.getByLabel("Username").fill("nina_k");
  await dialog.getByLabel("Password", { exact: true }).fill("secret-1");
  await dialog.getByLabel("Confirm Password").fill("secret-2");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByText("Password do not match")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // A taken username: the server's message, and no navigation.
  await dialog.getByLabel("Username").fill("guest");
  await dialog.getByLabel("Confirm Password").fill("secret-1");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expectToast(page, "Unprocessable Entity. Username Already Exists.");
  await expect(page).toHaveURL(/\/$/);

  await dialog.getByLabel("Username").fill("nina_k");
  await dialog.getByLabel("Password", { exact: true }).fill("secret-1");
  await dialog.getByLabel("Confirm Password").fill("secret-1");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expectToast(page, "Loggedin Successfully");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Account menu for @nina_k" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("login failures toast 'user not found' for an unknown username and the server's message otherwise", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(dialog.getByText("Username is required")).toBeVisible();
  await expect(dialog.getByText("Password is required")).toBeVisible();

  await dialog.getByLabel("Username").fill("nobody");
  await dialog.getByLabel("Password").fill("whatever");
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expectToast(page, "user not found");
  await expect(page).toHaveURL(/\/$/);

  await dialog.getByLabel("Username").fill("guest");
  await dialog.getByLabel("Password").fill("wrong-password");
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expectToast(page, "The credentials you entered are invalid. Unauthorized access error.");
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("a signed-out visit to a protected page goes to / and returns there after login", async ({ page }) => {
  await page.goto("/explore");
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fexplore$/);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Username").fill("guest");
  await dialog.getByLabel("Password").fill("guest1234");
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expectToast(page, "LoggedIn successfully");
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
});

test("the modal traps focus, closes on Escape and gives focus back to its button", async ({ page }) => {
  await page.goto("/");
  const opener = page.getByRole("button", { name: "Login", exact: true });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await expect(dialog.getByLabel("Username")).toBeFocused();
  // Tab past the last control comes back round inside the dialog.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("logout clears local storage, toasts and goes to /", async ({ page }) => {
  await loginAsGuest(page);
  await page.getByRole("button", { name: "Account menu for @guest" }).click();
  await page.getByRole("menuitem", { name: "Logout @guest" }).click();
  await expectToast(page, "Logged out successfully");
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fhome$/);
});

test("on a phone the places sit in a bottom bar and the chip's menu still logs out", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAsGuest(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const box = await nav.boundingBox();
  expect(box!.y + box!.height).toBeGreaterThan(750);
  await nav.getByRole("link", { name: "Explore" }).click();
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
  await page.getByRole("button", { name: "Account menu for @guest" }).click();
  await page.getByRole("menuitem", { name: "Logout @guest" }).click();
  await expect(page).toHaveURL(/\/$/);
});
