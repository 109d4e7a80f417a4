// A signed-up user whose account a reset in another tab removed (issue 5): two
// pages of one browser context share IndexedDB and local storage, as two tabs do.
import { expect, test } from "@playwright/test";
import { postWith, SESSION_ENDED, signUp, toast } from "./screen-helpers";

test("the reset tab's next request finds the account gone; the other tab is told at once too", async ({ context }) => {
  const first = await context.newPage();
  await signUp(first, "newbie", "Newbie");
  await expect(first.getByRole("button", { name: "Account menu for @newbie" })).toBeVisible();

  const second = await context.newPage();
  await second.goto("/settings");
  await second.getByRole("button", { name: "Reset data…" }).click();
  await second.getByRole("dialog", { name: "Reset all data?" }).getByRole("button", { name: "Reset data" }).click();
  // The reset removed @newbie: the screens' revalidation finds the session dead.
  await expect(toast(second, SESSION_ENDED)).toBeVisible();
  await expect(second.getByRole("button", { name: "Login as Guest" })).toBeVisible();

  // The first tab sees local storage cleared and leaves with the same toast.
  await expect(toast(first, SESSION_ENDED)).toBeVisible();
  await expect(first.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  expect(await first.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("with the token still stored, the next request of the removed user logs them out with a clear toast", async ({ context }) => {
  const first = await context.newPage();
  await signUp(first, "newbie", "Newbie");

  // Another tab resets the shared database underneath, leaving local storage alone.
  const second = await context.newPage();
  await second.goto("/home");
  await expect(second.getByRole("heading", { name: "Homepage" })).toBeVisible();
  await second.evaluate(() => window.__moments!.mock.reset());
  expect(await first.evaluate(() => localStorage.getItem("token"))).not.toBeNull();

  await postWith(first, "Hiring senior engineers").getByRole("button", { name: "Like" }).click();
  await expect(toast(first, SESSION_ENDED)).toBeVisible();
  await expect(first.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  await expect(first.locator(".Toastify__toast--error")).toHaveCount(1);
  // Its logout reaches the other tab as well.
  await expect(toast(second, SESSION_ENDED)).toBeVisible();
  await expect(second.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  // The guest's account is back, untouched by any of this.
  await second.getByRole("button", { name: "Login as Guest" }).click();
  await expect(second.getByRole("heading", { name: "Homepage" })).toBeVisible();
});
