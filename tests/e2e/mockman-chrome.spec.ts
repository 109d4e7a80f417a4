// Issue 46, the page's chrome: a status line that never moves the layout, menu
// items with one ellipsis, section tabs that show they scroll on a phone, and a
// × on each request tab with a + after the last.
import { expect, test, type Page } from "./fixtures";
import { checkInBothThemes, mockmanUi, openMockman, tool } from "./mockman-helpers";
import { keepShot } from "./helpers";

const top = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!.y;

for (const width of [375, 1280]) {
  test(`at ${width} px a status message shows in a fixed line at the window's foot and moves nothing`, async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize({ width, height: 800 });
    await openMockman(page);
    const ui = mockmanUi(page);
    const before = { tabs: await top(page, ".mm-tabs"), request: await top(page, "#mm-request-panel") };
    await tool(page, "Copy as cURL");
    await expect(ui.notice).toHaveText(/^Copied the request as a cURL command/);
    expect(await top(page, ".mm-tabs")).toBe(before.tabs);
    expect(await top(page, "#mm-request-panel")).toBe(before.request);
    const line = (await ui.notice.boundingBox())!;
    expect(Math.abs(line.y + line.height - 800)).toBeLessThan(1);
    expect(await ui.notice.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    // The page's end is not hidden behind it: scrolled to the bottom, the last panel ends above the line.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = (await page.locator(".mm-faults").boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(line.y + 1);
  });
}

test("a collection's menu reads 'Edit scripts…' and 'Run…', one ellipsis each", async ({ page }) => {
  await openMockman(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Save request" });
  await dialog.getByLabel("Request name").fill("Todos");
  await dialog.getByLabel("New collection name").fill("Work");
  await dialog.getByRole("button", { name: "Save" }).click();
  const sidebar = page.getByRole("region", { name: "Collections" });
  await sidebar.getByRole("button", { name: "Actions for Work", exact: true }).click();
  const menu = page.getByRole("menu", { name: "Actions for Work" });
  await expect(menu.getByRole("menuitem", { name: "Edit scripts", exact: true })).toHaveText("Edit scripts…");
  await expect(menu.getByRole("menuitem", { name: "Run", exact: true })).toHaveText("Run…");
  for (const text of await menu.getByRole("menuitem").allTextContents()) expect(text).not.toContain("……");
});

test("at 375 px the request's section tabs show that more lie to the right, and to the left once scrolled", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openMockman(page);
  const strip = page.getByRole("tablist", { name: "Request sections" });
  const wrap = page.locator(".mm-section-tabs-wrap").filter({ has: strip });
  const cue = (side: "before" | "after") => wrap.evaluate((el, s) => getComputedStyle(el, `::${s}`).opacity, side);
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(wrap).toHaveAttribute("data-more-end", "true");
  await expect(wrap).toHaveAttribute("data-more-start", "false");
  expect(await cue("after")).toBe("1");
  expect(await cue("before")).toBe("0");
  await keepShot(page, "mockman-section-tabs-375.png");
  // End selects Settings, the last, which scrolls into view.
  await strip.getByRole("tab", { name: "Body" }).focus();
  await page.keyboard.press("End");
  await expect(strip.getByRole("tab", { name: "Settings" })).toBeFocused();
  await expect(wrap).toHaveAttribute("data-more-start", "true");
  await expect(wrap).toHaveAttribute("data-more-end", "false");
  expect(await cue("before")).toBe("1");
  // At 1280 px they fit: no cue.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(wrap).toHaveAttribute("data-more-end", "false");
  await expect(wrap).toHaveAttribute("data-more-start", "false");
});

for (const width of [375, 1280]) {
  test(`at ${width} px each request tab has a × that closes it, and a + after the last tab opens one`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openMockman(page);
    const ui = mockmanUi(page);
    const tabs = page.getByRole("tablist", { name: "Open requests" }).getByRole("tab");
    const plus = page.getByRole("button", { name: "New tab" });
    await expect(tabs).toHaveCount(1);
    await plus.click();
    await expect(tabs).toHaveCount(2);
    await ui.endpoint.fill("/api/posts");
    await expect(tabs.nth(1)).toHaveAccessibleName(/^GET \/api\/posts/);
    // The + sits right after the strip (which scrolls on a phone, the last tab at its end), on its line.
    const strip = (await page.getByRole("tablist", { name: "Open requests" }).boundingBox())!;
    const plusBox = (await plus.boundingBox())!;
    expect(plusBox.x).toBeGreaterThanOrEqual(strip.x + strip.width);
    expect(plusBox.x - (strip.x + strip.width)).toBeLessThan(16);
    expect(Math.abs(plusBox.y + plusBox.height - (strip.y + strip.height))).toBeLessThan(4);
    // The × is not part of the tab's name, and closes its own tab (not the active one).
    await expect(tabs.nth(0)).not.toHaveAccessibleName(/×/);
    await expect(tabs.nth(0)).toHaveText("GET /api/test-todos");
    await tabs.nth(0).getByTestId("tab-close").click();
    await expect(tabs).toHaveCount(1);
    await expect(ui.endpoint).toHaveValue("/api/posts");
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  });
}

test("the status line, the tab strip and the scrolled section tabs pass axe in the light and the dark theme at 375 and 1280 px", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openMockman(page);
  await page.getByRole("button", { name: "New tab" }).click();
  await tool(page, "Copy as cURL");
  await expect(mockmanUi(page).notice).toHaveText(/^Copied the request as a cURL command/);
  await checkInBothThemes(page, "chrome");
});
