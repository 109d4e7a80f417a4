// The browser runs our page and nothing else: Chromium 156 opened two WebUI pages of its own
// (the omnibox popup and its AI-mode composebox) beside every browser context, each a renderer
// that builds its UI and blinks a caret, about a third of a test's CPU. tests/chromium.ts turns
// them off by feature name; a Chromium that renames the features fails here, not by a slower suite.
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

/** The command line of the browser this worker runs (its main process: a child of ours, driven over a pipe). */
function browserCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    let parent: number;
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      parent = Number(/^\d+ \(.*\) \S+ (\d+)/s.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1]);
    } catch {
      continue; // gone meanwhile
    }
    if (parent === process.pid && args.includes("--remote-debugging-pipe")) lines.push(args);
  }
  return lines;
}

test("a test's browser holds only the pages the test opened, no browser UI of Chromium's own", async ({ browser, page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  await cdp.detach();
  const others = targetInfos.filter((t) => t.type !== "page" && t.type !== "worker" && t.type !== "iframe");
  expect(others.map((t) => `${t.type} ${t.url}`)).toEqual([]);
  expect(targetInfos.filter((t) => t.type === "page").map((t) => new URL(t.url).pathname)).toEqual(["/"]);
});

test("Chromium reads only the last --disable-features, and it names every feature Playwright's names", async ({ browser }) => {
  // Asking for the `browser` fixture starts it; this check reads it, so the browser is up before /proc is read.
  expect(browser.isConnected()).toBe(true);
  const running = browserCommandLines();
  expect(running.length, "a browser Playwright started, found in /proc").toBeGreaterThan(0);
  for (const args of running) {
    const lists = args.filter((a) => a.startsWith("--disable-features=")).map((a) => a.slice("--disable-features=".length).split(","));
    expect(lists.length).toBeGreaterThan(0);
    const last = new Set(lists.at(-1));
    expect(lists.flat().filter((feature) => !last.has(feature))).toEqual([]);
    expect([...last]).toEqual(expect.arrayContaining(["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]));
  }
});
