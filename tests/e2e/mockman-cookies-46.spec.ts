// Issue 46, the response's Cookies tab as Postman's: "Cookies (n)" lists each cookie the
// answer set (Name, Value, Domain, Path, Expires, HttpOnly, Secure, SameSite) as a table,
// read by tough-cookie, which loads only then; an answer without cookies says so, and one
// of the network says why a page cannot see its cookies. And an answer over 1 MB, with the
// Pretty view selected, shows as the large-JSON worker's lazy tree, which the search narrows.
import { expect, scaled, test, type Page } from "./fixtures";
import { keepShot, seriousViolationsInPage } from "./helpers";
import { importCollection, manyItemsJson, mockmanUi, openMockman, responseSection, THEMES } from "./mockman-helpers";
import { systemTheme } from "./screen-helpers";

/** Three Set-Cookie values joined in one header, as a scenario's headers hold them. */
const SET_COOKIE = [
  "sid=abc123; Path=/; HttpOnly; SameSite=Lax",
  "theme=dark; Max-Age=3600; Secure",
  "visit=1; Path=/api; Expires=Wed, 21 Oct 2037 07:28:00 GMT",
].join(", ");

/** Makes the page's mock answer GET /api/test-todos with those cookies (a scenario, as Mock settings adds one). */
async function answerWithCookies(page: Page) {
  await page.waitForFunction(() => Boolean(window.__moments));
  await page.evaluate(
    (cookie) =>
      window.__moments!.mock.scenarios({
        op: "add",
        set: { name: "cookies", method: "GET", path: "/api/test-todos", headers: { "set-cookie": cookie }, body: { todos: [] } },
      }),
    SET_COOKIE,
  );
}

async function send(page: Page, path: string) {
  const ui = mockmanUi(page);
  await ui.endpoint.fill(path);
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");
}

const sections = (page: Page) => page.getByRole("tablist", { name: "Response sections" });

/** The script files the page fetched so far. */
function scriptsSeen(page: Page) {
  const seen: string[] = [];
  page.on("response", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.endsWith(".js")) seen.push(pathname);
  });
  return seen;
}

for (const width of [375, 1280]) {
  test(`at ${width} px the Cookies tab lists each cookie the answer set, as a table`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const scripts = scriptsSeen(page);
    await openMockman(page);
    await answerWithCookies(page);
    // The table's code (tough-cookie) is not loaded until an answer sets a cookie.
    expect(scripts.filter((s) => /CookieTable/.test(s))).toEqual([]);
    await send(page, "/api/test-todos");
    await expect(sections(page).getByRole("tab", { name: "Cookies (3)" })).toBeVisible();
    await responseSection(page, "Cookies (3)");
    const table = page.getByRole("region", { name: "Cookies received" }).getByRole("table");
    await expect(table).toBeVisible();
    expect(scripts.filter((s) => /CookieTable/.test(s))).not.toEqual([]);
    await expect(table.getByRole("columnheader")).toHaveText([
      "Name",
      "Value",
      "Domain",
      "Path",
      "Expires",
      "HttpOnly",
      "Secure",
      "SameSite",
    ]);
    const rows = table.getByRole("row");
    await expect(rows).toHaveCount(4);
    const host = new URL(page.url()).hostname;
    // No Domain: the request's host; no Path: the request's default path (/api for /api/test-todos).
    await expect(rows.nth(1).getByRole("cell")).toHaveText(["abc123", host, "/", "Session", "true", "false", "Lax"]);
    await expect(rows.nth(1).getByRole("rowheader")).toHaveText("sid");
    await expect(rows.nth(2).getByRole("rowheader")).toHaveText("theme");
    const theme = rows.nth(2).getByRole("cell");
    await expect(theme.nth(2)).toHaveText("/api");
    // Max-Age=3600: an hour from when it came, as a date.
    expect(Date.parse(await theme.nth(3).innerText()) - Date.now()).toBeGreaterThan(3_000_000);
    await expect(theme.nth(5)).toHaveText("true");
    await expect(rows.nth(3).getByRole("cell")).toHaveText(["1", host, "/api", "Wed, 21 Oct 2037 07:28:00 GMT", "false", "false", "—"]);
    // The page itself keeps its width: a table wider than a phone scrolls in its own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The Headers tab shows the Set-Cookie as it came.
    await responseSection(page, /^Headers/);
    await expect(page.getByRole("group", { name: "Response headers" })).toContainText("sid=abc123");
  });
}

test("a Run's result opens to the cookies its answer set, in the same table", async ({ page }) => {
  const collection = {
    info: { name: "Cookies", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
    item: [
      {
        name: "Todos",
        request: { method: "GET", url: "/api/test-todos" },
        // The run's jar took the cookie too, as Postman's does.
        event: [{ listen: "test", script: { exec: ["pm.test('jar', () => pm.expect(pm.cookies.get('sid')).to.equal('abc123'));"] } }],
      },
      // The next request carries the cookie back (a Cookie header), as Postman's does.
      { name: "Again", request: { method: "GET", url: "/api/test-todos" } },
    ],
  };
  const menu = await importCollection(page, JSON.stringify(collection), "Cookies", 2);
  await answerWithCookies(page);
  await menu("Run");
  const runner = page.getByRole("dialog", { name: "Run Cookies" });
  await runner.getByRole("button", { name: "Run", exact: true }).click();
  await expect(runner.getByTestId("run-summary")).toContainText("Done.", { timeout: scaled(60_000) });
  await runner.getByRole("list", { name: "Run results" }).locator("summary").first().click();
  const table = runner.getByRole("region", { name: "Cookies of Todos" }).getByRole("table");
  await expect(table.getByRole("rowheader")).toHaveText(["sid", "theme", "visit"]);
  await keepShot(runner, "mockman-cookies-run-1280.png");
  await expect(runner.getByRole("list", { name: "Assertions of Todos" })).toHaveText("✓ jar");
  await runner.getByRole("list", { name: "Run results" }).locator("summary").nth(1).click();
  // All three: theme (Secure) goes to the mock's http://localhost, and visit's Path=/api is under /api/test-todos.
  await expect(runner.locator(".mm-run-detail").nth(1)).toContainText("Cookie: theme=dark; visit=1; sid=abc123");
});

test("an answer without cookies says none came; a network answer says why a page cannot read its cookies", async ({ page }) => {
  await openMockman(page);
  await send(page, "/api/test-todos");
  await responseSection(page, "Cookies (0)");
  await expect(mockmanUi(page).response.getByText("No cookies received from the server.")).toBeVisible();

  // The browser hides a fetched answer's Set-Cookie from the page: the tab says so rather than "none".
  await page.route("**/login.json", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", headers: { "set-cookie": "sid=1; Path=/" }, body: "{}" }),
  );
  await send(page, "/login.json");
  await expect(sections(page).getByRole("tab", { name: "Cookies", exact: true })).toBeVisible();
  await responseSection(page, "Cookies");
  await expect(mockmanUi(page).response.getByText(/this answer came from the network, and a browser hides/)).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("the Cookies tab passes axe in the light and the dark theme at 375 and 1280 px", async ({ page }) => {
  await openMockman(page);
  await answerWithCookies(page);
  await send(page, "/api/test-todos");
  await responseSection(page, "Cookies (3)");
  await expect(page.getByRole("table")).toBeVisible();
  for (const theme of THEMES) {
    await systemTheme(page, theme);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousViolationsInPage(page)).toEqual([]);
      await keepShot(page, `mockman-cookies-${theme}-${width}.png`, true);
      await keepShot(mockmanUi(page).response, `mockman-cookies-response-${theme}-${width}.png`);
    }
  }
});

test("an answer over 1 MB with the Pretty view selected shows the worker's lazy tree, and the search narrows it", async ({ page }) => {
  const big = manyItemsJson(6_000);
  expect(big.length).toBeGreaterThan(1024 * 1024);
  await page.route("**/big.json", (route) => route.fulfill({ status: 200, contentType: "application/json", body: big }));
  await openMockman(page);
  await send(page, "/big.json");
  const tools = page.getByRole("group", { name: "Response tools" });
  await expect(tools.getByRole("button", { name: "Pretty" })).toHaveAttribute("aria-pressed", "true");
  const body = mockmanUi(page).response.getByRole("group", { name: "Response body" });
  // The lazy tree's top level, not the Pretty view's lines: the 6,000 items are not in the page.
  await expect(body).toContainText("total:");
  await expect(body.locator(".mm-pretty-line")).toHaveCount(0);
  await expect(body.getByText('"item-5999"')).toHaveCount(0);
  expect(await body.locator("li").count()).toBeLessThan(20);
  // Raw and back to Pretty: the tree again.
  await tools.getByRole("button", { name: "Raw" }).click();
  await expect(mockmanUi(page).response.locator("pre.mm-text")).toContainText('{"items":[{"_id":"item-0"');
  await tools.getByRole("button", { name: "Pretty" }).click();
  await expect(body).toContainText("total:");
  await expect(body.locator(".mm-pretty-line")).toHaveCount(0);
  // The search runs in the worker and shows what matched.
  await page.getByRole("searchbox", { name: "Search the response" }).fill("item-5998");
  await expect(page.getByText('1 match for "item-5998".')).toBeVisible();
  await expect(body).toContainText('"item-5998"');
  await expect(body.getByText('"item-17"')).toHaveCount(0);
});
