// A signed-up user whose account a reset in another tab removed (issue 5): two
// pages of one browser context share IndexedDB and local storage, as two tabs do.
import { expect, test, toastsShown } from "./fixtures";
import { SESSION_ENDED, signUp, expectToast } from "./screen-helpers";

test("the reset tab's next request finds the account gone; the other tab is told at once too", async ({ context }) => {
  const first = await context.newPage();
  await signUp(first, "newbie", "Newbie");
  await expect(first.getByRole("button", { name: "Account menu for @newbie" })).toBeVisible();

  const second = await context.newPage();
  await second.goto("/settings");
  await second.getByRole("button", { name: "Reset data…" }).click();
  await second.getByRole("dialog", { name: "Reset all data?" }).getByRole("button", { name: "Reset data" }).click();
  // The reset removed @newbie: the screens' revalidation finds the session dead.
  await expectToast(second, SESSION_ENDED);
  await expect(second.getByRole("button", { name: "Login as Guest" })).toBeVisible();

  // The first tab sees local storage cleared and leaves with the same toast.
  await expectToast(first, SESSION_ENDED);
  await expect(first.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  expect(await first.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

// The reset is announced to every tab (app/lib/live-changes.ts), whose screens read again: the first
// tab's own next request is that read, so it leaves at once, without waiting for a click.
test("with the token still stored, the removed user's tab logs out with one clear toast as soon as the reset is announced", async ({
  context,
}) => {
  const first = await context.newPage();
  await signUp(first, "newbie", "Newbie");

  // Another tab resets the shared database underneath, leaving local storage alone.
  const second = await context.newPage();
  await second.goto("/home");
  await expect(second.getByRole("heading", { name: "Homepage" })).toBeVisible();
  await second.evaluate(() => window.__moments!.mock.reset());

  await expectToast(first, SESSION_ENDED);
  await expect(first.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  expect(
    toastsShown(first)
      .filter((t) => t.kind === "error")
      .map((t) => t.text),
  ).toEqual([SESSION_ENDED]);
  // Its logout reaches the other tab as well.
  await expectToast(second, SESSION_ENDED);
  await expect(second.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  // The guest's account is back, untouched by any of this.
  await second.getByRole("button", { name: "Login as Guest" }).click();
  await expect(second.getByRole("heading", { name: "Homepage" })).toBeVisible();
});
