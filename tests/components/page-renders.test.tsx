// Issue 45, page state per concern: a change in one part of /mockman re-renders what shows it, not the
// whole page. Typing in the endpoint changes the active tab only, so the Collections and History panels
// and the Environments and Paste cURL dialogs must be passed by; a Send's answer, which lands in the
// history, re-renders the History panel and leaves the Collections panel alone; a change to the history or the
// collections alone (a new collection, a cleared history) leaves the request and its answer alone.
//
// Each of those components is the module's own memo'd function, counted: the mock below wraps the real
// inner function in the same memo, so what is measured is whether the page hands it the same props.
import type { ReactNode } from "react";
import { expect, test, vi } from "vitest";
import { userEvent } from "@vitest/browser/context";
import { renderTester } from "./harness";

const renders = vi.hoisted(() => new Map<string, number>());

/** The module with `name` (a memo'd component) counted each time it renders. */
async function counted<M extends Record<string, unknown>>(module: M, name: keyof M & string): Promise<M> {
  const { memo } = await import("react");
  const real = module[name] as { $$typeof?: symbol; type?: (props: object) => ReactNode };
  // Not memo'd: the page would re-render it on every keystroke whatever it is handed.
  if (real.$$typeof !== Symbol.for("react.memo") || !real.type) throw new Error(`${name} is not a memo'd component`);
  const inner = real.type;
  const wrapped = memo((props: object) => {
    renders.set(name, (renders.get(name) ?? 0) + 1);
    return inner(props);
  });
  return { ...module, [name]: wrapped };
}

vi.mock("#app/mockman/components/HistoryPanel", async (load) => counted(await load<Record<string, unknown>>(), "HistoryPanel"));
vi.mock("#app/mockman/components/CollectionsPanel", async (load) => counted(await load<Record<string, unknown>>(), "CollectionsPanel"));
vi.mock("#app/mockman/components/EnvironmentDialog", async (load) => counted(await load<Record<string, unknown>>(), "EnvironmentDialog"));
vi.mock("#app/mockman/components/CurlDialog", async (load) => counted(await load<Record<string, unknown>>(), "CurlDialog"));
vi.mock("#app/mockman/components/RequestWorkspace", async (load) => counted(await load<Record<string, unknown>>(), "RequestWorkspace"));

/** The page has read what it keeps in IndexedDB (history, collections, environments): nothing more arrives on its own. */
const settled = () => expect.poll(() => document.querySelector(".mm-page")?.getAttribute("aria-busy")).toBe("false");
/** The counts of the side panels and the dialogs (the request workspace shows each keystroke). */
const snapshot = () => Object.fromEntries([...renders].filter(([name]) => name !== "RequestWorkspace"));

test("typing in the endpoint re-renders the request, not the Collections or History panels or the closed dialogs", async () => {
  const screen = await renderTester();
  const endpoint = screen.getByLabelText("Endpoint");
  await settled();
  // Every counted part has rendered at least once, so the counts below are not vacuous.
  for (const name of ["HistoryPanel", "CollectionsPanel", "EnvironmentDialog", "CurlDialog"])
    expect(renders.get(name), name).toBeGreaterThan(0);
  const before = snapshot();
  await userEvent.click(endpoint);
  await userEvent.keyboard("/abc");
  await expect.element(endpoint).toHaveValue(expect.stringMatching(/\/abc$/));
  expect(snapshot()).toEqual(before);
});

test("a Send's answer re-renders the History panel, which shows it, and not the Collections panel", async () => {
  const screen = await renderTester();
  await settled();
  const collections = renders.get("CollectionsPanel");
  const history = renders.get("HistoryPanel") ?? 0;
  await screen.getByRole("button", { name: "Submit" }).click();
  await expect.element(screen.getByRole("heading", { name: "History (1)" })).toBeVisible();
  expect(renders.get("HistoryPanel")).toBeGreaterThan(history);
  expect(renders.get("CollectionsPanel")).toBe(collections);
});

test("a new collection or a cleared history re-renders its panel, not the request and its answer", async () => {
  const screen = await renderTester();
  await settled();
  await screen.getByRole("button", { name: "Submit" }).click();
  await expect.element(screen.getByRole("heading", { name: "History (1)" })).toBeVisible();
  await expect.element(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
  const workspace = renders.get("RequestWorkspace");
  expect(workspace).toBeGreaterThan(0);
  const collections = renders.get("CollectionsPanel") ?? 0;
  await screen.getByRole("button", { name: "New collection" }).click();
  const saved = screen.getByRole("list", { name: "Saved collections" }).getByRole("listitem");
  await expect.poll(() => saved.elements().length).toBeGreaterThan(0);
  expect(renders.get("CollectionsPanel")).toBeGreaterThan(collections);
  const history = renders.get("HistoryPanel") ?? 0;
  await screen.getByRole("button", { name: "Clear all" }).click();
  await screen.getByRole("button", { name: "Clear 1" }).click();
  await expect.element(screen.getByRole("heading", { name: "History (0)" })).toBeVisible();
  expect(renders.get("HistoryPanel")).toBeGreaterThan(history);
  expect(renders.get("RequestWorkspace")).toBe(workspace);
});
