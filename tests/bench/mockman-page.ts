// The /mockman page's figures for `npm run bench:browser` (figures, not assertions):
// - a collection Run on the page (issue 31: "the page runs the same 1,000 requests with no
//   main-thread task over 100 ms"): the collection of tests/bench/postman-run.ts imported and run
//   through the page's Run… dialog as a user does it; printed, the longest main-thread task and the
//   tasks over 50 ms (PerformanceObserver 'longtask') while it runs, and its time, beside the peer
//   of the same run: `mockman replay` of the same file in-process (the bin, a whole process);
// - Lighthouse 12 (issue 35: "Lighthouse mobile performance ≥ 90 on /mockman (and /)"), its default
//   mobile preset (a Moto G Power's screen, slow 4G and a 4x slower CPU, simulated) against the
//   built app as `npm start` serves it (sirv --gzip --brotli), Debian's Chromium: score, LCP, TBT
//   and bytes, median of LIGHTHOUSE_RUNS (3) by score, and the opportunities of /mockman's run.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "../chromium";
import { watchedProcess } from "./measure";
import { benchCollection } from "./postman-run";

const ROOT = resolve(import.meta.dirname, "../..");
const BIN = join(ROOT, "cli/bin/mockman.js");

/** Every long task (≥ 50 ms, the API's floor) on the page's main thread, from its first script on. */
const LONG_TASKS = `(() => {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__tasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
})();`;

type Tasks = { __tasks: number[] };
const resetTasks = (page: Page) => page.evaluate(() => ((window as unknown as Tasks).__tasks = []));
const tasks = (page: Page) => page.evaluate(() => (window as unknown as Tasks).__tasks);

interface PageRun {
  ms: number;
  longest: number;
  over50: number;
  over100: number;
  summary: string;
}

/** Imports the collection on /mockman, opens Run…, starts it and waits for the report. */
async function runOnPage(browser: Browser, base: string, file: string, count: number, cpu: number): Promise<PageRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(LONG_TASKS);
  const page = await context.newPage();
  // --cpu N: the page's thread slowed as Lighthouse's mobile runs do (Chromium refuses it for workers).
  if (cpu > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpu });
  try {
    await page.goto(`${base}/mockman`);
    await page.getByRole("button", { name: "Submit" }).waitFor({ timeout: 120_000 });
    await page.getByLabel("Collection file to import").setInputFiles(file);
    await page.getByText(/^Imported [\d,]+ requests? from /).waitFor({ timeout: 120_000 });
    const name = `bench ${count}`;
    await page
      .getByRole("region", { name: "Collections" })
      .getByRole("button", { name: `Actions for ${name}`, exact: true })
      .click();
    await page
      .getByRole("menu", { name: `Actions for ${name}` })
      .getByRole("menuitem", { name: "Run", exact: true })
      .click();
    const runner = page.getByRole("dialog", { name: `Run ${name}` });
    await runner.getByLabel("Iterations").fill("1");
    const summary = runner.getByTestId("run-summary");
    await resetTasks(page);
    const started = Date.now();
    await runner.getByRole("button", { name: "Run", exact: true }).click();
    // Polled each frame in the page, so the moment is the frame the report showed in.
    await page.waitForFunction(
      () => /^(Done|Failed|Stopped)\./.test(document.querySelector('[data-testid="run-summary"]')?.textContent ?? ""),
      null,
      { polling: "raf", timeout: 1_800_000 },
    );
    const ms = Date.now() - started;
    // A task still running as the report shows is counted once it ends.
    await page.waitForTimeout(200);
    const seen = await tasks(page);
    return {
      ms,
      longest: Math.max(0, ...seen),
      over50: seen.filter((d) => d > 50).length,
      over100: seen.filter((d) => d > 100).length,
      summary: (await summary.textContent()) ?? "",
    };
  } finally {
    await context.close();
  }
}

export async function benchMockmanRun(browser: Browser, base: string, cpu = 1, counts = [100, 1_000]): Promise<void> {
  console.log("\n## /mockman: a collection Run on the page (engine in a Web Worker) vs `mockman replay` in-process\n");
  execFileSync(process.execPath, [join(ROOT, "cli/build.mjs")], { stdio: "ignore" });
  const dir = mkdtempSync(join(tmpdir(), "mockman-bench-page-run-"));
  try {
    for (const count of counts) {
      const file = join(dir, `bench-${count}.postman_collection.json`);
      writeFileSync(file, JSON.stringify(benchCollection(count)));
      const run = await runOnPage(browser, base, file, count, cpu);
      const peer = await watchedProcess([BIN, "replay", file, "--db", join(dir, `in-process-${count}.json`), "--json"]);
      console.log(`${count.toLocaleString("en-US")} requests: ${run.summary}`);
      console.log(
        `  page:  Run → report ${(run.ms / 1000).toFixed(1)} s; main thread: longest task ${Math.round(run.longest)} ms, ${run.over50} over 50 ms, ${run.over100} over 100 ms (target: none over 100 ms)`,
      );
      console.log(
        `  peer:  mockman replay (bin, in-process) ${(peer.ms / 1000).toFixed(1)} s wall, CPU ${(peer.cpuMs / 1000).toFixed(1)} s, exit ${peer.code}; page ÷ peer ${(run.ms / peer.ms).toFixed(2)}x`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Lighthouse {
  score: number;
  lcp: number;
  tbt: number;
  bytes: number;
  opportunities: string[];
}

type Audit = {
  title: string;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number };
};

async function lighthouseOnce(url: string, port: number): Promise<Lighthouse> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, Audit>;
  const opportunities = Object.values(audits)
    .filter((a) => a.details?.type === "opportunity" && ((a.details.overallSavingsMs ?? 0) > 0 || (a.details.overallSavingsBytes ?? 0) > 0))
    .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
    .map((a) => `${a.title}: ${a.displayValue ?? ""}`.replace(/: $/, ""));
  for (const id of ["bootup-time", "mainthread-work-breakdown"])
    if (audits[id]?.displayValue) opportunities.push(`${audits[id].title}: ${audits[id].displayValue}`);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audits["largest-contentful-paint"].numericValue ?? NaN,
    tbt: audits["total-blocking-time"].numericValue ?? NaN,
    bytes: audits["total-byte-weight"].numericValue ?? NaN,
    opportunities,
  };
}

export async function benchLighthouse(
  base: string,
  paths = ["/", "/mockman"],
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
): Promise<void> {
  console.log(
    `\n## Lighthouse ${"12.2.3"} mobile (default preset, simulated slow 4G and 4x CPU), served by sirv --gzip --brotli, median of ${runs} by score\n`,
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    for (const path of paths) {
      const all: Lighthouse[] = [];
      for (let i = 0; i < runs; i++) all.push(await lighthouseOnce(`${base}${path}`, chrome.port));
      all.sort((a, b) => a.score - b.score);
      const median = all[Math.floor(all.length / 2)];
      console.log(
        `${path.padEnd(9)} performance ${median.score} (runs: ${all.map((r) => r.score).join(", ")}; target ≥ 90), LCP ${(median.lcp / 1000).toFixed(1)} s, TBT ${Math.round(median.tbt)} ms, ${Math.round(median.bytes / 1024)} KiB`,
      );
      if (median.opportunities.length) console.log(`  ${median.opportunities.join("\n  ")}`);
    }
  } finally {
    await chrome.kill();
  }
}
