// Issue 35, the layout: method, endpoint, Submit and Tools on one line; the
// request's sections as tabs under it with the headers editor and the JSON body
// in the first screen at 1280×800; the response below the request (issue 46: a
// split that moves on wide screens, none on a phone); the helpers in a menu; the
// serve address in Settings.
import { expect, test, type Locator, type Page } from "./fixtures";
import { checkInBothThemes, mockmanUi, openMockman, section, tool } from "./mockman-helpers";

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b!;
};
const middle = (b: { y: number; height: number }) => b.y + b.height / 2;

/** Gaps between each visible hint/error paragraph and each section title under it, in the request panel. */
async function tightGaps(page: Page) {
  return page.locator("#mm-request-panel").evaluate((panel) => {
    const shown = (e: Element) => (e as HTMLElement).offsetParent !== null;
    const hints = [...panel.querySelectorAll(".mm-hint, .mm-error")].filter(shown);
    const titles = [...panel.querySelectorAll(".mm-section-title, legend, .mm-section-tabs")].filter(shown);
    const found: string[] = [];
    for (const hint of hints) {
      const h = hint.getBoundingClientRect();
      for (const title of titles) {
        const t = title.getBoundingClientRect();
        const sideBySide = t.right <= h.left || t.left >= h.right;
        if (sideBySide || t.top < h.top) continue;
        if (t.top - h.bottom < 4) found.push(`"${hint.textContent}" is ${Math.round(t.top - h.bottom)} px above "${title.textContent}"`);
      }
    }
    return found;
  });
}

test("at 1280×800 the URL bar, the sections, the headers and the JSON body are in the first screen; the response is below", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openMockman(page);
  const ui = mockmanUi(page);
  const tools = page.getByRole("button", { name: "Tools" });

  // One line: method, endpoint, Submit, Tools.
  const endpoint = await box(ui.endpoint);
  for (const control of [ui.method, ui.submit, tools]) expect(Math.abs(middle(await box(control)) - middle(endpoint))).toBeLessThan(6);
  const submit = await box(ui.submit);
  expect(submit.x).toBeGreaterThan(endpoint.x + endpoint.width - 1);

  // The sections right under it, Body first.
  const sections = page.getByRole("tablist", { name: "Request sections" });
  await expect(sections.getByRole("tab")).toHaveText(["Body", "Params (0)", "Authorization", "Scripts", "Settings"]);
  await expect(sections.getByRole("tab", { name: "Body" })).toHaveAttribute("aria-selected", "true");
  expect((await box(sections)).y - (endpoint.y + endpoint.height)).toBeLessThan(120);

  // The spec's headers editor (both rows) and JSON body, whole, in the first 800 px.
  const lastHeader = await box(ui.headerRows.nth(1));
  expect(lastHeader.y + lastHeader.height).toBeLessThanOrEqual(800);
  const body = await box(page.getByTestId("body-editor"));
  expect(body.y + body.height).toBeLessThanOrEqual(800);
  await expect(ui.body).toBeInViewport();

  // The response below the request, and the split moves with the keyboard and stays after a reload.
  const request = await box(page.locator("#mm-request-panel"));
  const response = await box(ui.response);
  expect(response.y).toBeGreaterThanOrEqual(request.y + request.height);
  expect(Math.abs(response.x - request.x)).toBeLessThan(2);
  await expect(ui.response).toContainText("Response is undefined.");
  const splitter = page.getByRole("separator", { name: "Resize request and response" });
  await expect(splitter).toHaveAttribute("aria-valuenow", "75");
  await expect(splitter).toHaveAttribute("aria-orientation", "horizontal");
  await splitter.focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(splitter).toHaveAttribute("aria-valuenow", "55");
  // 55 % of 800 px: the request pane scrolls inside 440 px and the response comes up.
  await expect.poll(async () => (await box(page.locator("#mm-request-panel"))).height).toBeLessThanOrEqual(441);
  await expect.poll(async () => (await box(ui.response)).y).toBeLessThanOrEqual(request.y + 440 + 14);
  // Dragged with the mouse too.
  const handle = await box(splitter);
  await page.mouse.move(handle.x + 200, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 200, handle.y + 120, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => Number(await splitter.getAttribute("aria-valuenow"))).toBeGreaterThan(55);
  const dragged = await splitter.getAttribute("aria-valuenow");
  await page.reload();
  await expect(ui.submit).toBeEnabled();
  await expect(splitter).toHaveAttribute("aria-valuenow", dragged!);
  await splitter.focus();
  await page.keyboard.press("End");
  await expect(splitter).toHaveAttribute("aria-valuenow", "90");

  // No helper text sits on a section title, in any section.
  for (const name of ["Body", /^Params/, "Authorization", "Scripts", "Settings"]) {
    await section(page, name);
    expect(await tightGaps(page)).toEqual([]);
  }
});

test("at 375 px the URL bar wraps, the headers and body come first and the response below them", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openMockman(page);
  const ui = mockmanUi(page);
  const endpoint = await box(ui.endpoint);
  expect(endpoint.width).toBeGreaterThan(300);
  const submit = await box(ui.submit);
  const tools = await box(page.getByRole("button", { name: "Tools" }));
  const save = await box(page.getByRole("button", { name: "Save", exact: true }));
  expect(submit.y).toBeGreaterThan(endpoint.y);
  expect(Math.abs(middle(tools) - middle(submit))).toBeLessThan(6);
  expect(Math.abs(middle(save) - middle(submit))).toBeLessThan(6);
  await expect(page.getByRole("separator", { name: "Resize request and response" })).toBeHidden();
  const request = await box(page.locator("#mm-request-panel"));
  const response = await box(ui.response);
  expect(response.y).toBeGreaterThanOrEqual(request.y + request.height);
  // The response starts within two screens, not 1,300 px down behind helper text.
  expect(response.y).toBeLessThan(1300);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await tightGaps(page)).toEqual([]);
});

test("the Tools menu works from the keyboard, and the serve address lives in Settings with its help", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openMockman(page);
  const ui = mockmanUi(page);
  const tools = page.getByRole("button", { name: "Tools" });
  const menu = page.getByRole("menu", { name: "Tools" });
  await expect(menu).toBeHidden();
  await tools.focus();
  await page.keyboard.press("ArrowDown");
  await expect(menu).toBeVisible();
  await expect(tools).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Code…",
    "Copy as cURL",
    "Copy as mockman request",
    "Paste cURL…",
    "Use guest token",
  ]);
  await expect(menu.getByRole("menuitem", { name: "Code" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "Use guest token" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(tools).toBeFocused();

  // Enter opens it too; Down twice and Enter copies the request as a mockman command.
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem", { name: "Code" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
  await expect(ui.notice).toHaveText("Copied the request as a mockman request command.");

  // A click outside closes it.
  await tools.click();
  await expect(menu).toBeVisible();
  await ui.endpoint.click();
  await expect(menu).toBeHidden();

  // A dialog opened from the menu gives focus back to Tools when it closes.
  await tool(page, "Paste cURL");
  const dialog = page.getByRole("dialog", { name: "Paste a cURL command" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(tools).toBeFocused();

  // The serve address: in Settings, its explanation behind a help button.
  await expect(ui.baseUrl).toBeHidden();
  await section(page, "Settings");
  await expect(ui.baseUrl).toHaveValue("http://127.0.0.1:3001");
  const help = page.getByRole("button", { name: "Help on the copy server" });
  await expect(help).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText(/lives only in this browser tab/)).toBeHidden();
  await help.click();
  await expect(page.getByText(/lives only in this browser tab/)).toBeVisible();
  await expect(ui.baseUrl).toHaveAccessibleDescription(/lives only in this browser tab/);
});

test("'Not sent: Error in JSON format' goes away once the body is fixed, without another Submit", async ({ page }) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.method.selectOption("POST");
  await ui.body.fill('{"title": "buy milk"');
  await ui.submit.click();
  const refusal = page.getByRole("alert").filter({ hasText: "Not sent: Error in JSON format" });
  await expect(refusal).toBeVisible();
  await ui.body.fill('{"title": "buy milk"}');
  await expect(refusal).toHaveCount(0);
  await expect(ui.response).toContainText("Response is undefined.");
  // Another refusal (an undefined variable) is not cleared by a valid body.
  await ui.endpoint.fill("/api/test-todos?x={{nothing}}");
  await ui.submit.click();
  const undefinedVar = page.getByRole("alert").filter({ hasText: "{{nothing}}" });
  await expect(undefinedVar).toBeVisible();
  await ui.body.fill('{"title": "still fine"}');
  await expect(undefinedVar).toBeVisible();
});

test("the layout passes axe in the light and the dark theme at 375 and 1280 px, with an answer, the menu and each section", async ({
  page,
}) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");
  await checkInBothThemes(page, "layout");
  await page.getByRole("button", { name: "Tools" }).click();
  await expect(page.getByRole("menu", { name: "Tools" })).toBeVisible();
  await checkInBothThemes(page, "layout-menu");
  await page.keyboard.press("Escape");
  for (const name of [/^Params/, "Authorization", "Settings"]) {
    await section(page, name);
    await checkInBothThemes(page, "layout-section");
  }
});

test("Collections keeps as much room under its title as History does, at 1280 and 375 px", async ({ page }) => {
  await openMockman(page);
  const gapUnderTitle = (name: string) =>
    page.getByRole("region", { name }).evaluate((panel) => {
      const range = document.createRange();
      range.selectNodeContents(panel.querySelector(".mm-panel-title")!);
      return Math.round(panel.querySelector(".mm-toolbar")!.getBoundingClientRect().top - range.getBoundingClientRect().bottom);
    });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const history = await gapUnderTitle("History");
    expect(history, `History's gap at ${width} px`).toBeGreaterThanOrEqual(8);
    expect(await gapUnderTitle("Collections"), `Collections' gap at ${width} px, as History's`).toBe(history);
  }
});
