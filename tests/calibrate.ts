// The machine's speed on the day, as two figures the same code gives alike on the same machine: the CPU time a
// fixed piece of JavaScript takes in a fresh Node process (tests/calibrate-work.mjs), and the time Chromium takes
// to build, style and lay out a fixed page (1,500 styled list items, eight times, each laid out at five widths),
// each the best of three. A suite that takes longer on a day when these grew was slowed by the machine, not by
// its tests. Why both (tests/README.md, "The machine changed on 2026-11-29"): since then the machine this project
// runs on spends 2-3x what it did on Chromium's work while Node's compute is unchanged.
// `npm test` prints and records them (tests/suite.mjs, with --json); `npx tsx tests/calibrate.ts` prints them.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";

const WORK = fileURLToPath(new URL("./calibrate-work.mjs", import.meta.url));
const best = (times: number[]) => Math.round(Math.min(...times) * 100) / 100;

/** CPU seconds of the fixed work in a fresh Node process, the best of three. */
function nodeSeconds(): number {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) times.push(Number(execFileSync(process.execPath, [WORK]).toString().split(" ")[0]));
  return best(times);
}

/** Chromium's seconds for the fixed page's building, styling and layout, the best of three in one page. */
async function chromiumSeconds(): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const times: number[] = [];
    for (let run = 0; run < 3; run++)
      times.push(
        await page.evaluate(() => {
          const start = performance.now();
          for (let round = 0; round < 8; round++) {
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
    return best(times);
  } finally {
    await browser.close();
  }
}

const speed = { node: nodeSeconds(), chromium: await chromiumSeconds() };
if (process.argv.includes("--json")) console.log(JSON.stringify(speed));
else {
  console.log(`fixed work in Node: ${speed.node} CPU-s (the best of three; lower is a faster machine)`);
  console.log(`a fixed page in Chromium: ${speed.chromium} s (the best of three)`);
}
