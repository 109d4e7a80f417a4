// Issue 46, the response viewer as Postman's Pretty view: the JSON pretty-printed
// with brackets, commas and line numbers, each object or array folding to one line
// that says how many items it holds, lines that never break inside a word, the
// search narrowing it, Raw showing the text as it came, and a long answer kept
// windowed so it stays fast.
import { expect, test, type Locator, type Page } from "./fixtures";
import { checkInBothThemes, mockmanUi, openMockman } from "./mockman-helpers";
import { keepShot } from "./helpers";

const TOKEN = `tok_${"a1b2c3d4e5".repeat(9)}`;
/** As the server sends it: spacing JSON.stringify would not write, so Raw can be told from Pretty. */
const SENT = `{"id":"p1",  "token" : "${TOKEN}", "note":"a sentence of several short words that wraps between the words on a phone","tags":["x","y","z"],"owner":{"name":"Ada","langs":["en","fr"]},"empty":{},"n":null}`;

async function send(page: Page, path: string, body?: string) {
  if (body !== undefined) await page.route(`**${path}`, (route) => route.fulfill({ status: 200, contentType: "application/json", body }));
  const ui = mockmanUi(page);
  await ui.endpoint.fill(path);
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");
  return ui.response.getByRole("group", { name: "Response body" });
}

/** The line numbers in view, in order. */
const numbers = (pretty: Locator) =>
  pretty.locator(".mm-pretty-no").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-line"))));

/** The text of the line whose number is `n`, as shown. */
const lineText = (pretty: Locator, n: number) =>
  pretty.locator(".mm-pretty-line", { has: pretty.page().locator(`[data-line="${n}"]`) }).innerText();

for (const width of [375, 1280]) {
  test(`at ${width} px the body is pretty-printed JSON with line numbers, brackets and commas, and folds with counts`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openMockman(page);
    const pretty = await send(page, "/pretty.json", SENT);
    const expected = JSON.stringify(JSON.parse(SENT), null, 2).split("\n");
    // Every line in view, numbered 1…n, with the text JSON.stringify(…, null, 2) writes.
    await expect(pretty.locator(".mm-pretty-line")).toHaveCount(expected.length);
    expect(await numbers(pretty)).toEqual(expected.map((_, i) => i + 1));
    expect(await lineText(pretty, 1)).toBe("{");
    expect(await lineText(pretty, 5)).toBe('  "tags": [');
    expect(await lineText(pretty, 6)).toBe('    "x",');
    expect(await lineText(pretty, 9)).toBe("  ],");
    expect(await lineText(pretty, expected.length)).toBe("}");

    // Folding "tags": one line that says what it holds; the numbers skip what it hides.
    const tags = pretty.getByRole("button", { name: "tags, 3 items" });
    await expect(tags).toHaveAttribute("aria-expanded", "true");
    await tags.click();
    await expect(tags).toHaveAttribute("aria-expanded", "false");
    expect(await lineText(pretty, 5)).toBe('  "tags": [ … ], 3 items');
    expect(await numbers(pretty)).toEqual([1, 2, 3, 4, 5, ...expected.map((_, i) => i + 1).slice(9)]);
    // An object says keys; the keyboard folds too.
    const owner = pretty.getByRole("button", { name: "owner, 2 keys" });
    await owner.focus();
    await page.keyboard.press("Enter");
    await expect(owner).toHaveAttribute("aria-expanded", "false");
    expect(await lineText(pretty, 10)).toBe('  "owner": { … }, 2 keys');
    await page.keyboard.press("Space");
    await expect(owner).toHaveAttribute("aria-expanded", "true");
    expect(await lineText(pretty, 11)).toBe('    "name": "Ada",');
    // The whole body folds to one line too.
    await pretty.getByRole("button", { name: "body, 7 keys" }).click();
    await expect(pretty.locator(".mm-pretty-line")).toHaveCount(1);
    expect(await lineText(pretty, 1)).toBe("{ … } 7 keys");
    await pretty.getByRole("button", { name: "body, 7 keys" }).click();
    await keepShot(page, `mockman-pretty-${width}.png`);
  });

  test(`at ${width} px no word breaks across lines: a long token scrolls sideways, a sentence wraps between its words`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await openMockman(page);
    const pretty = await send(page, "/pretty.json", SENT);
    const token = pretty.locator(".mm-json-string", { hasText: TOKEN });
    // One box: the token is never split over two lines.
    expect(await token.evaluate((el) => el.getClientRects().length)).toBe(1);
    const sentence = pretty.locator(".mm-json-string", { hasText: "a sentence of several" });
    // Each wrapped line of the sentence ends at a word's end: the words' boxes are whole.
    const split = await sentence.evaluate((el) => {
      const text = el.firstChild as Text;
      const range = document.createRange();
      let broken = 0;
      const words = [...text.data.matchAll(/[^ ]+/g)];
      for (const word of words) {
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken++;
      }
      return broken;
    });
    expect(split).toBe(0);
    if (width === 375) {
      expect(await sentence.evaluate((el) => el.getClientRects().length)).toBeGreaterThan(1);
      // The view scrolls sideways for the token; the page does not.
      expect(await pretty.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
}

test("Raw shows the body as it came; Copy body copies what the view shows; the search narrows the Pretty view and marks what it found", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openMockman(page);
  const ui = mockmanUi(page);
  const tools = page.getByRole("group", { name: "Response tools" });
  const pretty = await send(page, "/pretty.json", SENT);
  await tools.getByRole("button", { name: "Copy body" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify(JSON.parse(SENT), null, 2));

  await tools.getByRole("button", { name: "Raw" }).click();
  await expect(ui.response.locator("pre.mm-text")).toHaveText(SENT);
  await expect(pretty).toHaveCount(0);
  await tools.getByRole("button", { name: "Copy body" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SENT);
  await tools.getByRole("button", { name: "Pretty" }).click();

  await page.getByRole("searchbox", { name: "Search the response" }).fill("fr");
  await expect(page.getByText('1 match for "fr".')).toBeVisible();
  await expect(pretty.locator(".mm-pretty-line")).toHaveCount(7);
  await expect(pretty).toContainText(/"owner": \{\s*"langs": \{\s*"1": "fr"\s*\}\s*\}/);
  await expect(pretty).not.toContainText("Ada");
  // What was found is marked, in keys and values, whatever its case.
  await expect(pretty.locator("mark")).toHaveText(["fr"]);
  await page.getByRole("searchbox", { name: "Search the response" }).fill("WO");
  await expect(page.getByText('1 match for "WO".')).toBeVisible();
  await expect(pretty.locator("mark")).toHaveText(["wo", "wo"]);
  await expect(pretty.locator(".mm-pretty-line")).toHaveCount(3);
  await page.getByRole("searchbox", { name: "Search the response" }).fill("LANG");
  await expect(pretty.locator("mark")).toHaveText(["lang"]);
  await expect(pretty.locator(".mm-json-key mark")).toHaveCount(1);
});

test("the keyboard: Tab reaches one fold toggle, arrows move between toggles and fold, and the next Tab leaves the view", async ({
  page,
}) => {
  await openMockman(page);
  const pretty = await send(page, "/pretty.json", SENT);
  const toggle = (name: string) => pretty.getByRole("button", { name });
  await expect(pretty.locator('button[tabindex="0"]')).toHaveCount(1);
  await pretty.focus();
  await page.keyboard.press("Tab");
  await expect(toggle("body, 7 keys")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(toggle("tags, 3 items")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(toggle("langs, 2 items")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(toggle("langs, 2 items")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(toggle("langs, 2 items")).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowLeft");
  await expect(toggle("langs, 2 items")).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowRight");
  await expect(toggle("langs, 2 items")).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowUp");
  await expect(toggle("owner, 2 keys")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(toggle("body, 7 keys")).toBeFocused();
  await page.keyboard.press("End");
  await expect(toggle("langs, 2 items")).toBeFocused();
  // The one Tab stop is the toggle last used; the next Tab is past the view.
  await expect(pretty.locator('button[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press("Tab");
  await expect(pretty.locator(":focus")).toHaveCount(0);
  await page.keyboard.press("Shift+Tab");
  await expect(toggle("langs, 2 items")).toBeFocused();
});

test("up to 2,000 lines all are in the page (the browser's find sees them); a long answer is windowed: 30,000 lines, a few dozen in the page", async ({
  page,
}) => {
  await openMockman(page);
  const some = JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => ({ _id: `item-${i}`, n: i })) });
  const short = await send(page, "/some.json", some);
  const shortTotal = JSON.stringify(JSON.parse(some), null, 2).split("\n").length;
  expect(shortTotal).toBeGreaterThan(1000);
  await expect(short.locator(".mm-pretty-line")).toHaveCount(shortTotal);
  await expect(short.locator(`[data-line="${shortTotal}"]`)).not.toBeInViewport();

  // About 0.8 MB: under the worker's threshold, so the page parses it and the Pretty view shows it.
  const items = Array.from({ length: 5000 }, (_, i) => ({ _id: `item-${i}`, title: `Item ${i}`, ok: i % 2 === 0, n: i }));
  const sent = JSON.stringify({ items });
  expect(sent.length).toBeLessThan(1024 * 1024);
  const pretty = await send(page, "/many.json", sent);
  const total = JSON.stringify({ items }, null, 2).split("\n").length;
  expect(total).toBeGreaterThan(30_000);
  // The status line already read 200 OK for the first answer: wait for this one's view.
  await expect(pretty.getByRole("button", { name: "items, 5,000 items" })).toBeVisible();
  await expect(pretty.locator('[data-line="1"]')).toBeVisible();
  expect(await pretty.locator(".mm-pretty-line").count()).toBeLessThan(200);
  await pretty.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(pretty.locator(`[data-line="${total}"]`)).toBeVisible();
  expect(await pretty.locator(".mm-pretty-line").count()).toBeLessThan(200);
  // End reaches the last item's toggle, rendered and focused; one Tab leaves 5,000 toggles behind.
  await pretty.evaluate((el) => el.scrollTo(0, 0));
  await pretty.getByRole("button", { name: "items, 5,000 items" }).focus();
  await page.keyboard.press("End");
  await expect(pretty.getByRole("button", { name: "4999, 4 keys" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(pretty.locator(":focus")).toHaveCount(0);
  // Folding the list leaves three lines.
  await pretty.evaluate((el) => el.scrollTo(0, 0));
  await pretty.getByRole("button", { name: "items, 5,000 items" }).focus();
  await page.keyboard.press("Home");
  await expect(pretty.getByRole("button", { name: "body, 1 key" })).toBeFocused();
  await expect(pretty.locator(".mm-pretty-line").first()).toBeVisible();
  await pretty.getByRole("button", { name: "items, 5,000 items" }).click();
  await expect(pretty.locator(".mm-pretty-line")).toHaveCount(3);
  expect(await lineText(pretty, 2)).toBe('  "items": [ … ] 5,000 items');
});

test("the Pretty view, searched and a node folded, passes axe in the light and the dark theme at 375 and 1280 px", async ({ page }) => {
  await openMockman(page);
  const pretty = await send(page, "/pretty.json", SENT);
  // Marks of a search in view too (their contrast in each theme).
  await page.getByRole("searchbox", { name: "Search the response" }).fill("a");
  await expect(pretty.locator("mark").first()).toBeVisible();
  await pretty.getByRole("button", { name: "tags, 3 items" }).click();
  await checkInBothThemes(page, "pretty");
  await keepShot(pretty, "mockman-pretty-view-dark.png");
});
