// Issue 46, the response's Cookies tab as Postman's: "Cookies (n)" lists each cookie the answer set
// (Name, Value, Domain, Path, Expires, HttpOnly, Secure, SameSite) as a table, read by tough-cookie,
// which loads only then; an answer without cookies says so, and one of the network says why a page
// cannot see its cookies. And an answer over 1 MB, with the Pretty view selected, shows as the
// large-JSON worker's lazy tree, which the search narrows. Was tests/e2e/mockman-cookies-46.spec.ts:
// the response panel and the Run dialog alone, each answer read by the page's own sendRequest from
// the page's mock in this frame (its scenario setting the cookies), the Run in the page's run worker.
import { beforeAll, expect, test } from "vitest";
import { page } from "@vitest/browser/context";
import RunnerDialog from "#app/mockman/components/RunnerDialog";
import { EMPTY_STATE } from "#app/mockman/lib/environments";
import { collectionFromFile } from "#app/mockman/lib/saved";
import { manyItemsJson } from "../fixtures/many-items";
import { answer, atWidth, axeInBothThemes, get, pageMock, renderInMockman, renderPanel, WIDTHS } from "./harness";

/** Three Set-Cookie values joined in one header, as a scenario's headers hold them. */
const SET_COOKIE = [
  "sid=abc123; Path=/; HttpOnly; SameSite=Lax",
  "theme=dark; Max-Age=3600; Secure",
  "visit=1; Path=/api; Expires=Wed, 21 Oct 2037 07:28:00 GMT",
].join(", ");

/** The page's mock, answering GET /api/test-todos with those cookies (a scenario, as Mock settings adds one). */
async function mockWithCookies() {
  const mock = await pageMock();
  mock.scenarios.add({
    name: "cookies",
    method: "GET",
    path: "/api/test-todos",
    headers: { "set-cookie": SET_COOKIE },
    body: { todos: [] },
  });
  return mock;
}

/** Sends `path` as the page's Send does (its fetch reaches the page's mock) and shows the answer in the response panel. */
async function send(path: string, fetcher?: typeof fetch) {
  const screen = renderPanel(await get(path, fetcher), path);
  await expect.element(screen.getByTestId("status-line")).toHaveTextContent("200 OK");
  return { screen, response: screen.getByRole("region", { name: "Response" }) };
}

/** The script files this frame fetched whose path names CookieTable (the table's chunk, with tough-cookie). */
const cookieTableScripts = () =>
  performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => /CookieTable/.test(path));
/** What was fetched before this file's first answer: the table's code must not be among it. */
let fetchedBeforeAnyAnswer: string[];
/** How many fetches the frame had timed by then: under the browser's default buffer of 250, so none was left out. */
let timedBeforeAnyAnswer: number;
beforeAll(() => {
  timedBeforeAnyAnswer = performance.getEntriesByType("resource").length;
  fetchedBeforeAnyAnswer = cookieTableScripts();
  // Every later fetch is timed too (the mock's modules and the table's come after).
  performance.setResourceTimingBufferSize(100_000);
});

for (const width of WIDTHS) {
  test(`at ${width} px the Cookies tab lists each cookie the answer set, as a table`, async () => {
    await atWidth(width);
    await mockWithCookies();
    // The table's code (tough-cookie) is not loaded until an answer sets a cookie (this frame keeps a module
    // once loaded: what it had fetched before its first answer).
    expect(timedBeforeAnyAnswer).toBeLessThan(250);
    expect(fetchedBeforeAnyAnswer).toEqual([]);
    const { screen } = await send("/api/test-todos");
    const sections = screen.getByRole("tablist", { name: "Response sections" });
    await expect.element(sections.getByRole("tab", { name: "Cookies (3)" })).toBeVisible();
    await sections.getByRole("tab", { name: "Cookies (3)" }).click();
    const table = screen.getByRole("region", { name: "Cookies received" }).getByRole("table");
    await expect.element(table).toBeVisible();
    expect(cookieTableScripts()).not.toEqual([]);
    expect(
      table
        .getByRole("columnheader")
        .elements()
        .map((th) => th.textContent),
    ).toEqual(["Name", "Value", "Domain", "Path", "Expires", "HttpOnly", "Secure", "SameSite"]);
    const rows = table.getByRole("row");
    expect(rows.elements()).toHaveLength(4);
    const cells = (row: number) =>
      rows
        .nth(row)
        .getByRole("cell")
        .elements()
        .map((td) => td.textContent);
    const host = window.location.hostname;
    // No Domain: the request's host; no Path: the request's default path (/api for /api/test-todos).
    expect(cells(1)).toEqual(["abc123", host, "/", "Session", "true", "false", "Lax"]);
    expect(rows.nth(1).getByRole("rowheader").element().textContent).toBe("sid");
    expect(rows.nth(2).getByRole("rowheader").element().textContent).toBe("theme");
    const theme = cells(2);
    expect(theme[2]).toBe("/api");
    // Max-Age=3600: an hour from when it came, as a date.
    expect(Date.parse(theme[3]!) - Date.now()).toBeGreaterThan(3_000_000);
    expect(theme[5]).toBe("true");
    expect(cells(3)).toEqual(["1", host, "/api", "Wed, 21 Oct 2037 07:28:00 GMT", "false", "false", "—"]);
    // The page itself keeps its width: a table wider than a phone scrolls in its own box.
    expect(document.documentElement.scrollWidth - document.documentElement.clientWidth).toBeLessThanOrEqual(0);
    // The Headers tab shows the Set-Cookie as it came.
    await sections.getByRole("tab", { name: /^Headers/ }).click();
    await expect.element(screen.getByRole("group", { name: "Response headers" })).toHaveTextContent("sid=abc123");
  });
}

// A run boots the run worker and its script isolate, served module by module in this mode: a minute allowed, as the spec's wait.
test("a Run's result opens to the cookies its answer set, in the same table", { timeout: 120_000 }, async () => {
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
  const { collection: saved } = await collectionFromFile(JSON.stringify(collection), "moments.postman_collection.json", 0);
  await mockWithCookies();
  const screen = renderInMockman(
    <RunnerDialog
      collection={saved}
      folder={null}
      vars={{ environments: { state: EMPTY_STATE }, globals: {}, keepRun: () => {} }}
      onClose={() => {}}
    />,
  );
  const runner = screen.getByRole("dialog", { name: "Run Cookies" });
  await runner.getByRole("button", { name: "Run", exact: true }).click();
  await expect.element(runner.getByTestId("run-summary"), { timeout: 60_000 }).toHaveTextContent("Done.");
  const summaries = () => [...runner.getByRole("list", { name: "Run results" }).element().querySelectorAll("summary")];
  await page.elementLocator(summaries()[0]).click();
  const table = runner.getByRole("region", { name: "Cookies of Todos" }).getByRole("table");
  await expect.element(table).toBeVisible();
  expect(
    table
      .getByRole("rowheader")
      .elements()
      .map((th) => th.textContent),
  ).toEqual(["sid", "theme", "visit"]);
  expect(runner.getByRole("list", { name: "Assertions of Todos" }).element().textContent).toBe("✓ jar");
  await page.elementLocator(summaries()[1]).click();
  // All three: theme (Secure) goes to the mock's http://localhost, and visit's Path=/api is under /api/test-todos.
  await expect
    .poll(() => runner.element().querySelectorAll(".mm-run-detail")[1]?.textContent)
    .toContain("Cookie: theme=dark; visit=1; sid=abc123");
});

test("an answer without cookies says none came; a network answer says why a page cannot read its cookies", async () => {
  await pageMock();
  const mocked = await send("/api/test-todos");
  await mocked.screen.getByRole("tablist", { name: "Response sections" }).getByRole("tab", { name: "Cookies (0)" }).click();
  await expect.element(mocked.response.getByText("No cookies received from the server.")).toBeVisible();
  mocked.screen.unmount();

  // The browser hides a fetched answer's Set-Cookie from the page: the tab says so rather than "none".
  const network = (async () =>
    new Response("{}", { status: 200, headers: { "content-type": "application/json", "set-cookie": "sid=1; Path=/" } })) as typeof fetch;
  const { screen, response } = await send("/login.json", network);
  const tab = screen.getByRole("tablist", { name: "Response sections" }).getByRole("tab", { name: "Cookies", exact: true });
  await expect.element(tab).toBeVisible();
  await tab.click();
  await expect.element(response.getByText(/this answer came from the network, and a browser hides/)).toBeVisible();
  expect(page.getByRole("table").elements()).toHaveLength(0);
});

test("the Cookies tab passes axe in the light and the dark theme at 375 and 1280 px", async () => {
  await mockWithCookies();
  const { screen } = await send("/api/test-todos");
  await screen.getByRole("tablist", { name: "Response sections" }).getByRole("tab", { name: "Cookies (3)" }).click();
  await expect.element(screen.getByRole("table")).toBeVisible();
  await axeInBothThemes();
});

test("an answer over 1 MB with the Pretty view selected shows the worker's lazy tree, and the search narrows it", async () => {
  const big = manyItemsJson(6_000);
  expect(big.length).toBeGreaterThan(1024 * 1024);
  const screen = renderPanel(await answer(big), "/big.json");
  const tools = screen.getByRole("group", { name: "Response tools" });
  await expect.element(tools.getByRole("button", { name: "Pretty" })).toHaveAttribute("aria-pressed", "true");
  const response = screen.getByRole("region", { name: "Response" });
  const body = response.getByRole("group", { name: "Response body" });
  const el = () => body.element();
  // The lazy tree's top level, not the Pretty view's lines: the 6,000 items are not in the page.
  await expect.element(body).toHaveTextContent("total:");
  expect(el().querySelectorAll(".mm-pretty-line")).toHaveLength(0);
  expect(el().textContent).not.toContain('"item-5999"');
  expect(el().querySelectorAll("li").length).toBeLessThan(20);
  // Raw and back to Pretty: the tree again.
  await tools.getByRole("button", { name: "Raw" }).click();
  await expect.poll(() => response.element().querySelector("pre.mm-text")?.textContent).toContain('{"items":[{"_id":"item-0"');
  await tools.getByRole("button", { name: "Pretty" }).click();
  await expect.element(body).toHaveTextContent("total:");
  expect(el().querySelectorAll(".mm-pretty-line")).toHaveLength(0);
  // The search runs in the worker and shows what matched.
  await screen.getByRole("searchbox", { name: "Search the response" }).fill("item-5998");
  await expect.element(screen.getByText('1 match for "item-5998".')).toBeVisible();
  await expect.element(body).toHaveTextContent('"item-5998"');
  expect(el().textContent).not.toContain('"item-17"');
});
