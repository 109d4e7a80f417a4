// The browser runs our page and nothing else: Chromium 156 opened two WebUI pages of its own
// (the omnibox popup and its AI-mode composebox) beside every browser context, each a renderer
// that builds its UI and blinks a caret, about a third of a test's CPU; and it starts a spare
// renderer beside every page for a navigation that may come, which a test's context closes unused.
// tests/chromium.ts turns them off by feature name; a Chromium that renames the features fails
// here, not by a slower suite.
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

/** The command line of the browser this worker runs (its main process: a child of ours, driven over a pipe). */
function browserCommandLines(): string[][] {
  return processes()
    .filter((p) => p.parent === process.pid && p.args.includes("--remote-debugging-pipe"))
    .map((p) => p.args);
}

/** Every process now: its id, its parent's and its command line. */
function processes(): Array<{ pid: number; parent: number; args: string[] }> {
  const found = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const parent = Number(/^\d+ \(.*\) \S+ (\d+)/s.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1]);
      found.push({ pid: Number(pid), parent, args });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** How many renderer processes the browser this worker started runs now (they are its zygote's children). */
function rendererCount(): number {
  const all = processes();
  const ours = new Set(all.filter((p) => p.parent === process.pid && p.args.includes("--remote-debugging-pipe")).map((p) => p.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (ours.has(p.parent) && !ours.has(p.pid)) {
        ours.add(p.pid);
        grew = true;
      }
  }
  // A zygote child sets its title: its command line reads as one string.
  return all.filter((p) => ours.has(p.pid) && p.args.join(" ").includes("--type=renderer")).length;
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

test("one renderer for the test's one page: no spare renderer waits for a navigation", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  await page.goto("/explore");
  // A closed test's renderer may still be on its way out: the count settles at one (two with a spare).
  await expect.poll(rendererCount, { message: "renderer processes of this worker's browser" }).toBe(1);
});
