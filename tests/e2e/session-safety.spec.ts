// What a crafted link or a second tab must not do with a session (issue 33): send the
// person off the site after login, act as whoever logged in last in another tab, or leave
// a signed-out user's token and private answers in IndexedDB.
import type { Page } from "@playwright/test";
import { expect, expectToast, test, toastsShown } from "./fixtures";
import { loginAsGuest } from "./helpers";

// Each was a live open redirect through /?redirectTo=: the URL parser drops the tab and
// resolves `/../\` to `//`.
for (const payload of ["/\t/evil.example/phish", "/%2F..%2F%5Cevil.example", "/%09/evil.example/phish"]) {
  test(`login with redirectTo ${JSON.stringify(payload)} stays on the app`, async ({ page }) => {
    const left: string[] = [];
    await page.route(
      (url) => url.hostname.endsWith("evil.example"),
      (route) => {
        left.push(route.request().url());
        return route.abort();
      },
    );
    await page.goto(`/?redirectTo=${encodeURIComponent(payload)}`);
    await page.getByRole("button", { name: "Login as Guest" }).click();
    await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    // Opening the link again while signed in goes home too.
    await page.goto(`/?redirectTo=${encodeURIComponent(payload)}`);
    await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
    expect(left).toEqual([]);
  });
}

/** Signs `page`'s storage in as another seeded user, as that tab's login would. */
async function loginElsewhere(page: Page, username: string, password: string) {
  await page.evaluate(
    async ({ username, password }) => {
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      const { encodedToken, foundUser } = (await response.json()) as { encodedToken: string; foundUser: unknown };
      localStorage.setItem("token", encodedToken);
      localStorage.setItem("userinfo", JSON.stringify(foundUser));
    },
    { username, password },
  );
}

test("a tab left open follows another tab's login: it shows the new user and never writes as them under the old one's face", async ({
  context,
}) => {
  const first = await context.newPage();
  await loginAsGuest(first);
  await expect(first.getByRole("button", { name: "Account menu for @guest" })).toBeVisible();

  const second = await context.newPage();
  await second.goto("/home");
  await expect(second.getByRole("heading", { name: "Homepage" })).toBeVisible();
  await loginElsewhere(second, "adasterling", "ada-cto-2024");

  // The first tab reloads as the user now signed in: what it shows is who it acts as.
  await expect(first.getByRole("button", { name: "Account menu for @adasterling" })).toBeVisible();
  await expect(first.getByRole("button", { name: "Account menu for @guest" })).toHaveCount(0);
});

test("logout leaves no token and no private answer in the answers kept for the next boot", async ({ page }) => {
  await loginAsGuest(page);
  const token = (await page.evaluate(() => localStorage.getItem("token")))!;
  await page.goto("/bookmarks");
  await expect(page.getByRole("heading", { level: 1, name: "Bookmark" })).toBeVisible();
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();

  const keptRows = () =>
    page.evaluate(
      () =>
        new Promise<string>((done, fail) => {
          const opening = indexedDB.open("moments-ready-answers");
          opening.onerror = () => fail(opening.error);
          opening.onsuccess = () => {
            const db = opening.result;
            if (!db.objectStoreNames.contains("answers")) return done("[]");
            const read = db.transaction("answers").objectStore("answers").getAll();
            read.onsuccess = () => {
              db.close();
              done(JSON.stringify(read.result));
            };
          };
        }),
    );
  // Kept while signed in (the worker writes them in the background), but never under the token itself.
  await expect.poll(async () => (await keptRows()).includes("/api/users/bookmark")).toBe(true);
  expect(await keptRows()).not.toContain(token);

  await page.getByRole("button", { name: "Account menu for @guest" }).click();
  await page.getByRole("menuitem", { name: "Logout @guest" }).click();
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  const after = await keptRows();
  expect(after).not.toContain("/api/users/bookmark");
  expect(after).not.toContain("/api/notifications");
  expect(after).not.toContain(token);
});

// A logout chosen in one tab showed the other tab a red "Your session has ended: please log in again.", as if
// something had gone wrong there. That tab goes back to the login screen quietly, as on X; a session that
// died (a reset, a bad token) still says so (session-removed.spec.ts).
test("a logout in another tab takes this one back to the login screen without 'Your session has ended'", async ({ context }) => {
  const first = await context.newPage();
  await loginAsGuest(first);
  const second = await context.newPage();
  await second.goto("/home");
  await expect(second.getByRole("heading", { name: "Homepage" })).toBeVisible();

  await first.getByRole("button", { name: "Account menu for @guest" }).click();
  await first.getByRole("menuitem", { name: "Logout @guest" }).click();
  await expectToast(first, "Logged out successfully");
  await expect(second.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  // The login screen has settled: its own toasts, if any, have shown by now.
  await expect(second.getByRole("heading", { name: "Join Moments today" })).toBeVisible();
  expect(toastsShown(second).map((t) => t.text)).toEqual([]);
  expect(await second.evaluate(() => localStorage.length)).toBe(0);
});
