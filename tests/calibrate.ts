// The machine's speed on the day, as figures the same code gives alike on the same machine, each the best of
// three: the CPU time a fixed piece of JavaScript takes in a fresh Node process (tests/calibrate-work.mjs); what a
// fresh page of memory costs (18-19 µs here on 2026-11-30; 0.28 µs a 4 KB page here once memory is marked for huge
// pages); the time Chromium takes to build, style and lay out a fixed page (1,500 styled list items, five times,
// each laid out at five widths); and what crossing processes costs, as Playwright does for every step of a test:
// a new browser context with a page, and a `page.evaluate` round trip. A suite that takes longer on a day when
// these grew was slowed by the machine, not by its tests. Why these (tests/README.md, "The machine changed on
// 2026-11-29"): since then the machine this project runs on spends 1.3-2.7x what it did on Chromium's work
// while Node's compute is unchanged, and its page faults and system calls are slow. `npm test` prints and records
// them (tests/suite.mjs, with --json); `npx tsx tests/calibrate.ts` prints them.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";

const WORK = fileURLToPath(new URL("./calibrate-work.mjs", import.meta.url));
const best = (times: number[]) => Math.round(Math.min(...times) * 100) / 100;

/** The fixed work's figure in a fresh Node process (CPU seconds, or with "pages" microseconds a page), the best of three. */
function nodeFigure(...args: string[]): number {
  const once = () =>
    Number(
      execFileSync(process.execPath, [WORK, ...args])
        .toString()
        .split(" ")[0],
    );
  return best([once(), once(), once()]);
}

/** Chromium's seconds for the fixed page's building, styling and layout, and its crossings in milliseconds. */
async function chromiumFigures(): Promise<{ layout: number; contextMs: number; roundTripMs: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const contexts: number[] = [];
    const trips: number[] = [];
    for (let run = 0; run < 3; run++) {
      const from = performance.now();
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.setContent("<p>calibration</p>");
      contexts.push(performance.now() - from);
      const start = performance.now();
      for (let i = 0; i < 100; i++) await page.evaluate((n) => n + 1, i);
      trips.push((performance.now() - start) / 100);
      await context.close();
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const times: number[] = [];
    for (let run = 0; run < 3; run++)
      times.push(
        await page.evaluate(() => {
          const start = performance.now();
          for (let round = 0; round < 5; round++) {
            document.body.textContent = "";
            const list = document.createElement("ul");
            for (let i = 0; i < 1500; i++) {
              const item = document.createElement("li");
              const colour = ((i * 2654435761) % 16777216).toString(16).padStart(6, "0");
              item.style.cssText = `display:flex;gap:${i % 7}px;padding:${i % 5}px;font:${12 + (i % 6)}px sans-serif;border:1px solid #${colour}`;
              item.textContent = `Post ${i}: shipped the edge region, latency down ${i % 97}% for half our users`;
              list.append(item);
            }
            document.body.append(list);
            for (let k = 0; k < 5; k++) {
              document.body.style.width = `${900 + 60 * k + round}px`;
              void document.body.offsetHeight;
            }
          }
          return (performance.now() - start) / 1000;
        }),
      );
    return { layout: best(times), contextMs: Math.round(Math.min(...contexts)), roundTripMs: best(trips) };
  } finally {
    await browser.close();
  }
}

const speed = { node: nodeFigure(), pageUs: nodeFigure("pages"), ...(await chromiumFigures()) };
if (process.argv.includes("--json")) console.log(JSON.stringify(speed));
else {
  console.log(`fixed work in Node: ${speed.node} CPU-s (the best of three each; lower is a faster machine)`);
  console.log(`a fresh 4 KB page of memory, first written: ${speed.pageUs} µs`);
  console.log(`a fixed page's layout in Chromium: ${speed.layout} s`);
  console.log(`a new context with a page: ${speed.contextMs} ms; a page.evaluate round trip: ${speed.roundTripMs} ms`);
}
