// Figures: a 5 MB JSON response must not block the main thread > 200 ms, nor
// a 100 MB one (arrival, tree, opening its list, a search), and 1,000 history
// entries must not slow the page (Hoppscotch #3935, #1530).
import { expect, scaled, test } from "./fixtures";
import { bigJson, manyItemsJson, openMockman, serveJson } from "./mockman-helpers";

interface Probe {
  probe: { longTasks: number[]; frames: number[]; maxGap: number };
}

test("a 5 MB JSON response renders without a long task over 200 ms", async ({ page }) => {
  const big = bigJson();
  expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
  await page.route("**/big.json", (route) => route.fulfill({ status: 200, contentType: "application/json", body: big }));

  await page.goto("/mockman");
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
  // Three views of main-thread blocking: long tasks, long animation frames, and
  // the largest gap between 10 ms heartbeat ticks (what a user feels as a freeze).
  await page.evaluate(() => {
    const w = window as unknown as Probe;
    w.probe = { longTasks: [], frames: [], maxGap: 0 };
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.probe.longTasks.push(e.duration))).observe({ type: "longtask" });
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.probe.frames.push(e.duration))).observe({
      type: "long-animation-frame",
    });
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      w.probe.maxGap = Math.max(w.probe.maxGap, now - last);
      last = now;
    }, 10);
  });
  await page.getByLabel("Endpoint").fill("/big.json");
  const clicked = Date.now();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("status-line")).toContainText("200 OK", { timeout: scaled(30_000) });
  const shownAfter = Date.now() - clicked;
  await expect(page.getByTestId("status-line")).toContainText("MB");
  await page.waitForTimeout(500);
  const probe = await page.evaluate(() => (window as unknown as Probe).probe);
  const worst = Math.max(0, ...probe.longTasks);
  const worstFrame = Math.max(0, ...probe.frames);
  console.log(
    `5 MB response (${(big.length / 1024 / 1024).toFixed(2)} MB): shown after ${shownAfter} ms; ` +
      `long tasks ${JSON.stringify(probe.longTasks.map(Math.round))} (worst ${Math.round(worst)} ms); ` +
      `worst long animation frame ${Math.round(worstFrame)} ms; largest heartbeat gap ${Math.round(probe.maxGap)} ms`,
  );
  test.info().annotations.push({ type: "worst long task (ms)", description: String(Math.round(worst)) });

  // Collapsed by default: the top level shows, the 20,000 items do not.
  const tree = page.getByRole("group", { name: "Response body" });
  await expect(tree).toContainText("total:");
  await expect(tree.getByText('"item-0"')).toHaveCount(0);
  // Still usable: the keyboard opens the big array.
  await tree.getByRole("button", { name: "items:" }).press("Enter");
  await expect(tree.getByRole("button", { name: "items:" })).toHaveAttribute("aria-expanded", "true");
  expect(worst).toBeLessThan(200);
  expect(probe.maxGap).toBeLessThan(200);

  // The probe can fail: a 150 ms busy task in the page shows up in it.
  await page.evaluate(() =>
    setTimeout(() => {
      const end = performance.now() + 150;
      while (performance.now() < end);
    }, 0),
  );
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => (window as unknown as Probe).probe);
  expect(Math.max(0, ...seen.longTasks)).toBeGreaterThanOrEqual(140);
  expect(seen.maxGap).toBeGreaterThanOrEqual(140);
});

test("1,000 history entries: the page stays fast and shows them a page at a time; a 1,000-request file imports as one collection", async ({
  page,
}, info) => {
  const requests = Array.from({ length: 1000 }, (_, i) => ({
    name: `req-${i}`,
    method: i % 2 ? "POST" : "GET",
    endpoint: `/api/test-todos?n=${i}`,
    headers: { Accept: "*/*" },
    ...(i % 2 ? { body: { title: `todo ${i}` } } : {}),
  }));
  const file = info.outputPath("thousand.json");
  const { writeFile } = await import("node:fs/promises");
  await writeFile(file, JSON.stringify({ mockman: 1, requests }));

  await page.goto("/mockman");
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
  // Importing a file makes a collection (the history holds only what was sent).
  await page.getByLabel("Collection file to import").setInputFiles(file);
  await expect(page.getByRole("status")).toContainText("Imported 1000 requests");

  // A thousand sent requests, written where the page keeps its history (oldest first,
  // so auto-increment ids follow send order as they do when sending).
  await page.evaluate(
    (entries) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("mockman-history");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction("entries", "readwrite");
          for (const entry of entries) tx.objectStore("entries").add(entry);
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    requests.map((r, i) => ({
      sentAt: Date.now() - (1000 - i) * 1000,
      method: r.method,
      endpoint: r.endpoint,
      headers: [{ isUsed: true, header: "Accept", value: "*/*" }],
      bodyText: r.body ? JSON.stringify(r.body, null, 2) : "",
      status: 200,
      statusText: "OK",
    })),
  );

  const list = page.getByRole("list", { name: "Sent requests, newest first" });
  const start = Date.now();
  await page.reload();
  await expect(page.getByRole("heading", { name: "History (1000)" })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(50);
  const reloadMs = Date.now() - start;
  // A figure, not a gate: wall-clock time on a shared 2-core machine races (see tests/bench for speed).
  console.log(`reload with 1,000 history entries: history shown after ${reloadMs} ms`);
  test.info().annotations.push({ type: "reload with 1,000 history entries (ms)", description: String(reloadMs) });
  await expect(list.getByRole("listitem").first()).toContainText("/api/test-todos?n=999");

  await page.getByRole("button", { name: "Show older (950 more)" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(100);
  // Restoring the newest entry (a POST) fills the form.
  await list.getByRole("button", { name: /^POST \/api\/test-todos\?n=999, / }).click();
  await expect(page.getByLabel("Method")).toHaveValue("POST");
  await expect(page.getByLabel("JSON body")).toHaveText(/"todo 999"/);
});

test("searching a 5 MB response keeps the page responsive and finds the one match", async ({ page }) => {
  const big = bigJson();
  await page.route("**/big.json", (route) => route.fulfill({ status: 200, contentType: "application/json", body: big }));
  await page.goto("/mockman");
  await page.getByLabel("Endpoint").fill("/big.json");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("status-line")).toContainText("200 OK", { timeout: scaled(30_000) });
  await page.evaluate(() => {
    const w = window as unknown as Probe;
    w.probe = { longTasks: [], frames: [], maxGap: 0 };
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.probe.longTasks.push(e.duration))).observe({ type: "longtask" });
  });
  const search = page.getByRole("searchbox", { name: "Search the response" });
  const tree = page.getByRole("group", { name: "Response body" });
  // One keystroke at a time, as a person types: every prefix is searched.
  await search.pressSequentially("item-19999", { delay: 30 });
  await expect(page.getByText('1 match for "item-19999".')).toBeVisible({ timeout: scaled(15_000) });
  await expect(tree).toContainText('"item-19999"');
  await expect(tree).toContainText("19999:");
  // 20,000 matches: shown, but not all opened at once.
  await search.fill("alpha");
  await expect(page.getByText('20000 matches for "alpha".')).toBeVisible({ timeout: scaled(15_000) });
  await expect(tree.getByText('"alpha"')).toHaveCount(0);
  // One matching key over the whole 20,000-item array: kept, but not opened.
  await search.fill("items");
  await expect(page.getByText('1 match for "items".')).toBeVisible({ timeout: scaled(15_000) });
  await expect(tree.getByRole("button", { name: "items:" })).toHaveAttribute("aria-expanded", "false");
  const probe = await page.evaluate(() => (window as unknown as Probe).probe);
  const worst = Math.max(0, ...probe.longTasks);
  console.log(`search in a 5 MB response: long tasks ${JSON.stringify(probe.longTasks.map(Math.round))} (worst ${Math.round(worst)} ms)`);
  expect(worst).toBeLessThan(200);
});

interface PhasedProbe {
  probe: { phase: string; longTasks: Array<[string, number]> };
}

test("a 100 MB JSON answer: no long task over 200 ms as it arrives, shows, opens and is searched", async ({ page }) => {
  test.setTimeout(scaled(240_000));
  const served = await serveJson(manyItemsJson(360_000));
  try {
    await openMockman(page);
    // Each long task is recorded with the step it fell in.
    await page.evaluate(() => {
      const w = window as unknown as PhasedProbe;
      w.probe = { phase: "arrival and first render", longTasks: [] };
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.probe.longTasks.push([w.probe.phase, e.duration]))).observe({
        type: "longtask",
      });
    });
    const phase = (name: string) => page.evaluate((next) => ((window as unknown as PhasedProbe).probe.phase = next), name);
    await page.getByLabel("Endpoint").fill(served.url);
    const clicked = Date.now();
    await page.getByRole("button", { name: "Submit" }).click();
    const tree = page.getByRole("group", { name: "Response body" });
    await expect(tree).toContainText("total:", { timeout: scaled(120_000) });
    const shownAfter = Date.now() - clicked;
    await expect(page.getByTestId("status-line")).toContainText(/10\d\.\d\d MB/);

    await phase("opening the list");
    await tree.getByRole("button", { name: "items:" }).press("Enter");
    // 360,000 items open as ranges of 2,500, each of ranges of 50.
    await tree.getByRole("button", { name: "357500 … 359999" }).click();
    await tree.getByRole("button", { name: "359950 … 359999" }).click();
    await tree.getByRole("button", { name: "359999:", exact: true }).click();
    await expect(tree).toContainText('"item-359999"');

    await phase("search");
    await page.getByRole("searchbox", { name: "Search the response" }).fill("item-359999");
    await expect(page.getByText('1 match for "item-359999".')).toBeVisible({ timeout: scaled(60_000) });
    await expect(tree).toContainText("359999:");
    await page.waitForTimeout(300);

    const { longTasks } = await page.evaluate(() => (window as unknown as PhasedProbe).probe);
    const worst = Math.max(0, ...longTasks.map(([, ms]) => ms));
    console.log(
      `100 MB answer: tree shown after ${shownAfter} ms; long tasks ` +
        `${JSON.stringify(longTasks.map(([step, ms]) => `${step}: ${Math.round(ms)} ms`))} (worst ${Math.round(worst)} ms)`,
    );
    test.info().annotations.push({ type: "worst long task (ms)", description: String(Math.round(worst)) });
    expect(worst).toBeLessThan(200);
  } finally {
    await served.close();
  }
});
