// Shared steps for the /mockman page's suites: open it, its controls, axe.
import { expect, type Locator, type Page } from "@playwright/test";
import { scaled } from "./fixtures";
import { seriousViolationsInPage, keepShot } from "./helpers";
import { systemTheme } from "./screen-helpers";

/** Opens /mockman and waits until it can send. */
export async function openMockman(page: Page) {
  await page.goto("/mockman");
  // The route's chunks load first; on a loaded machine that can pass the usual 10 s.
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled({ timeout: scaled(30_000) });
}

/**
 * axe-core's serious and critical findings on the page as it is: none. The same rules as AxeBuilder's
 * default run, with axe kept in the page between looks (`axeViolationsInPage` in ./helpers: no second
 * injection and no blank page per look; a page holding frames still goes through AxeBuilder).
 */
export const expectNoSeriousAxeViolations = async (page: Page) => expect(await seriousViolationsInPage(page)).toEqual([]);

/** At 375 and 1280 px: no sideways scroll, no serious axe finding, and with SHOTS_DIR set a full-page screenshot there. */
export async function checkAtBothWidths(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await keepShot(page, `mockman-${name}-${width}.png`, true);
  }
}

/**
 * `checkAtBothWidths` in the light theme, then in the dark one switched under the open page (the
 * system's, which the page follows while Settings holds no choice: `systemTheme`): one page and
 * one setup for the four looks (issue 49), where each theme was a test of its own.
 */
export async function checkInBothThemes(page: Page, name: string) {
  for (const scheme of THEMES) {
    await systemTheme(page, scheme);
    await checkAtBothWidths(page, `${name}-${scheme}`);
  }
}

/** The two themes, in the order `checkInBothThemes` looks at them. */
export const THEMES = ["light", "dark"] as const;

/** Runs one of the Tools menu's items (by the URL bar): Code, Copy as cURL, Paste cURL, … */
export async function tool(page: Page, name: string) {
  await page.getByRole("button", { name: "Tools" }).click();
  await page.getByRole("menu", { name: "Tools" }).getByRole("menuitem", { name, exact: true }).click();
}

/** Shows one of the request's sections (Body, Params, Authorization, Settings). */
export async function section(page: Page, name: string | RegExp) {
  await page.getByRole("tablist", { name: "Request sections" }).getByRole("tab", { name }).click();
}

/** Shows one of the response's sections (Body, Headers). */
export async function responseSection(page: Page, name: string | RegExp) {
  await page.getByRole("tablist", { name: "Response sections" }).getByRole("tab", { name }).click();
}

/** The page's controls, by their accessible names. */
/**
 * Waits until the answer's scroll has ended: Submit brings an answer below the fold into view with a
 * smooth scroll (hooks/useSend.ts showAnswer), and a click made while it runs can press a button and
 * let go over another place (one CI run: "New tab" focused, no tab opened, after a 50 MB answer).
 * Ended means where it goes: the answer's top at the window's top, or the page at its end (two reads
 * 150 ms apart agreeing said so too early when a busy machine paused the scroll).
 */
export async function answerScrolledIn(page: Page) {
  const arrived = () =>
    page.evaluate(() => {
      const panel = document.getElementById("mm-response-title")!.closest("section")!;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1;
      return Math.abs(panel.getBoundingClientRect().top) <= 1 || atEnd;
    });
  await expect.poll(arrived, { message: "the answer scrolled into view, at rest" }).toBe(true);
}

export const mockmanUi = (page: Page) => ({
  method: page.getByLabel("Method"),
  endpoint: page.getByLabel("Endpoint"),
  body: page.getByLabel("JSON body"),
  submit: page.getByRole("button", { name: "Submit" }),
  response: page.getByRole("region", { name: "Response" }),
  status: page.getByTestId("status-line"),
  headerRows: page.getByTestId("header-row"),
  notice: page.getByRole("status"),
  baseUrl: page.getByLabel("Server for Copy as cURL"),
  history: page.getByRole("list", { name: "Sent requests, newest first" }),
});

/** The history's heading, "History (N)": N counts every request the page has sent and recorded (a search leaves it). */
const historyHeading = (page: Page) => page.getByRole("heading", { name: /^History \(\d+\)$/ });

/**
 * Sends by `act` (a Submit click, Ctrl+Enter, Next page) and waits until the page shows this Send's answer.
 * The status line alone cannot tell: a tab keeps its last answer on screen while it sends again (stop 74's
 * red run read the first Send's "200 OK"). The history records a Send once its answer is in the tab
 * (hooks/useSend.ts), so a heading one higher than before is this Send's; then the Response is no longer busy.
 * It records it just after the answer shows: a Send before this one must have been awaited here too, or its
 * record may land after `before` is read and the heading reads one more than awaited.
 * `timeout` is for a Send that may take long (the run worker, a big answer), as the status wait had it.
 */
export async function sendAndAwaitAnswer(page: Page, act: () => Promise<unknown>, options: { timeout?: number } = {}) {
  // The count is read once the page has read the kept history (the page is busy until then).
  await expect(page.locator(".mm-page")).toHaveAttribute("aria-busy", "false");
  const before = Number(/\((\d+)\)/.exec(await historyHeading(page).innerText())![1]);
  await act();
  await expect(historyHeading(page), "the history records this Send").toHaveText(`History (${before + 1})`, options);
  await expect(mockmanUi(page).response).toHaveAttribute("aria-busy", "false");
}

/** A JSON body over 5 MB: 20,000 items, as in Hoppscotch's slow-response reports. */
export function bigJson(): string {
  const items = Array.from({ length: 20000 }, (_, i) => ({
    _id: `item-${i}`,
    title: `Item number ${i} with some text to make it longer`,
    tags: ["alpha", "beta", "gamma"],
    nested: { count: i, ok: i % 2 === 0, note: "x".repeat(120) },
  }));
  return JSON.stringify({ items, total: items.length });
}

export { manyItemsJson } from "../fixtures/many-items";

/**
 * Serves `body` as JSON from a loopback server of its own (any path, CORS open).
 * For answers past ~60 MB: page.route hands its body to the browser in one
 * protocol message, and Chromium drops the page for a 100 MB one.
 */
export async function serveJson(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import("node:http");
  const bytes = Buffer.from(body);
  const server = createServer((req, res) => {
    const preflight = req.method === "OPTIONS";
    res.writeHead(preflight ? 204 : 200, {
      "content-type": "application/json",
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "*",
      "access-control-allow-methods": "*",
      ...(preflight ? {} : { "content-length": String(bytes.length) }),
    });
    res.end(preflight ? undefined : bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/large.json`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The JSON body's text: a plain field until CodeMirror loads on first use (components/lazy.tsx), then CodeMirror's lines. */
export const bodyText = (body: Locator): Promise<string> =>
  body.evaluate((el) => (el instanceof HTMLTextAreaElement ? el.value : (el as HTMLElement).innerText));

/** The body editor's text as JSON (the text itself while it is not JSON), for expect.poll. */
export const bodyJson = async (body: Locator): Promise<unknown> => {
  const text = await bodyText(body);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Opens /mockman and imports a Postman collection (its JSON text) as a user picks the file; returns a way
 * to pick an item of the collection's "Actions for NAME" menu ("Run", "Edit scripts").
 */
export async function importCollection(page: Page, json: string, name: string, requests: number) {
  await openMockman(page);
  await page
    .getByLabel("Collection file to import")
    .setInputFiles({ name: "moments.postman_collection.json", mimeType: "application/json", buffer: Buffer.from(json) });
  await expect(mockmanUi(page).notice).toContainText(`Imported ${requests} requests`);
  const sidebar = page.getByRole("region", { name: "Collections" });
  return async (item: string) => {
    await sidebar.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
    await page
      .getByRole("menu", { name: `Actions for ${name}` })
      .getByRole("menuitem", { name: item, exact: true })
      .click();
  };
}
