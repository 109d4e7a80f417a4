// Several tabs (issue 7): two pages of one browser context, signed in as the same
// guest, alternate 50 likes/unlikes, bookmarks/unbookmarks and new posts. Each
// tab toggles only its own posts, so the end state is known; the user record
// (bookmarks) is shared, which is where a stale copy would lose updates. After
// their next navigation both tabs, and IndexedDB itself, hold every change.
import { expect, test, type Page, scaled } from "./fixtures";
import { feed, loginAsGuest, postWith, scrollToPost, expectToast } from "./helpers";
import { readIndexedDb } from "./hardening/api";

interface Expected {
  liked: boolean;
  bookmarked: boolean;
}

const ACTIONS = 50;

async function act(page: Page, kind: "post" | "like" | "bookmark", text: string, expected: Map<string, Expected>, step: number) {
  if (kind === "post") {
    const composer = page.getByRole("region", { name: "Create a post" });
    await composer.getByRole("textbox", { name: "What's happening?" }).fill(text);
    await composer.getByRole("button", { name: "Post" }).click();
    await expectToast(page, "Post created successfully");
    await expect(postWith(page, text)).toBeVisible();
    expected.set(text, { liked: false, bookmarked: false });
    return;
  }
  const state = expected.get(text)!;
  const card = await scrollToPost(page, text);
  const button = card.getByRole("button", { name: kind === "like" ? "Like" : "Bookmark" });
  const now = kind === "like" ? state.liked : state.bookmarked;
  // Its own UI agrees with what this test has done so far (the other tab never touches these posts).
  await expect(button, `step ${step}: ${kind} on "${text}"`).toHaveAttribute("aria-pressed", String(now));
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", String(!now));
  if (kind === "like") state.liked = !now;
  else state.bookmarked = !now;
  // Wait for the server's answer (the revalidated card), not the optimistic one.
  await expect(card.getByRole("button", { name: kind === "like" ? "Like" : "Bookmark" })).toHaveAttribute("aria-pressed", String(!now));
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
}

async function checkTab(page: Page, label: string, expected: Map<string, Expected>) {
  for (const [text, state] of expected) {
    const card = await scrollToPost(page, text);
    await expect(card, `${label}: "${text}"`).toBeVisible();
    await expect(card.getByRole("button", { name: "Like" }), `${label}: like on "${text}"`).toHaveAttribute(
      "aria-pressed",
      String(state.liked),
    );
    await expect(card.getByRole("button", { name: "Bookmark" }), `${label}: bookmark on "${text}"`).toHaveAttribute(
      "aria-pressed",
      String(state.bookmarked),
    );
  }
}

test("two tabs alternate 50 likes, bookmarks and posts; both tabs and IndexedDB keep every one", async ({ context }) => {
  test.setTimeout(scaled(240_000));
  const a = await context.newPage();
  await loginAsGuest(a);
  // The second tab shares the session (localStorage) and the database.
  const b = await context.newPage();
  await b.goto("/home");
  await expect(feed(b).getByRole("article")).toHaveCount(6);
  const tabs = [a, b];
  const seeds = (await feed(a).getByRole("article").locator(".post-card__content").allTextContents()).map((t) => t.trim());
  const expected = new Map<string, Expected>();
  for (const s of seeds) expected.set(s, { liked: false, bookmarked: false });
  // Each tab owns three seed posts and the posts it writes.
  const owned: string[][] = [seeds.slice(0, 3), seeds.slice(3, 6)];
  const counts = { post: 0, like: 0, unlike: 0, bookmark: 0, unbookmark: 0 };

  for (let step = 0; step < ACTIONS; step++) {
    const t = step % 2;
    const page = tabs[t];
    const round = Math.floor(step / 2);
    const kind = (["post", "like", "bookmark", "like", "bookmark"] as const)[round % 5];
    if (kind === "post") {
      const text = `Tab ${"AB"[t]} post #${step}, end`;
      await act(page, "post", text, expected, step);
      owned[t].push(text);
      counts.post++;
    } else {
      // Walk this tab's posts newest first, so toggles hit new posts and old ones again.
      const mine = owned[t];
      const text = mine[(((mine.length - 1 - round) % mine.length) + mine.length) % mine.length];
      const before = expected.get(text)!;
      const on = kind === "like" ? !before.liked : !before.bookmarked;
      await act(page, kind, text, expected, step);
      counts[kind === "like" ? (on ? "like" : "unlike") : on ? "bookmark" : "unbookmark"]++;
    }
  }
  const total = counts.post + counts.like + counts.unlike + counts.bookmark + counts.unbookmark;
  expect(total).toBe(ACTIONS);

  // The next navigation in each tab shows everything both tabs did.
  for (const [i, page] of tabs.entries()) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Explore" }).click();
    await expect(page.getByRole("heading", { name: "Explore" })).toBeVisible();
    await checkTab(page, `tab ${"AB"[i]} on Explore`, expected);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /Bookmark/ })
      .click();
    const marked = [...expected].filter(([, s]) => s.bookmarked).map(([text]) => text);
    // The feed is windowed: its size is in aria-setsize, and each card is scrolled to.
    await expect(feed(page).getByRole("article").first()).toHaveAttribute("aria-setsize", String(marked.length));
    for (const text of marked) await expect(await scrollToPost(page, text)).toBeVisible();
  }

  // IndexedDB itself, read with the platform's API.
  const db = await readIndexedDb(a);
  const guest = db.users.find((u) => u.username === "guest");
  const byContent = new Map(db.posts.map((p) => [p.content as string, p]));
  const lost: string[] = [];
  for (const [text, state] of expected) {
    const post = byContent.get(text);
    if (!post) {
      lost.push(`post "${text}"`);
      continue;
    }
    // Likes are stored as user ids; answers join the names in.
    const liked = post.likes.likedBy.includes(guest._id);
    if (liked !== state.liked) lost.push(`like on "${text}"`);
    if (guest.bookmarks.includes(post._id) !== state.bookmarked) lost.push(`bookmark on "${text}"`);
  }
  expect(lost).toEqual([]);
  expect(new Set(guest.bookmarks).size).toBe(guest.bookmarks.length);

  // A third tab, booting from IndexedDB alone, agrees.
  const c = await context.newPage();
  await c.goto("/explore");
  await expect(c.getByRole("heading", { name: "Explore" })).toBeVisible();
  await checkTab(c, "a new tab", expected);

  const line = `tabs: ${ACTIONS} alternating actions (${counts.post} posts, ${counts.like} likes, ${counts.unlike} unlikes, ${counts.bookmark} bookmarks, ${counts.unbookmark} unbookmarks); ${expected.size} posts checked in 3 tabs and IndexedDB; lost updates: ${lost.length}`;
  console.log(line);
  test.info().annotations.push({ type: "figure", description: line });
});
