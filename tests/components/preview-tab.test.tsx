// Clicking through a collection in /mockman: a saved request opens in a preview tab, as in Postman, and the
// next one opened takes its place while it is unchanged and unsent, so 25 requests looked at leave one tab,
// not a refusal at the 20-tab cap. Changing it, sending it or double-clicking it keeps it.
import { expect, test } from "vitest";
import { page } from "@vitest/browser/context";
import { testerWithCollection } from "./harness";

const NAMES = Array.from({ length: 25 }, (_, i) => `Todo ${i + 1}`);

test(
  "a preview tab gives its place to the next request opened; changed, sent or double-clicked, it stays",
  { timeout: 120_000 },
  async () => {
    const { screen, ui, panel } = await testerWithCollection(
      "Many",
      NAMES.map((name, i) => ({ name, request: { method: "GET", url: `/api/test-todos?n=${i + 1}` } })),
      "many.postman_collection.json",
    );
    const strip = screen.getByRole("tablist", { name: "Open requests" });
    const tabs = () => strip.getByRole("tab").elements();
    const open = (name: string) => panel.getByRole("button", { name: `GET ${name}`, exact: true }).click();
    const start = tabs().length;

    // 25 requests looked at, one after another: one tab, the last one, a preview.
    for (const name of NAMES) await open(name);
    await expect.element(strip.getByRole("tab", { name: /Todo 25/ })).toHaveAttribute("aria-selected", "true");
    expect(tabs()).toHaveLength(start + 1);
    const preview = strip.getByRole("tab", { name: "GET Todo 25 (preview)" });
    await expect.element(preview).toHaveClass(/mm-tab-preview/);
    await expect.element(screen.getByRole("status")).not.toHaveTextContent("At most 20 tabs");

    // Changed: kept; the next one opens beside it, as a preview.
    await ui.endpoint.fill("/api/test-todos?n=25&changed=1");
    await expect.element(strip.getByRole("tab", { name: /Todo 25/ })).not.toHaveClass(/mm-tab-preview/);
    await open("Todo 1");
    await open("Todo 2");
    expect(tabs()).toHaveLength(start + 2);
    await expect.element(strip.getByRole("tab", { name: "GET Todo 2 (preview)" })).toBeVisible();

    // Sent: kept.
    await ui.submit.click();
    await expect.element(strip.getByRole("tab", { name: "GET Todo 2", exact: true })).toBeVisible();
    await open("Todo 3");
    expect(tabs()).toHaveLength(start + 3);

    // Double-clicked: kept.
    await strip.getByRole("tab", { name: "GET Todo 3 (preview)" }).dblClick();
    await expect.element(strip.getByRole("tab", { name: "GET Todo 3", exact: true })).toBeVisible();
    await open("Todo 4");
    expect(tabs()).toHaveLength(start + 4);

    // A request already open is selected, not opened again; the preview stays where it is.
    await open("Todo 2");
    await expect.element(strip.getByRole("tab", { name: "GET Todo 2", exact: true })).toHaveAttribute("aria-selected", "true");
    expect(tabs()).toHaveLength(start + 4);
    await expect.element(strip.getByRole("tab", { name: "GET Todo 4 (preview)" })).toBeVisible();

    // Sending, before its answer is in: kept already, so a request opened meanwhile does not take its place.
    await strip.getByRole("tab", { name: "GET Todo 4 (preview)" }).click();
    const fetchNow = window.fetch;
    let answer = () => {};
    window.fetch = (...args) => new Promise((done) => (answer = () => done(fetchNow(...args))));
    try {
      await ui.submit.click();
      await expect.element(strip.getByRole("tab", { name: "GET Todo 4 (sending)" })).toBeVisible();
      await open("Todo 6");
      expect(tabs()).toHaveLength(start + 5);
    } finally {
      window.fetch = fetchNow;
      answer();
    }
    await expect.element(strip.getByRole("tab", { name: "GET Todo 4", exact: true })).toBeVisible();

    // On a phone the strip scrolls sideways: the tab a request opens in is scrolled into it.
    await page.viewport(375, 800);
    await open("Todo 5");
    const inside = () => {
      const box = strip.element().getBoundingClientRect();
      const at = strip.getByRole("tab", { selected: true }).element().getBoundingClientRect();
      return at.left >= box.left - 1 && at.right <= box.right + 1;
    };
    await expect.poll(inside).toBe(true);
  },
);
