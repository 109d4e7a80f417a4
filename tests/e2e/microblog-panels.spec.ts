// Panels fail alone (issue 24, item 6): a failed 'Who to follow' read shows
// inside its panel with a Retry, and the feed stays. Only that read fails here:
// the page's fetch is wrapped to answer 500 for it, so the test is exact
// (the mock's own fault injection fails a share of every request, at random).
import { expect, test, type Page } from "./fixtures";
import { feed, loginAsGuest, seriousViolationsInPage, watchErrors, keepShot } from "./helpers";
import { goInside, noToasts } from "./screen-helpers";

async function failSuggestions(page: Page, on: boolean) {
  await page.evaluate((fail) => {
    const w = window as unknown as { __realFetch?: typeof fetch };
    w.__realFetch ??= window.fetch;
    const real = w.__realFetch;
    window.fetch = fail
      ? (input, init) =>
          /\/api\/users\?limit=/.test(String(input instanceof Request ? input.url : input))
            ? Promise.resolve(new Response(JSON.stringify({ errors: ["Injected failure"] }), { status: 500 }))
            : real(input, init)
      : real;
  }, on);
}

for (const width of [1280, 375]) {
  test(`a failing 'Who to follow' read leaves the feed, and Retry reads it again (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const errors = watchErrors(page);
    await loginAsGuest(page);
    await noToasts(page);
    await failSuggestions(page, true);
    await goInside(page, "/explore");
    await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
    await goInside(page, "/home");
    await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
    await expect(feed(page).getByRole("article").first()).toBeVisible();
    const panel = page.getByRole("region", { name: "Who to follow" });
    await expect(panel.getByRole("alert")).toContainText("Could not load suggestions: Injected failure");
    expect(await seriousViolationsInPage(page)).toEqual([]);
    await keepShot(page, `panel-failure-${width}.png`);
    await failSuggestions(page, false);
    await panel.getByRole("button", { name: "Retry" }).click();
    await expect(panel.getByRole("listitem")).toHaveCount(3);
    await expect(panel.getByRole("alert")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
