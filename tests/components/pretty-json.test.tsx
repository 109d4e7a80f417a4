// Issue 46, the response viewer as Postman's Pretty view: the JSON pretty-printed with brackets,
// commas and line numbers, each object or array folding to one line that says how many items it
// holds, lines that never break inside a word, the search narrowing it, Raw showing the text as it
// came, and a long answer kept windowed so it stays fast. Was tests/e2e/mockman-pretty-46.spec.ts:
// the viewer alone, fed an answer read by the page's own sendRequest.
import { expect, test, vi } from "vitest";
import { userEvent, type Locator } from "@vitest/browser/context";
import { answer, atWidth, axeInBothThemes, renderAnswer, WIDTHS } from "./harness";

const TOKEN = `tok_${"a1b2c3d4e5".repeat(9)}`;
/** As the server sends it: spacing JSON.stringify would not write, so Raw can be told from Pretty. */
const SENT = `{"id":"p1",  "token" : "${TOKEN}", "note":"a sentence of several short words that wraps between the words on a phone","tags":["x","y","z"],"owner":{"name":"Ada","langs":["en","fr"]},"empty":{},"n":null}`;

async function shown(body = SENT) {
  const screen = renderAnswer(await answer(body));
  const pretty = screen.getByRole("group", { name: "Response body" });
  await expect.element(pretty).toBeVisible();
  return { screen, pretty, view: pretty.element() as HTMLElement };
}

/** The line numbers in view, in order. */
const numbers = (view: HTMLElement) => [...view.querySelectorAll(".mm-pretty-no")].map((el) => Number(el.getAttribute("data-line")));
const lines = (view: HTMLElement) => view.querySelectorAll(".mm-pretty-line");
/** The text of the line whose number is `n`, as shown. */
const lineText = (view: HTMLElement, n: number) =>
  ([...lines(view)].find((line) => line.querySelector(`[data-line="${n}"]`)) as HTMLElement | undefined)?.innerText;
const expanded = (toggle: Locator, value: "true" | "false") => expect.element(toggle).toHaveAttribute("aria-expanded", value);

for (const width of WIDTHS) {
  test(`at ${width} px the body is pretty-printed JSON with line numbers, brackets and commas, and folds with counts`, async () => {
    await atWidth(width);
    const { screen, view } = await shown();
    const expected = JSON.stringify(JSON.parse(SENT), null, 2).split("\n");
    // Every line in view, numbered 1…n, with the text JSON.stringify(…, null, 2) writes.
    expect(lines(view)).toHaveLength(expected.length);
    expect(numbers(view)).toEqual(expected.map((_, i) => i + 1));
    expect(lineText(view, 1)).toBe("{");
    expect(lineText(view, 5)).toBe('  "tags": [');
    expect(lineText(view, 6)).toBe('    "x",');
    expect(lineText(view, 9)).toBe("  ],");
    expect(lineText(view, expected.length)).toBe("}");

    // Folding "tags": one line that says what it holds; the numbers skip what it hides.
    const tags = screen.getByRole("button", { name: "tags, 3 items" });
    await expanded(tags, "true");
    await tags.click();
    await expanded(tags, "false");
    expect(lineText(view, 5)).toBe('  "tags": [ … ], 3 items');
    expect(numbers(view)).toEqual([1, 2, 3, 4, 5, ...expected.map((_, i) => i + 1).slice(9)]);
    // An object says keys; the keyboard folds too.
    const owner = screen.getByRole("button", { name: "owner, 2 keys" });
    (owner.element() as HTMLElement).focus();
    await userEvent.keyboard("{Enter}");
    await expanded(owner, "false");
    expect(lineText(view, 10)).toBe('  "owner": { … }, 2 keys');
    await userEvent.keyboard("[Space]");
    await expanded(owner, "true");
    expect(lineText(view, 11)).toBe('    "name": "Ada",');
    // The whole body folds to one line too.
    await screen.getByRole("button", { name: "body, 7 keys" }).click();
    await expect.poll(() => lines(view).length).toBe(1);
    expect(lineText(view, 1)).toBe("{ … } 7 keys");
  });

  test(`at ${width} px no word breaks across lines: a long token scrolls sideways, a sentence wraps between its words`, async () => {
    await atWidth(width);
    const { view } = await shown();
    const strings = [...view.querySelectorAll<HTMLElement>(".mm-json-string")];
    const token = strings.find((el) => el.textContent?.includes(TOKEN))!;
    // One box: the token is never split over two lines.
    expect(token.getClientRects()).toHaveLength(1);
    const sentence = strings.find((el) => el.textContent?.includes("a sentence of several"))!;
    // Each wrapped line of the sentence ends at a word's end: the words' boxes are whole.
    const text = sentence.firstChild as Text;
    const range = document.createRange();
    const broken = [...text.data.matchAll(/[^ ]+/g)].filter((word) => {
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
    });
    expect(broken.map((word) => word[0])).toEqual([]);
    if (width === 375) {
      expect(sentence.getClientRects().length).toBeGreaterThan(1);
      // The view scrolls sideways for the token; the page does not.
      expect(view.scrollWidth).toBeGreaterThan(view.clientWidth);
      expect(document.documentElement.scrollWidth - document.documentElement.clientWidth).toBeLessThanOrEqual(0);
    }
  });
}

test("Raw shows the body as it came; Copy body copies what the view shows; the search narrows the Pretty view and marks what it found", async () => {
  // What the page hands the clipboard, read back as text.
  const copied: string[] = [];
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation(async (text) => void copied.push(text));
  vi.spyOn(navigator.clipboard, "write").mockImplementation(async (items) => {
    copied.push(await (await items[0].getType("text/plain")).text());
  });
  const { screen, view } = await shown();
  const tools = screen.getByRole("group", { name: "Response tools" });
  await tools.getByRole("button", { name: "Copy body" }).click();
  await expect.poll(() => copied).toEqual([JSON.stringify(JSON.parse(SENT), null, 2)]);

  await tools.getByRole("button", { name: "Raw" }).click();
  await expect.element(screen.getByText(SENT)).toBeVisible();
  expect(document.querySelector("pre.mm-text")?.textContent).toBe(SENT);
  expect(view.isConnected).toBe(false);
  await tools.getByRole("button", { name: "Copy body" }).click();
  await expect.poll(() => copied).toHaveLength(2);
  expect(copied[1]).toBe(SENT);
  await tools.getByRole("button", { name: "Pretty" }).click();

  const search = screen.getByRole("searchbox", { name: "Search the response" });
  const pretty = () => screen.getByRole("group", { name: "Response body" }).element() as HTMLElement;
  await search.fill("fr");
  await expect.element(screen.getByText('1 match for "fr".')).toBeVisible();
  await expect.poll(() => lines(pretty()).length).toBe(7);
  expect(pretty().innerText).toMatch(/"owner": \{\s*"langs": \{\s*"1": "fr"\s*\}\s*\}/);
  expect(pretty().innerText).not.toContain("Ada");
  // What was found is marked, in keys and values, whatever its case.
  const marks = () => [...pretty().querySelectorAll("mark")].map((m) => m.textContent);
  expect(marks()).toEqual(["fr"]);
  await search.fill("WO");
  await expect.element(screen.getByText('1 match for "WO".')).toBeVisible();
  await expect.poll(marks).toEqual(["wo", "wo"]);
  expect(lines(pretty())).toHaveLength(3);
  await search.fill("LANG");
  await expect.poll(marks).toEqual(["lang"]);
  expect(pretty().querySelectorAll(".mm-json-key mark")).toHaveLength(1);
});

test("the keyboard: Tab reaches one fold toggle, arrows move between toggles and fold, and the next Tab leaves the view", async () => {
  const { screen, view } = await shown();
  const toggle = (name: string) => screen.getByRole("button", { name });
  const focused = (name: string) => expect.poll(() => document.activeElement).toBe(toggle(name).element());
  expect(view.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
  view.focus();
  await userEvent.tab();
  await focused("body, 7 keys");
  await userEvent.keyboard("{ArrowDown}");
  await focused("tags, 3 items");
  await userEvent.keyboard("{ArrowDown}{ArrowDown}");
  await focused("langs, 2 items");
  await userEvent.keyboard("{ArrowDown}");
  await focused("langs, 2 items");
  await userEvent.keyboard("{ArrowLeft}");
  await expanded(toggle("langs, 2 items"), "false");
  await userEvent.keyboard("{ArrowLeft}");
  await expanded(toggle("langs, 2 items"), "false");
  await userEvent.keyboard("{ArrowRight}");
  await expanded(toggle("langs, 2 items"), "true");
  await userEvent.keyboard("{ArrowUp}");
  await focused("owner, 2 keys");
  await userEvent.keyboard("{Home}");
  await focused("body, 7 keys");
  await userEvent.keyboard("{End}");
  await focused("langs, 2 items");
  // The one Tab stop is the toggle last used; the next Tab is past the view.
  expect(view.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
  await userEvent.tab();
  await expect.poll(() => view.contains(document.activeElement)).toBe(false);
  await userEvent.tab({ shift: true });
  await focused("langs, 2 items");
});

test("up to 2,000 lines all are in the page (the browser's find sees them); a long answer is windowed: 30,000 lines, a few dozen in the page", async () => {
  const some = JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => ({ _id: `item-${i}`, n: i })) });
  const short = await shown(some);
  const shortTotal = JSON.stringify(JSON.parse(some), null, 2).split("\n").length;
  expect(shortTotal).toBeGreaterThan(1000);
  expect(lines(short.view)).toHaveLength(shortTotal);
  // The last line is in the page, below the view's scrolled part.
  const last = short.view.querySelector(`[data-line="${shortTotal}"]`)!;
  expect(last.getBoundingClientRect().top).toBeGreaterThanOrEqual(short.view.getBoundingClientRect().bottom);
  short.screen.unmount();

  // About 0.8 MB: under the worker's threshold, so the page parses it and the Pretty view shows it.
  const items = Array.from({ length: 5000 }, (_, i) => ({ _id: `item-${i}`, title: `Item ${i}`, ok: i % 2 === 0, n: i }));
  const sent = JSON.stringify({ items });
  expect(sent.length).toBeLessThan(1024 * 1024);
  const { screen, view } = await shown(sent);
  const total = JSON.stringify({ items }, null, 2).split("\n").length;
  expect(total).toBeGreaterThan(30_000);
  const list = screen.getByRole("button", { name: "items, 5,000 items" });
  await expect.element(list).toBeVisible();
  expect(view.querySelector('[data-line="1"]')).not.toBeNull();
  expect(lines(view).length).toBeLessThan(200);
  view.scrollTo(0, view.scrollHeight);
  await expect.poll(() => view.querySelector(`[data-line="${total}"]`)).not.toBeNull();
  expect(lines(view).length).toBeLessThan(200);
  // End reaches the last item's toggle, rendered and focused; one Tab leaves 5,000 toggles behind.
  view.scrollTo(0, 0);
  await expect.element(list).toBeVisible();
  (list.element() as HTMLElement).focus();
  await userEvent.keyboard("{End}");
  await expect.poll(() => document.activeElement?.getAttribute("aria-label")).toBe("4999, 4 keys");
  await userEvent.tab();
  await expect.poll(() => view.contains(document.activeElement)).toBe(false);
  // Folding the list leaves three lines.
  view.scrollTo(0, 0);
  await expect.element(list).toBeVisible();
  (list.element() as HTMLElement).focus();
  await userEvent.keyboard("{Home}");
  await expect.poll(() => document.activeElement?.getAttribute("aria-label")).toBe("body, 1 key");
  await list.click();
  await expect.poll(() => lines(view).length).toBe(3);
  expect(lineText(view, 2)).toBe('  "items": [ … ] 5,000 items');
});

test("the Pretty view, searched and a node folded, passes axe in the light and the dark theme at 375 and 1280 px", async () => {
  const { screen } = await shown();
  // Marks of a search in view too (their contrast in each theme).
  await screen.getByRole("searchbox", { name: "Search the response" }).fill("a");
  await expect.poll(() => document.querySelector(".mm-pretty mark, [role=group] mark")).not.toBeNull();
  await screen.getByRole("button", { name: "tags, 3 items" }).click();
  await axeInBothThemes();
});
