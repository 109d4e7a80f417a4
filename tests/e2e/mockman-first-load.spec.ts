// Issue 35, a light first load: /mockman loads under 250 KB of JavaScript (gzip;
// the mock's worker counted apart) until it is used, and its heavy parts come on
// first use: CodeMirror when the body is focused (a plain field until then, with
// the spec's `{}` at once), the JSON tree when a response shows. A size, not a
// time: it holds on any machine. `npm run bench` prints the same figure from the build.
import { gzipSync } from "node:zlib";
import { expect, test, type Page, type Response } from "./fixtures";
import { expectNoSeriousAxeViolations, mockmanUi, openMockman } from "./mockman-helpers";

const BUDGET_KB = 250;

/** Every script the page fetches from the app's own assets, with its gzip size; the worker's apart. */
function recordScripts(page: Page) {
  const page_: Array<{ name: string; kb: number; encoding?: string }> = [];
  const worker: Array<{ name: string; kb: number; encoding?: string }> = [];
  const reading: Array<Promise<void>> = [];
  page.on("response", (response) => reading.push(read(response)));
  async function read(response: Response) {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith("/assets/") || !pathname.endsWith(".js")) return;
    const body = await response.body().catch(() => null);
    if (!body) return;
    const entry = {
      name: pathname.slice("/assets/".length),
      kb: gzipSync(body, { level: 9 }).length / 1024,
      // The build's precompressed copy, as sirv --gzip --brotli sends it (npm start does the same).
      encoding: response.headers()["content-encoding"],
    };
    // The mock's worker (mock/browser/worker.ts) is one entry of its own, started by the door.
    (/^worker-[\w-]{8}\.js$/.test(entry.name) ? worker : page_).push(entry);
  }
  const kb = (list: Array<{ kb: number }>) => list.reduce((sum, s) => sum + s.kb, 0);
  /** Once every response seen so far has been read. */
  const settled = () => Promise.all(reading);
  return {
    page: page_,
    worker,
    settled,
    pageKb: () => kb(page_),
    loaded: async (name: RegExp) => (await settled(), page_.some((s) => name.test(s.name))),
  };
}

test("/mockman's first load is under 250 KB of JavaScript (gzip); CodeMirror and the JSON tree load on first use", async ({ page }) => {
  const scripts = recordScripts(page);
  await openMockman(page);
  const ui = mockmanUi(page);
  // Everything the page fetches on its own, before anyone uses it.
  await page.waitForLoadState("networkidle");
  await scripts.settled();
  const firstKb = scripts.pageKb();
  console.log(
    `/mockman first load: ${firstKb.toFixed(1)} KB gz in ${scripts.page.length} scripts (the mock's worker apart: ${scripts.worker
      .map((s) => `${s.kb.toFixed(1)} KB`)
      .join(", ")})`,
  );
  expect(firstKb, scripts.page.map((s) => `${s.name} ${s.kb.toFixed(1)}`).join("\n")).toBeLessThanOrEqual(BUDGET_KB);
  expect(
    scripts.page.filter((s) => !/^(gzip|br)$/.test(s.encoding ?? "")).map((s) => s.name),
    "sent compressed",
  ).toEqual([]);
  expect(await scripts.loaded(/^JsonCodeEditor-/), "CodeMirror waits for the body to be used").toBe(false);
  expect(await scripts.loaded(/^JsonView-/), "the JSON tree waits for a response").toBe(false);
  expect(await scripts.loaded(/^PrettyJson-/), "the Pretty view waits for a response").toBe(false);

  // Until then the body is a plain field with the spec's text, named and described as the editor is.
  await expect(ui.body).toHaveValue("{}");
  await expect(ui.body).toHaveAttribute("aria-describedby", "mm-body-help");
  await expectNoSeriousAxeViolations(page);

  // Focus on the body loads CodeMirror, which takes the text and the focus over.
  await ui.method.selectOption("POST");
  await ui.endpoint.fill("/api/test-todos");
  await ui.body.focus();
  await expect(page.getByTestId("body-editor").locator(".cm-content")).toBeFocused();
  expect(await scripts.loaded(/^JsonCodeEditor-/)).toBe(true);
  await page.keyboard.press("Control+a");
  await page.keyboard.type('{"title": "light"}');
  await expect(ui.body).toHaveText('{"title": "light"}');
  await expectNoSeriousAxeViolations(page);

  // The first response brings the Pretty view, which shows the body (the headers' tree comes when they render).
  await ui.submit.click();
  await expect(ui.status).toContainText("201 Created");
  await expect(ui.response.getByRole("group", { name: "Response body" })).toContainText("light");
  expect(await scripts.loaded(/^PrettyJson-/)).toBe(true);
});

test("text typed into the plain field before CodeMirror arrives is kept, caret and all", async ({ page }) => {
  // Hold CodeMirror's chunk back until the field has been typed into.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/JsonCodeEditor-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.method.selectOption("POST");
  await ui.body.fill('{"title": "typed early"}');
  await expect(ui.body).toHaveValue('{"title": "typed early"}');
  await expect(ui.body).toBeFocused();
  await page.keyboard.press("End");
  release();
  const content = page.getByTestId("body-editor").locator(".cm-content");
  await expect(content).toBeFocused();
  await expect(content).toHaveText('{"title": "typed early"}');
  // The caret stayed at the end: what is typed next goes there.
  await page.keyboard.press("Backspace");
  await page.keyboard.type(', "done": true}');
  await expect(content).toHaveText('{"title": "typed early", "done": true}');
  await expect(page.locator("#mm-body-help")).toHaveText("Sent as application/json.");
});
