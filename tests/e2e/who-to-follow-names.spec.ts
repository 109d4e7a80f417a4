// 'Who to follow' in the right column (1180 px and wider) shows a name of 12 characters, the
// Name field's maximum (CONTRACT §5), whole: at 1280x800 the seeded "Ada Sterling" and "Lena
// Okafor" were cut to "Ada Sterl…" and "Lena Oka…". Checked at the narrowest width with the
// column, at 1280 and wider, with the seeded names and a 12-letter first name of wide letters.
// Someone who follows you is offered "Follow back" there too, as everywhere else, and a full name that
// fits the column shows whole beside it: "Guest Developer" was cut to "Guest Develo…" beside Follow.
import { expect, test, type Page } from "./fixtures";
import { keepShot } from "./helpers";
import { loginAsGuest, shoot, watchErrors } from "./screen-helpers";
import { apiCall } from "./microblog-helpers";

const column = (page: Page) => page.getByRole("complementary", { name: "Suggestions" });
const LONG = "Maximilianus";

/** Each suggestion's name and how many px of it are cut off (0: shown whole). */
const cutOff = (page: Page) =>
  column(page)
    .locator(".suggestion__name")
    .evaluateAll((names) => names.map((el) => ({ name: el.textContent, cut: el.scrollWidth - el.clientWidth })));

test.use({ reducedMotion: "reduce" });

for (const width of [1180, 1280, 1440]) {
  test(`at ${width} px every name of 12 characters shows whole in Who to follow`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    expect(LONG).toHaveLength(12);
    // Two who follow the guest, one with a 12-letter name, one with a first and last name.
    for (const body of [
      { firstName: LONG, username: "maxi" },
      { firstName: "Guest", lastName: "Developer", username: "gdev" },
    ]) {
      const signup = await apiCall(page, "POST", "/auth/signup", { body: { ...body, password: "secret123" } });
      expect(signup.status).toBe(201);
      const follow = await apiCall(page, "POST", "/users/follow/guest", { token: signup.body.encodedToken as string });
      expect(follow.status).toBe(200);
    }
    await loginAsGuest(page);
    const aside = column(page);
    await expect(aside.getByRole("heading", { name: "Who to follow" })).toBeVisible();
    for (const name of ["Ada Sterling", "Lena Okafor", LONG, "Guest Developer"])
      await expect(aside.locator(".suggestion__name", { hasText: name })).toBeVisible();
    for (const who of ["maxi", "gdev"]) await expect(aside.getByRole("button", { name: `Follow back @${who}` })).toHaveText("Follow back");
    for (const { name, cut } of await cutOff(page)) expect(cut, `${name} is cut off`).toBeLessThanOrEqual(0);
    // 'Following' is wider than 'Follow': the name keeps its room once followed too.
    await aside.getByRole("button", { name: "Follow back @maxi" }).click();
    await expect(aside.getByRole("button", { name: /^Following @maxi/ })).toBeVisible();
    for (const { name, cut } of await cutOff(page)) expect(cut, `${name} is cut off beside Following`).toBeLessThanOrEqual(0);
    // Each Follow stays inside the column, beside its name.
    const panel = (await aside.locator(".panel").boundingBox())!;
    for (const button of await aside.getByRole("button", { name: /^Follow/ }).all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
    }
    if (width !== 1440) await shoot(page, "who-to-follow");
    else await keepShot(page, `who-to-follow-${width}.png`);
    expect(errors).toEqual([]);
  });
}
