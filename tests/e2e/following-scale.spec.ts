// The Following feed on /home with 10,000 posts (made by `mockman seed`, loaded as Settings >
// Import loads it): after following two authors it holds only their posts and the
// guest's own, newest first, and scrolling it to the end, page after page, shows each
// of them exactly once (at 1280 px; its top at 375 px). Someone who follows nobody and has not
// posted sees its empty state, while Everyone still lists every post.
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, scaled, test, type Page } from "./fixtures";
import { mockman } from "./cli-helpers";
import { feedCaughtUp } from "./helpers";
import { expectToast, loginAsGuest, noToasts, seriousViolationsInPage, shoot, signUp, watchErrors } from "./screen-helpers";

const POSTS = 10_000;
const TOTAL = POSTS + 6; // the sample data stays, so the guest can log in
let dir: string;
let exportFile: string;
/** The two generated authors with the most posts (followed by the test), and what the feed must then hold, in order. */
let followed: string[];
let expected: string[];

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "moments-following-"));
  exportFile = join(dir, "export.json");
  await mockman("seed", "--users", "50", "--posts", String(POSTS), "--seed", "21", "--db", join(dir, "db.json"));
  await mockman("export", exportFile, "--db", join(dir, "db.json"));
  const { posts } = JSON.parse(readFileSync(exportFile, "utf8")).data as {
    posts: { _id: string; username: string }[];
  };
  const count = new Map<string, number>();
  for (const p of posts) count.set(p.username, (count.get(p.username) ?? 0) + 1);
  followed = [...count.keys()]
    .filter((u) => u.match(/\d_/))
    .sort((a, b) => count.get(b)! - count.get(a)! || a.localeCompare(b))
    .slice(0, 2);
  // Newest first is the store's order backwards, as on Everyone and Explore (the export keeps that order).
  expected = posts
    .filter((p) => p.username === "guest" || followed.includes(p.username))
    .map((p) => p._id)
    .reverse();
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Cards in the DOM: their place in the list, the list's size, and the post's id. */
const positions = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="feed"] article')].map((a) => ({
      at: Number(a.getAttribute("aria-posinset")),
      size: Number(a.getAttribute("aria-setsize")),
      id: a.getAttribute("aria-labelledby")!.replace(/^post-|-author$/g, ""),
    })),
  );

/** Scrolls the feed from the top to its end and returns the post at each position (1-based). */
async function walkToEnd(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const end = page.getByText("You're all caught up.");
  const seen = new Map<number, string>();
  for (let step = 0; step < 2000; step++) {
    await feedCaughtUp(page);
    for (const card of await positions(page)) {
      expect(card.size, "the list's size is the Following feed's").toBe(expected.length);
      const before = seen.get(card.at);
      if (before) expect(before, `position ${card.at} holds one post`).toBe(card.id);
      seen.set(card.at, card.id);
    }
    if ((await end.isVisible()) && (await end.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight))) break;
    // Less than the window's overscan per step, so no card passes unseen.
    await page.evaluate(() => new Promise((done) => (window.scrollBy(0, 1200), requestAnimationFrame(() => done(null)))));
  }
  await expect(end).toBeVisible();
  for (const card of await positions(page)) seen.set(card.at, card.id);
  const order = [...seen.keys()].sort((a, b) => a - b);
  expect(order, "every position shown").toEqual(Array.from({ length: expected.length }, (_, i) => i + 1));
  return order.map((at) => seen.get(at)!);
}

/** Only the followed authors' posts and the guest's, each once, newest first. */
function expectFollowingFeed(ids: string[]) {
  expect(new Set(ids).size, "each post once").toBe(ids.length);
  const others = new Set(expected);
  expect(
    ids.filter((id) => !others.has(id)),
    "posts by anyone else",
  ).toEqual([]);
  expect(ids).toEqual(expected);
}

test("at 10,000 posts the Following feed holds only the followed authors' posts and your own, newest first, each once to the end (and its top at 375 px)", async ({
  page,
}) => {
  test.setTimeout(scaled(300_000));
  const errors = watchErrors(page);
  await loginAsGuest(page);
  // Loaded as Settings > Import loads it (checked, then imported, in the tab's mock worker), without the dialog.
  const imported = await page.evaluate(
    async (text) => {
      const mock = window.__moments!.mock;
      const check = await mock.checkImport(new Blob([text], { type: "application/json" }));
      if (!check.ok) throw new Error(check.problem);
      return mock.importChecked(check.ticket);
    },
    readFileSync(exportFile, "utf8"),
  );
  expect([imported.users, imported.posts]).toEqual([54, TOTAL]);
  // The seed made 50 people with about 200 posts each: two of them make a feed of some 20 pages.
  expect(expected.length).toBeGreaterThan(300);

  for (const username of followed) {
    await page.goto(`/profile/${username}`);
    // The profile's own button (at 1280 px the right column may suggest the same person).
    await page
      .getByRole("main")
      .getByRole("button", { name: `Follow @${username}` })
      .click();
    await expect(page.getByRole("main").getByRole("button", { name: `Following @${username}: unfollow` })).toBeVisible();
    // The button turns at once (optimistic); the toast comes once the mock has written the
    // follow. Leaving before it would drop the write with the page.
    await expectToast(page, "followed");
  }

  await page.goto("/home");
  await page.getByRole("navigation", { name: "Feeds" }).getByRole("link", { name: "Following" }).click();
  await expect(page).toHaveURL(/\/home\?feed=following$/);
  const feed = page.getByRole("feed", { name: "Following feed" });
  await expect(feed.getByRole("article").first()).toBeVisible();
  expectFollowingFeed(await walkToEnd(page));

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(feed.getByRole("article").first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await feedCaughtUp(page);
  await noToasts(page);
  await shoot(page, "following-10k");
  expect(await seriousViolationsInPage(page)).toEqual([]);
  // The phone shows the same list from its top: the first page, in the same order (the walk to
  // its end is the one above: the same list and paging, a narrower column).
  const first = (await positions(page)).sort((a, b) => a.at - b.at);
  expect(first[0].at).toBe(1);
  expect(first.length).toBeGreaterThan(5);
  expect(first.map((card) => card.id)).toEqual(expected.slice(0, first.length));
  expect(errors).toEqual([]);
});

for (const width of [1280, 375]) {
  test(`following nobody, with no posts of your own, the Following feed says so; Everyone still lists every post (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const errors = watchErrors(page);
    await signUp(page, `nofollow${width}`);
    await page.goto("/home?feed=following");
    await expect(page.getByText("Nothing here yet: posts by you and the people you follow show here.")).toBeVisible();
    await expect(page.getByRole("feed", { name: "Following feed" }).getByRole("article")).toHaveCount(0);
    await noToasts(page);
    await shoot(page, "following-empty");
    expect(await seriousViolationsInPage(page)).toEqual([]);
    await page.getByRole("navigation", { name: "Feeds" }).getByRole("link", { name: "Everyone" }).click();
    await expect(page.getByRole("feed", { name: "Home feed" }).getByRole("article")).toHaveCount(6);
    expect(errors).toEqual([]);
  });
}
