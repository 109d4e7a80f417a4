// Errors (issue 5): the protected group's 404, a failed loader kept inside the
// shell, and a token gone bad logging the user out once, centrally.
import { expect, test, toastsShown, type Page } from "./fixtures";
import { goInside, loginAsGuest, postWith, SESSION_ENDED, expectToast, watchErrors } from "./screen-helpers";

test("any other path inside the protected group: 'Error 404: PageNotFound' and a Home button to /home", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await page.goto("/no/such/place");
  await expect(page.getByRole("heading", { level: 1, name: "Error 404: PageNotFound" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("signed out, an unknown path asks for a login first and returns there", async ({ page }) => {
  await page.goto("/nowhere");
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fnowhere$/);
  await page.getByRole("button", { name: "Login as Guest" }).click();
  await expect(page.getByRole("heading", { name: "Error 404: PageNotFound" })).toBeVisible();
});

/** Makes the in-browser mock answer 500 to every call under `prefix`. */
async function failCalls(page: Page, prefix: string) {
  await page.evaluate((pathPrefix) => {
    const mock = window.__moments!.mock;
    const handle = mock.handle.bind(mock);
    mock.handle = (request: Request) =>
      new URL(request.url).pathname.startsWith(pathPrefix)
        ? Promise.resolve(Response.json({ errors: ["The disk is on fire"] }, { status: 500 }))
        : handle(request);
  }, prefix);
}

test("a failed loader shows 'Unexpected Application Error!' inside the shell; the rest of the app still works", async ({ page }) => {
  await loginAsGuest(page);
  await failCalls(page, "/api/posts/user/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Unexpected Application Error!" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("The disk is on fire");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for @guest" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Explore" }).click();
  await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
});

test("a screen without its own boundary (Explore) fails inside the shell too", async ({ page }) => {
  await loginAsGuest(page);
  await failCalls(page, "/api/posts");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Explore" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Unexpected Application Error!" })).toContainText("The disk is on fire");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("a token gone bad: the next action logs out once, with a clear toast, and goes to /", async ({ page }) => {
  await loginAsGuest(page);
  await page.evaluate(() => localStorage.setItem("token", "not-a-real-token"));
  await postWith(page, "Hiring senior engineers").getByRole("button", { name: "Like" }).click();
  await expectToast(page, SESSION_ENDED);
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("userinfo")])).toEqual([null, null]);
  // One toast, not one per failed call, and not the raw API message.
  expect(
    toastsShown(page)
      .filter((t) => t.kind === "error")
      .map((t) => t.text),
  ).toEqual([SESSION_ENDED]);
  await expect(page.getByText("The token is invalid. Unauthorized access error.")).toHaveCount(0);
});

test("a token gone bad: the next screen's loader logs out the same way", async ({ page }) => {
  await loginAsGuest(page);
  await page.evaluate(() => localStorage.setItem("token", "not-a-real-token"));
  await goInside(page, "/bookmarks");
  await expectToast(page, SESSION_ENDED);
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
});
