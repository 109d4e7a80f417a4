// Issue 46, the URL bar as in Postman and Hoppscotch: the endpoint fills the row between the method
// and Submit at every width (at least 400 px at 1280 px, the whole of a 51-character URL in view, no
// suggestions arrow over it), with Save and Tools beside Submit. Were the layout tests of
// tests/e2e/mockman-urlbar.spec.ts: the request column alone (harness renderWorkspace: the tab strip and
// RequestWorkspace on the page's own useMockman) in the page's grid and style sheets. Save, Ctrl+Enter
// and the whole page's axe after a Send stay there.
import { expect, test } from "vitest";
import { page, userEvent, type Locator } from "@vitest/browser/context";
import { renderWorkspace, workspaceUi } from "./harness";

const LONG_URL = "http://localhost:3000/api/posts?limit=20&cursor=abc";

const box = (locator: Locator) => (locator.element() as HTMLElement).getBoundingClientRect();
const middle = (b: { y: number; height: number }) => b.y + b.height / 2;

/** Whether the endpoint's whole text is in view (nothing scrolled out of the field). */
const allTextShown = (endpoint: Locator) => {
  const el = endpoint.element() as HTMLInputElement;
  return el.scrollWidth <= el.clientWidth;
};

async function shown() {
  const screen = await renderWorkspace();
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  // The endpoint's suggestions, from the mock's OpenAPI description: Chromium draws the list's arrow only when it has some.
  // The mock builds that description on first use: a hang detector, not a measure.
  await expect.poll(() => document.querySelectorAll("#mm-routes option").length).toBeGreaterThan(0);
  const row = () => ({
    method: box(ui.method),
    endpoint: box(ui.endpoint),
    submit: box(ui.submit),
    save: box(ui.save),
    tools: box(ui.tools),
  });
  return { ui, row };
}

test("at 1280 px the endpoint fills the row between the method and Submit, 400 px or more, and shows a whole 51-character URL", async () => {
  await page.viewport(1280, 800);
  const { ui, row: rowNow } = await shown();
  const row = rowNow();
  expect(row.endpoint.width).toBeGreaterThanOrEqual(400);
  // Method | endpoint | Submit | Save | Tools, on one line, with only the gaps between them.
  expect(row.endpoint.x - (row.method.x + row.method.width)).toBeLessThan(12);
  expect(row.submit.x - (row.endpoint.x + row.endpoint.width)).toBeLessThan(12);
  expect(row.save.x).toBeGreaterThan(row.submit.x + row.submit.width - 1);
  expect(row.tools.x).toBeGreaterThan(row.save.x + row.save.width - 1);
  for (const b of [row.method, row.submit, row.save, row.tools]) expect(Math.abs(middle(b) - middle(row.endpoint))).toBeLessThan(6);
  // The request panel spans the workspace: nothing beside it.
  expect(document.getElementById("mm-request-panel")!.getBoundingClientRect().width).toBeGreaterThan(900);

  await ui.endpoint.fill(LONG_URL);
  (ui.endpoint.element() as HTMLElement).focus();
  expect(allTextShown(ui.endpoint)).toBe(true);
  // Hovered too (Chromium draws the datalist arrow on hover and focus): still all shown.
  await userEvent.hover(ui.endpoint);
  expect(allTextShown(ui.endpoint)).toBe(true);
});

test("at 375 px the endpoint has its own full-width line, and Submit, Save and Tools share the next", async () => {
  await page.viewport(375, 812);
  const { ui, row: rowNow } = await shown();
  const row = rowNow();
  expect(row.endpoint.width).toBeGreaterThan(320);
  for (const b of [row.method, row.submit, row.save, row.tools]) {
    expect(b.y).toBeGreaterThan(row.endpoint.y + row.endpoint.height - 1);
    expect(Math.abs(middle(b) - middle(row.submit))).toBeLessThan(6);
  }
  await ui.endpoint.fill("/api/posts?limit=20&cursor=abc");
  expect(allTextShown(ui.endpoint)).toBe(true);
  expect(document.documentElement.scrollWidth - document.documentElement.clientWidth).toBeLessThanOrEqual(0);
});
