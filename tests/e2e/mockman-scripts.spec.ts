// Issue 35, scripts and the runner on /mockman: a request's pre-request script
// sets a variable its URL uses, its tests show passed and failed in Test
// results, an endless script is stopped by the sandbox's budget while the page
// stays usable, a collection Run shows a failing test and exports Newman's JUnit, and a
// stopped Run keeps what it ran as a report to export.
import { readFileSync } from "node:fs";
import { expect, scaled, test, type Page } from "./fixtures";
import {
  expectNoSeriousAxeViolations,
  importCollection,
  mockmanUi,
  openMockman,
  responseSection,
  section,
  sendAndAwaitAnswer,
} from "./mockman-helpers";
import { keepShot } from "./helpers";

/** Two requests to the page's own mock (the example collection's baseUrl names `mockman serve`, not running here). */
const COLLECTION = JSON.stringify({
  info: { name: "Moments API", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
  item: [
    { name: "Todos", request: { method: "GET", url: "/api/test-todos" } },
    { name: "Posts", item: [{ name: "List posts", request: { method: "GET", url: "/api/posts?limit=2" } }] },
  ],
});

/** Opens /mockman with COLLECTION imported; returns a way to pick an item of the collection's menu. */
const importMoments = (page: Page) => importCollection(page, COLLECTION, "Moments API", 2);

async function writeScripts(page: Page, prerequest: string, tests: string) {
  await section(page, /^Scripts/);
  await page.getByLabel("Pre-request script").first().fill(prerequest);
  await page.getByLabel("Tests").first().fill(tests);
}

for (const width of [1280, 375]) {
  test(`at ${width} px: a pre-request script fills the URL, Test results show a passing and a failing pm.test`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openMockman(page);
    const ui = mockmanUi(page);
    await ui.endpoint.fill("/api/{{resource}}");
    await writeScripts(
      page,
      "pm.environment.set('resource', 'test-todos');",
      "pm.test('status is 200', () => pm.response.to.have.status(200));\npm.test('one equals two', () => pm.expect(1).to.equal(2));",
    );
    // Keyboard: Ctrl+Enter sends from the script editor.
    await page.getByLabel("Tests").first().press("Control+Enter");
    await expect(ui.status).toContainText("200", { timeout: scaled(30_000) });
    await responseSection(page, "Test results (1/2)");
    const results = page.getByTestId("test-results");
    await expect(results.getByRole("listitem")).toHaveText(["Passed status is 200", "Failed one equals two — expected 1 to equal 2"]);
    await expectNoSeriousAxeViolations(page);
    await keepShot(page, `mockman-scripts-${width}.png`, true);
  });
}

test("an endless test script is stopped by the sandbox's budget and reported; the page stays usable meanwhile", async ({ page }) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  await writeScripts(page, "", "while (true) {}");
  await ui.submit.click();
  // While the worker spins, the page still answers typing.
  await ui.endpoint.fill("/api/test-todos?typed=1");
  await expect(ui.endpoint).toHaveValue("/api/test-todos?typed=1");
  await responseSection(page, /^Test results/);
  await expect(page.getByTestId("test-results").getByRole("alert")).toContainText("time budget", { timeout: scaled(30_000) });
});

test("Sends with scripts reuse one run worker, booted before the first Send, and each Send's scripts start from a clean isolate", async ({
  page,
}) => {
  const runWorkers: string[] = [];
  page.on("worker", (worker) => worker.url().includes("run-worker") && runWorkers.push(worker.url()));
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.endpoint.fill("/api/test-todos?send=1");
  // What one Send's script leaves in the isolate (a built-in's prototype changed) is gone at the next.
  await writeScripts(
    page,
    "",
    "pm.test('clean at Send ' + pm.request.url.query.get('send'), () => pm.expect(Array.prototype.leaked).to.equal(undefined));\nArray.prototype.leaked = 1;",
  );
  // The tab now runs scripts on Send: its worker starts before any Send.
  await expect.poll(() => runWorkers.length, { timeout: scaled(10_000) }).toBe(1);
  const results = page.getByTestId("test-results");
  for (const send of [1, 2, 3]) {
    // From the second Send on, the last one's "200" stays on screen while this one runs: wait for its own answer.
    await sendAndAwaitAnswer(page, () => ui.submit.click(), { timeout: scaled(30_000) });
    await expect(ui.status).toContainText("200");
    await responseSection(page, /^Test results/);
    await expect(results.getByRole("listitem")).toHaveText([`Passed clean at Send ${send}`], { timeout: scaled(30_000) });
    if (send < 3) await ui.endpoint.fill(`/api/test-todos?send=${send + 1}`);
  }
  expect(runWorkers, "one worker served the three Sends").toHaveLength(1);
});

test("a collection Run shows each request with a failing test, and exports the report as JUnit", async ({ page }) => {
  const menu = await importMoments(page);
  await menu("Edit scripts");
  const scripts = page.getByRole("dialog", { name: "Scripts of the collection Moments API" });
  await scripts.getByLabel("Tests").fill("pm.test('never holds', () => pm.expect(pm.response.code).to.equal(299));");
  await scripts.getByRole("button", { name: "Save scripts" }).click();
  await expect(mockmanUi(page).notice).toHaveText("Saved the scripts of Moments API.");

  await menu("Run");
  const runner = page.getByRole("dialog", { name: "Run Moments API" });
  await runner.getByLabel("Iterations").fill("1");
  await runner.getByRole("button", { name: "Run", exact: true }).press("Enter");
  await expect(runner.getByTestId("run-summary")).toContainText("Done.", { timeout: scaled(60_000) });
  await expect(runner.getByTestId("run-summary")).toContainText("2 requests: 0 passed, 2 failed");
  await expect(runner.getByRole("list", { name: "Run results" }).getByText("✗ never holds").first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await keepShot(page, "mockman-runner-1280.png");

  const downloading = page.waitForEvent("download");
  await runner.getByRole("button", { name: "Export JUnit" }).click();
  const xml = readFileSync(await (await downloading).path(), "utf8");
  // Newman's junit, by its own reporter in the run worker: a testsuite per request, a testcase per assertion.
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="Moments API" tests="2" time="[\d.]+">/);
  expect(xml.match(/<testsuite name="[^"]+" id="[^"]+" timestamp="[^"]+" tests="1" failures="1" errors="0"/g)).toHaveLength(2);
  expect(xml).toMatch(
    /<testcase name="never holds" time="[\d.]+" classname="\w+">\n {6}<failure type="AssertionFailure" message="expected \d+ to equal 299">/,
  );
});

test("Stop ends a run part way and leaves the requests it ran as a report to export", async ({ page }) => {
  const menu = await importMoments(page);
  await menu("Run");
  const runner = page.getByRole("dialog", { name: "Run Moments API" });
  // 100 requests a second apart: Stop comes long before the end, however busy the machine.
  await runner.getByLabel("Iterations").fill("50");
  await runner.getByLabel("Delay between requests (ms)").fill("1000");
  await runner.getByRole("button", { name: "Run", exact: true }).click();
  const results = runner.getByRole("list", { name: "Run results" }).getByRole("listitem");
  await expect(results.first()).toBeVisible({ timeout: scaled(30_000) });
  await runner.getByRole("button", { name: "Stop" }).click();
  await expect(runner.getByTestId("run-summary")).toContainText("Stopped.");
  // The summary's count (the list is windowed: it holds the rows near its scrolled-to part).
  const ran = Number((await runner.getByTestId("run-summary").textContent())?.match(/^Stopped\. (\d+) requests?:/)?.[1]);
  expect(ran).toBeGreaterThan(0);
  expect(await results.count()).toBeLessThanOrEqual(ran);
  expect(ran).toBeLessThan(100);

  const downloading = page.waitForEvent("download");
  await runner.getByRole("button", { name: "Export JSON" }).click();
  const report = JSON.parse(readFileSync(await (await downloading).path(), "utf8"));
  expect(report.requests).toBe(ran);
  expect(report.results).toHaveLength(ran);
  expect(report.notRun).toBe(100 - ran);
  expect(report.iterations).toBe(50);
  expect(report.error).toBe(`stopped by the user after ${ran} of 100 requests`);
  await expect(runner.getByRole("button", { name: "Run again" })).toBeEnabled();
});
