// `npm run bench:browser`: the built app in Debian's Chromium at the sample
// data's size, then 1k, 10k and 100k posts (made by `mockman seed`, exported,
// and loaded through Settings > Import as a person would). Figures, not
// assertions. Per size it prints: reload → first card (median of 3) and its
// ratio to the sample-data figure of the same run, the import and the export
// (time and longest main-thread task), the longest task while booting and while
// scrolling 500 posts down, like click → pressed, and the JS heap; at the
// largest size also the heap after 1 and after 20 reloads.
// `npm run bench:browser -- --cpu 4` runs it with the CPU slowed 4x (Chromium's
// throttling, as Lighthouse's mobile runs). That slows the page's thread only: Chromium
// refuses it for workers ("Operation is only supported for pages, not workers"), and the
// mock runs in one. `-- --slow-device 4` slows all of Chromium instead (page, mock worker,
// IndexedDB): it runs in a cgroup allowed a quarter of one core (Linux, as root).
// Narrow it: `-- 1000 10000`. After the posts, the /mockman page's figures (tests/bench/mockman-page.ts):
// a collection Run of 100 and 1,000 requests on the page (its main thread's long tasks) beside
// `mockman replay` of the same file, and Lighthouse's mobile score of / and /mockman.
// `-- --mockman` prints only those.
// Exports are kept in $TMPDIR/moments-bench (seeding 100k posts takes a while);
// BUILD_DIR serves another build (e.g. a copy of main's) to compare.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "../chromium";
import { table } from "./measure";
import { benchLighthouse, benchMockmanRun } from "./mockman-page";
import { keep, record } from "./record";

const ROOT = resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.BENCH_PORT ?? 4310);
const BASE = `http://127.0.0.1:${PORT}`;
const argv = process.argv.slice(2);
const cpuAt = argv.indexOf("--cpu");
const CPU = cpuAt >= 0 ? Number(argv[cpuAt + 1]) : 1;
if (!(CPU >= 1)) throw new Error("--cpu takes a slow-down factor of 1 or more, e.g. --cpu 4");
const deviceAt = argv.indexOf("--slow-device");
const DEVICE = deviceAt >= 0 ? Number(argv[deviceAt + 1]) : 1;
if (!(DEVICE >= 1)) throw new Error("--slow-device takes a slow-down factor of 1 or more, e.g. --slow-device 4");
const flags = new Set([cpuAt, deviceAt].filter((at) => at >= 0).flatMap((at) => [at, at + 1]));
const MOCKMAN_ONLY = argv.includes("--mockman");
const sizes = argv
  .filter((_, i) => !flags.has(i))
  .filter((a) => a !== "--mockman")
  .map(Number)
  .filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [1_000, 10_000, 100_000];
const RELOADS = 20;
const CACHE = join(tmpdir(), "moments-bench");

const mockman = (...args: string[]) =>
  execFileSync(join(ROOT, "node_modules/.bin/tsx"), ["cli/index.ts", ...args], { cwd: ROOT, stdio: "pipe" });

/** The export for this size, made once and kept (same seed, same data). */
function exportOf(posts: number): string {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `export-${posts}.json`);
  if (existsSync(file)) return file;
  const db = join(CACHE, `db-${posts}.json`);
  // Added to the sample data, so the guest can still log in.
  mockman("seed", "--users", "200", "--posts", String(posts), "--seed", "7", "--db", db);
  mockman("export", `${file}.part`, "--db", db);
  renameSync(`${file}.part`, file);
  rmSync(db, { force: true });
  rmSync(`${db}.journal`, { force: true });
  return file;
}

async function loginAsGuest(page: Page) {
  await page.goto(`${BASE}/`);
  await page.getByRole("button", { name: "Login as Guest" }).click();
  await page.getByRole("heading", { name: "Homepage" }).waitFor();
}

async function importFile(page: Page, file: string): Promise<{ ms: number; longestTask: number }> {
  await page.goto(`${BASE}/settings`);
  await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  await resetLongest(page);
  const started = Date.now();
  await page.getByLabel("Import a file…").setInputFiles(file);
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Import/ })
    .click({ timeout: 600_000 });
  await page
    .locator(".Toastify")
    .getByText(/^Imported /)
    .waitFor({ timeout: 900_000 });
  return { ms: Date.now() - started, longestTask: await longest(page) };
}

async function exportData(page: Page): Promise<{ ms: number; longestTask: number }> {
  await page.goto(`${BASE}/settings`);
  await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  await resetLongest(page);
  const started = Date.now();
  const download = page.waitForEvent("download", { timeout: 600_000 });
  await page.getByRole("button", { name: "Export data" }).click();
  await (await download).path();
  return { ms: Date.now() - started, longestTask: await longest(page) };
}

const resetLongest = (page: Page) => page.evaluate(() => ((window as unknown as { __longest: number }).__longest = 0));
const longest = (page: Page) => page.evaluate(() => (window as unknown as { __longest: number }).__longest);

interface FirstCard {
  ms: number;
  read: number;
  boot: number;
  /** The longest main-thread task from navigation start until the first card showed and the mock had booted. */
  longestTask: number;
}

/**
 * Reload → first card, three times: the median, with the boot's own measures (IndexedDB read,
 * whole mock boot) of that run. The moment is taken in the page (a MutationObserver from the
 * first script on, time since navigation start): a locator's wait polls, up to 500 ms apart.
 */
async function firstCardAfterReload(page: Page): Promise<FirstCard> {
  await page.goto(`${BASE}/home`);
  await page.getByRole("article").first().waitFor({ timeout: 300_000 });
  const runs: FirstCard[] = [];
  for (let i = 0; i < 3; i++) runs.push(await reloadToFirstCard(page));
  return runs.sort((a, b) => a.ms - b.ms)[1];
}

async function reloadToFirstCard(page: Page): Promise<FirstCard> {
  await page.reload();
  await page.getByRole("article").first().waitFor({ timeout: 300_000 });
  await page.waitForFunction(() => window.__moments, null, { timeout: 300_000 });
  const seen = await page.evaluate(() => {
    const measures = Object.fromEntries(performance.getEntriesByType("measure").map((m) => [m.name, Math.round(m.duration)]));
    const w = window as unknown as { __firstCard: number; __longest: number };
    return { ms: Math.round(w.__firstCard), measures, longestTask: w.__longest };
  });
  return {
    ms: seen.ms,
    read: seen.measures["moments: read IndexedDB"] ?? NaN,
    boot: seen.measures["moments: mock boot"] ?? NaN,
    longestTask: seen.longestTask,
  };
}

/**
 * Notes when the first post card enters the DOM, from the page's first script on, and
 * the longest main-thread task since (window.__longest, reset by the bench between steps).
 */
const PAGE_WATCH = `(() => {
  window.__longest = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
  }).observe({ type: "longtask", buffered: true });
  const seen = () => {
    if (document.querySelector('[role="feed"] article')) {
      window.__firstCard = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => seen() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** Scrolls until the 500th post is on screen; returns the cards in the DOM and the longest task seen. */
async function scroll500(page: Page): Promise<{ cards: number; longestTask: number; ms: number }> {
  await resetLongest(page);
  const started = Date.now();
  for (let i = 0; i < 2000; i++) {
    const done = await page.evaluate(() => {
      const posts = [...document.querySelectorAll('[role="feed"] article')];
      if (posts.some((p) => Number(p.getAttribute("aria-posinset")) >= 500)) return true;
      window.scrollBy(0, window.innerHeight);
      return false;
    });
    if (done) break;
    await page.waitForTimeout(16);
  }
  const ms = Date.now() - started;
  await page.waitForTimeout(300);
  const cards = await page.locator('[role="feed"] article').count();
  return { cards, longestTask: await longest(page), ms };
}

async function likeToPressed(page: Page): Promise<number> {
  const like = page
    .locator('[role="feed"] article')
    .filter({ has: page.locator('button[aria-label="Like"][aria-pressed="false"]') })
    .first()
    .locator('button[aria-label="Like"]');
  await like.scrollIntoViewIfNeeded();
  return page.evaluate(
    (button) =>
      new Promise<number>((done) => {
        const started = performance.now();
        new MutationObserver((_m, observer) => {
          if (button.getAttribute("aria-pressed") === "true") {
            observer.disconnect();
            done(performance.now() - started);
          }
        }).observe(button, { attributes: true });
        (button as HTMLButtonElement).click();
      }),
    await like.elementHandle(),
  );
}

/** The JS heap in use, after a full collection (what stays, not what awaits the collector). */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("Performance.enable");
  const { metrics } = await cdp.send("Performance.getMetrics");
  await cdp.detach();
  return (metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0) / 1024 / 1024;
}

/**
 * The JS heap in use in the tab's mock worker (mock/browser/worker.ts), after a full collection: where the
 * data lives since the mock left the page. Playwright gives no CDP session for a worker, so the
 * page's session attaches to the worker's target and talks to it through Target messages.
 */
async function workerHeapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { targetInfos } = await cdp.send("Target.getTargets");
    const worker = targetInfos.filter((t) => t.type === "worker" && /\/assets\/worker-[\w-]{8}\.js$/.test(t.url)).at(-1);
    if (!worker) return NaN;
    const { sessionId } = await cdp.send("Target.attachToTarget", { targetId: worker.targetId, flatten: false });
    let id = 0;
    const ask = (method: string) =>
      new Promise<{ usedSize?: number }>((done) => {
        const mine = ++id;
        const heard = (event: { sessionId: string; message: string }) => {
          const message = JSON.parse(event.message) as { id?: number; result?: { usedSize?: number } };
          if (event.sessionId !== sessionId || message.id !== mine) return;
          cdp.off("Target.receivedMessageFromTarget", heard);
          done(message.result ?? {});
        };
        cdp.on("Target.receivedMessageFromTarget", heard);
        void cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id: mine, method }) });
      });
    await ask("HeapProfiler.collectGarbage");
    return ((await ask("Runtime.getHeapUsage")).usedSize ?? NaN) / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}

/** Page and mock worker heaps, as the table prints them. */
const heaps = async (page: Page) => `${(await heapMb(page)).toFixed(0)} + ${(await workerHeapMb(page)).toFixed(0)} MB`;

/** The heaps (page + mock worker) after one reload and after RELOADS of them: growth would be a leak across boots. */
async function heapAcrossReloads(page: Page): Promise<[string, string]> {
  await page.goto(`${BASE}/home`);
  await reloadToFirstCard(page);
  const first = await heaps(page);
  for (let i = 1; i < RELOADS; i++) await reloadToFirstCard(page);
  return [first, await heaps(page)];
}

/** A page in a fresh context (its own IndexedDB), the CPU slowed as asked. */
async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(PAGE_WATCH);
  const page = await context.newPage();
  if (CPU > 1) {
    // Per page target, and it stays across reloads and navigations.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  }
  return page;
}

const server = spawn(
  join(ROOT, "node_modules/.bin/sirv"),
  [
    join(process.env.BUILD_DIR ?? "build", "client"),
    "--single",
    "--gzip",
    "--brotli",
    "--port",
    String(PORT),
    "--host",
    "127.0.0.1",
    "--quiet",
  ],
  { cwd: ROOT, stdio: "ignore" },
);
/**
 * For --slow-device N: a cgroup whose CPU quota is 1/N of one core (10 ms periods, so a stall
 * is short), and a wrapper that joins it before it starts Chromium: every process Chromium
 * starts (renderer, its worker threads, the browser's IndexedDB) shares that quota. cgroup v1
 * (cpu controller) or v2 (cpu.max). Returns the wrapper's path.
 */
function slowDeviceChromium(factor: number): string {
  const chromium = CHROMIUM;
  const period = 10_000;
  const quota = Math.round(period / factor);
  const v1 = "/sys/fs/cgroup/cpu";
  const group = existsSync(`${v1}/cpu.cfs_quota_us`) ? `${v1}/moments-bench` : "/sys/fs/cgroup/moments-bench";
  try {
    mkdirSync(group, { recursive: true });
    if (group.startsWith(v1)) {
      writeFileSync(`${group}/cpu.cfs_period_us`, String(period));
      writeFileSync(`${group}/cpu.cfs_quota_us`, String(quota));
    } else writeFileSync(`${group}/cpu.max`, `${quota} ${period}`);
  } catch (error) {
    throw new Error(
      `--slow-device needs a cgroup it can make (Linux, as root): ${(error as Error).message}. --cpu ${factor} slows the page alone.`,
      { cause: error },
    );
  }
  mkdirSync(CACHE, { recursive: true });
  const wrapper = join(CACHE, "chromium-slow-device.sh");
  writeFileSync(wrapper, `#!/bin/sh\necho $$ > ${group}/cgroup.procs\nexec ${chromium} "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

const browser = await chromium.launch({
  executablePath: DEVICE > 1 ? slowDeviceChromium(DEVICE) : CHROMIUM,
  args: CHROMIUM_ARGS,
});
const ms = (n: number) => `${Math.round(n)} ms`;
const ratio = (n: number, of: number) => `${(n / of).toFixed(2)}x`;
/** The posts table: each size imported, booted, scrolled, liked and exported. */
async function benchPosts() {
  const files = SIZES.map((posts) => exportOf(posts));
  console.log("## Moments: data through Settings > Import\n");
  // The sample data: the figure every size is compared with.
  const seedPage = await freshPage();
  await loginAsGuest(seedPage);
  const seed = await firstCardAfterReload(seedPage);
  const seedHeap = await heaps(seedPage);
  await seedPage.context().close();
  const rows: string[][] = [
    [
      "sample (6)",
      "—",
      `${seed.ms} ms (read ${seed.read}, boot ${seed.boot})`,
      "1.00x",
      ms(seed.longestTask),
      "—",
      "—",
      "—",
      "—",
      "—",
      seedHeap,
    ],
  ];
  let reloads: [string, string] | null = null;
  for (const [i, posts] of SIZES.entries()) {
    const page = await freshPage();
    await loginAsGuest(page);
    const imported = await importFile(page, files[i]);
    // An import that replaced the guest's record ends the session; this one keeps it.
    await page.goto(`${BASE}/home`);
    if (
      await page
        .getByRole("button", { name: "Login as Guest" })
        .isVisible()
        .catch(() => false)
    )
      await loginAsGuest(page);
    const firstCard = await firstCardAfterReload(page);
    const scrolled = await scroll500(page);
    const pressed = await likeToPressed(page);
    const heap = await heaps(page);
    const exported = await exportData(page);
    if (i === SIZES.length - 1) reloads = await heapAcrossReloads(page);
    rows.push([
      String(posts),
      `${(imported.ms / 1000).toFixed(1)} s, ${ms(imported.longestTask)}`,
      `${firstCard.ms} ms (read ${firstCard.read}, boot ${firstCard.boot})`,
      ratio(firstCard.ms, seed.ms),
      ms(firstCard.longestTask),
      `${(exported.ms / 1000).toFixed(1)} s, ${ms(exported.longestTask)}`,
      String(scrolled.cards),
      `${(scrolled.ms / 1000).toFixed(1)} s`,
      ms(scrolled.longestTask),
      `${pressed.toFixed(0)} ms`,
      heap,
    ]);
    await page.context().close();
  }
  const head = [
    "posts",
    "import (time, longest task)",
    "reload → first card (median of 3; read IndexedDB, mock boot)",
    "÷ sample",
    "longest task booting",
    "export (time, longest task)",
    "cards in DOM after 500",
    "scroll 500",
    "longest task scrolling",
    "like → pressed",
    "JS heap (page + mock worker)",
  ];
  table(head, rows);
  if (reloads)
    console.log(
      `\nJS heap (page + mock worker) at ${SIZES[SIZES.length - 1]} posts after a reload: ${reloads[0]}; after ${RELOADS}: ${reloads[1]}.`,
    );
  console.log(
    "\nTargets: first card at 100k within 1.5x of the sample data's; no main-thread task over 100 ms booting, importing, exporting or scrolling (at --cpu 4); import and export of 100k within 10 s; ≤ 60 cards in the DOM; like pressed ≤ 100 ms; no heap growth across reloads.",
  );
}

// A whole run writes its section of tests/benchmarks.md (one per slow-down); a narrowed one only prints.
const WHOLE = !MOCKMAN_ONLY && !sizes.length;
const SECTION = DEVICE > 1 ? `browser-slow-device-${DEVICE}` : CPU > 1 ? `browser-cpu-${CPU}` : "browser";
if (WHOLE) record(`npm run bench:browser${argv.length ? ` -- ${argv.join(" ")}` : ""}`);
try {
  await new Promise((r) => setTimeout(r, 800));
  console.log(
    `# Moments in Chromium (${browser.version()}), built app, ${
      DEVICE > 1 ? `all of Chromium slowed ${DEVICE}x (1/${DEVICE} of one core)` : `CPU ${CPU > 1 ? `slowed ${CPU}x (page)` : "normal"}`
    }\n`,
  );
  if (!MOCKMAN_ONLY) await benchPosts();
  await benchMockmanRun(browser, BASE, CPU);
  // Lighthouse's own CPU slow-down is simulated (computed from what it observed); a --cpu or
  // --slow-device run would slow it twice, so it runs only at the machine's own speed.
  if (CPU === 1 && DEVICE === 1) await benchLighthouse(BASE);
  if (WHOLE) await keep(SECTION);
} finally {
  await browser.close();
  server.kill();
}
