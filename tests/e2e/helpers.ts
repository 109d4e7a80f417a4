// Shared steps for the e2e flows: errors watched, the guest's login, scrolling, axe.
import AxeBuilder from "@axe-core/playwright";
import type { RunOptions } from "axe-core";
import { expect, type Locator, type Page } from "@playwright/test";
import { animationsAtRest, keepsToastLog, toastsShown } from "./fixtures";
import { FAULTS_EVENT, FAULTS_KEY, isActive, NO_FAULTS, type DelayRange, type FaultSettings } from "#mock/core/fault-settings";

/** Fails the test on any page error or console.error. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    // A refused API call shows in Chromium's console as a failed resource; the toasts cover those.
    if (m.type() === "error" && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

export async function loginAsGuest(page: Page) {
  const logins = () => (keepsToastLog(page) ? toastsShown(page).filter((t) => t.text === "LoggedIn successfully").length : 0);
  const before = logins();
  await page.goto("/");
  await page.getByRole("button", { name: "Login as Guest" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
  // The login's toast has come (it may come after the heading): a later `noToasts` waits for
  // it to go instead of finding none yet. Not claimed: a spec may still expect it.
  if (keepsToastLog(page)) await expect.poll(logins, { message: "the login's toast" }).toBeGreaterThan(before);
}

/** Toasts are checked by what the page showed (./fixtures keeps the log), not by what is still on screen. */
export { expectToast } from "./fixtures";

export const feed = (page: Page) => page.getByRole("feed");

/** The first post in the feed whose text contains `text`. */
export const postWith = (page: Page, text: string) => feed(page).getByRole("article").filter({ hasText: text }).first();

/** Your own post's "…" button: its Edit post and Delete post are in a menu (app/components/PostCard/PostMenu.tsx). */
export const postMenuButton = (card: Locator) => card.getByRole("button", { name: "More actions" });

/** Chooses one of your own post's actions from its card's "…" menu. */
export async function postAction(card: Locator, action: "Edit post" | "Delete post") {
  await postMenuButton(card).click();
  await card.page().getByRole("menu").getByRole("menuitem", { name: action }).click();
}

/** The mock's fault settings as a spec gives them: a delay as fixed milliseconds or a range; what is left out is off. */
export type MockFaults = Partial<Omit<FaultSettings, "delay">> & { delay?: number | DelayRange | null };

/**
 * Sets the mock's faults live, as the Mock settings panel saves them (saveFaultSettings in
 * mock/core/fault-settings.ts): the setting in localStorage (removed when nothing is on) and
 * its event in this tab. From then on every request of this tab, and of every tab loaded
 * after, meets them; a request already waiting keeps what it was given. `null`: no faults.
 */
export async function setMockFaults(page: Page, faults: MockFaults | null) {
  const { delay, ...rest } = faults ?? {};
  const settings: FaultSettings = {
    ...NO_FAULTS,
    ...rest,
    delay: typeof delay === "number" ? (delay ? { min: delay, max: delay } : null) : (delay ?? null),
  };
  await page.evaluate(
    ({ key, event, settings, active }) => {
      if (active) localStorage.setItem(key, JSON.stringify(settings));
      else localStorage.removeItem(key);
      window.dispatchEvent(new CustomEvent(event));
    },
    { key: FAULTS_KEY, event: FAULTS_EVENT, settings, active: isActive(settings) },
  );
}

/** A tiny valid PNG (1x1), for the image picker. */
export const PNG_1x1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Waits until a windowed feed shows the cards of the window's scroll position: the part of
 * the list on screen is covered by cards in the DOM. The cards move a frame or more after a
 * scroll (the scroll event, then React), and on a busy machine a fixed two frames were not
 * enough: a look then found the old position's cards and a walk stepped past the new ones.
 */
export async function feedCaughtUp(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const list = document.querySelector('[role="feed"]');
          if (!list) return true;
          const box = list.getBoundingClientRect();
          const [from, to] = [Math.max(box.top, 0), Math.min(box.bottom, window.innerHeight)];
          if (to <= from) return true;
          const cards = [...list.querySelectorAll("article")].map((a) => a.getBoundingClientRect());
          if (cards.length === 0) return false;
          // Cards a step behind miss by a screen or more; a card's estimated height by less than this.
          const slack = 100;
          return Math.min(...cards.map((r) => r.top)) <= from + slack && Math.max(...cards.map((r) => r.bottom)) >= to - slack;
        }),
      { message: "the feed's cards cover the screen", intervals: [16, 50, 100, 250] },
    )
    .toBe(true);
}

/**
 * Scrolls a windowed feed from the top to "You're all caught up.", and says what it saw: each
 * position's post (a position holding two posts fails), every set size, and the most cards in the
 * DOM at once. Each step brings the last card the look saw to the top of the screen, so the next
 * look (which waits for the cards on screen) holds it again and no card passes unseen, however far
 * the window reaches past the screen at that moment: a fixed step of 1600 px, a little less than
 * the ramped-up overscan, stepped past a card once on a busy machine while the Media tab's new list
 * was still ramping its overscan up (useRampedOverscan: 0, 2, 4, then 8 cards), 211 of 212 seen.
 */
export async function walkFeedToEnd(page: Page, maxSteps = 3000) {
  await expect(feed(page).getByRole("article").first()).toBeVisible();
  const seen = new Map<number, string>();
  const sizes = new Set<number>();
  let most = 0;
  for (let step = 0; step < maxSteps; step++) {
    const look = await page.evaluate(() => ({
      cards: [...document.querySelectorAll('[role="feed"] article')].map((a) => ({
        at: Number(a.getAttribute("aria-posinset")),
        size: Number(a.getAttribute("aria-setsize")),
        id: a.getAttribute("aria-labelledby")!,
      })),
      end: [...document.querySelectorAll(".feed__status")].some(
        (el) => el.textContent === "You're all caught up." && el.getBoundingClientRect().top < window.innerHeight,
      ),
    }));
    for (const card of look.cards) {
      sizes.add(card.size);
      const before = seen.get(card.at);
      if (before) expect(before, `position ${card.at} holds one post`).toBe(card.id);
      seen.set(card.at, card.id);
    }
    most = Math.max(most, look.cards.length);
    if (look.end) break;
    await page.evaluate(
      () =>
        new Promise((done) => {
          const cards = document.querySelectorAll('[role="feed"] article');
          const last = cards[cards.length - 1]?.getBoundingClientRect();
          // At least 100 px a step (the last card may start above the screen's top), at most 1600.
          window.scrollBy(0, last ? Math.min(1600, Math.max(100, last.top - 50)) : 1600);
          requestAnimationFrame(() => requestAnimationFrame(done));
        }),
    );
    await feedCaughtUp(page);
  }
  return { seen, sizes: [...sizes], most };
}

/**
 * Scrolls a windowed feed until `target` is in the DOM (only the cards near
 * the viewport are), loading more pages on the way, and returns it.
 */
export async function scrollTo(page: Page, target: Locator, maxSteps = 400): Promise<Locator> {
  // The walk starts from a shown list: feedCaughtUp answers "caught up" while there is no
  // feed yet, and a walk down a page still loading would step past nothing.
  await expect(feed(page).getByRole("article").first()).toBeVisible();
  // Playwright's own actions scroll a card that is in the DOM into view.
  if ((await target.count()) > 0) return target.first();
  // A windowed list renders the cards of a new scroll position a frame or more after the
  // scroll (the scroll event, then React): each look waits for them. Looking sooner, on a
  // busy machine, walked past cards still showing the old position's (a CI flake).
  const rendered = async () => {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
    await feedCaughtUp(page);
  };
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < maxSteps; step++) {
    await rendered();
    if ((await target.count()) > 0) return target.first();
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    });
    if (!atEnd) continue;
    // At the end: the next page may still be loading; the list says when there is no more.
    await rendered();
    if ((await target.count()) > 0) return target.first();
    if ((await page.getByText("You're all caught up.").count()) > 0) break;
    await page.waitForTimeout(150);
  }
  return target.first();
}

/** The post whose text contains `text`, scrolled to. */
export const scrollToPost = (page: Page, text: string) => scrollTo(page, postWith(page, text));

/**
 * axe-core's violations of the given impacts (all when none are given), one line each: [] when clean.
 * Read once the page is at rest (readAtRest): axe reads colours as they are, and full runs failed on a
 * toast still fading in, and on one that began to fade out while axe read.
 */
export async function axeViolations(page: Page, impacts?: string[]) {
  return violationLines(
    await readAtRest(page, async () => (await new AxeBuilder({ page }).options(AXE_OPTIONS).analyze()).violations),
    impacts,
  );
}

type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/**
 * Every rule runs; only the violations are written out in full. Without resultTypes axe also builds
 * a selector and an HTML excerpt for every node that passed or was inapplicable, which we never read.
 */
const AXE_OPTIONS: RunOptions = { resultTypes: ["violations"] };

/**
 * axe's violations of a page at rest. A toast may start closing while axe reads the page (its
 * timer runs on; on a loaded machine a run takes seconds): one full run failed on color-contrast for
 * toast #2 fading out under the open picture viewer. So the page's DOM is watched while axe reads it,
 * and when it changed meanwhile and axe found something, the page is let come to rest and read again
 * (three reads at most). A violation that stays is reported as before.
 */
async function readAtRest(page: Page, analyze: () => Promise<AxeViolation[]>): Promise<AxeViolation[]> {
  type Watched = Window & { __axeMoved?: boolean; __axeWatch?: MutationObserver };
  for (let read = 1; ; read++) {
    await animationsAtRest(page);
    await page.evaluate(() => {
      const w = window as Watched;
      w.__axeWatch?.disconnect();
      w.__axeMoved = false;
      w.__axeWatch = new MutationObserver(() => (w.__axeMoved = true));
      w.__axeWatch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const violations = await analyze();
    const moved = await page.evaluate(() => {
      const w = window as Watched;
      w.__axeWatch?.disconnect();
      return w.__axeMoved === true;
    });
    if (!violations.length || !moved || read === 3) return violations;
  }
}

const violationLines = (violations: AxeViolation[], impacts?: string[]) =>
  violations
    .filter((v) => !impacts || impacts.includes(v.impact ?? ""))
    .map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);

/** axe-core's serious and critical violations, one line each: [] when clean. */
export const seriousViolations = (page: Page) => axeViolations(page, ["serious", "critical"]);

/**
 * The same rules and results as `axeViolations`, for a walk that runs axe many times: axe-core runs
 * in the page itself (AxeBuilder's legacy mode, axe.run) and stays there, so a second look at the
 * same document (another theme, another width) neither injects its 500 kB again nor opens the
 * blank page AxeBuilder's default mode finishes each run in (~2 s a run on a busy machine, ~0.4 s
 * this way). A page holding frames goes through AxeBuilder every time, which reaches into them.
 */
export async function axeViolationsInPage(page: Page, impacts?: string[]) {
  const violations = await readAtRest(page, async () => {
    const injected = page.frames().length === 1 && (await page.evaluate(() => "axe" in window));
    const { violations } = injected
      ? await page.evaluate(
          (options) =>
            (
              window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }
            ).axe.run(document, options),
          AXE_OPTIONS,
        )
      : await new AxeBuilder({ page }).options(AXE_OPTIONS).setLegacyMode(true).analyze();
    return violations;
  });
  return violationLines(violations, impacts);
}

/** `seriousViolations` through `axeViolationsInPage`. */
export const seriousViolationsInPage = (page: Page) => axeViolationsInPage(page, ["serious", "critical"]);

/**
 * A screenshot for a person to look at, never compared: taken only with SHOTS_DIR set, into that
 * folder (`SHOTS_DIR=/tmp/shots npx playwright test -c tests/e2e ...`). The suite's checks never need one.
 */
export async function keepShot(target: Page | Locator, name: string, fullPage = false) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const path = `${dir}/${name}`;
  await ("goto" in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
