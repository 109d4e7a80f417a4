// A saved request's tab as a Postman user expects it (an explorer found each of these wrong):
// - changed and saved, a preview tab stays: the next request opened does not take its place;
// - a History entry restored while a saved request's tab is active opens in a tab of its own, so the
//   saved request is not written over (its Send would have run that request's scripts, Save replaced it);
// - a restore shows no answer until it is sent (the panel showed the answer before it);
// - renaming a saved request renames the tab that has it open (it kept the old name, and Save said it),
//   and Close tab names it so (it named the URL); a file imported twice (items of the same ids) keeps its tabs apart;
// - Resolved URL shows a saved request's path variables with their values, as its Send fills them.
import { expect, test } from "vitest";
import { page } from "@vitest/browser/context";
import { importCollection, renderTester, workspaceUi } from "./harness";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

test("a saved preview tab changed stays; History opens beside a saved request; a rename names its tab", { timeout: 120_000 }, async () => {
  await page.viewport(1280, 800);
  const screen = await renderTester();
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  const strip = screen.getByRole("tablist", { name: "Open requests" });
  const tab = (name: string) => strip.getByRole("tab", { name, exact: true });

  // A plain Send, for the History; its answer shows.
  await ui.endpoint.fill("/api/test-todos?from=history");
  await ui.submit.click();
  const restore = screen.getByTitle("Restore GET /api/test-todos?from=history");
  await expect.element(restore).toBeVisible();
  await expect.element(ui.response).not.toHaveTextContent("Response is undefined.");

  const collection = {
    info: { name: "Two", schema: SCHEMA },
    item: [
      { id: "i-first", name: "First", request: { method: "GET", url: "/api/test-todos?n=1" } },
      { id: "i-second", name: "Second", request: { method: "GET", url: "/api/test-todos?n=2" } },
      { name: "Third", request: { method: "GET", url: { raw: "{{host}}/api/test-todos/:id", variable: [{ key: "id", value: "7" }] } } },
    ],
    variable: [{ key: "host", value: "http://api.example.test" }],
  };
  const panel = await importCollection(screen, JSON.stringify(collection), "Two", "two.postman_collection.json");
  const open = (name: string) => panel.getByRole("button", { name: `GET ${name}`, exact: true }).click();

  // Opened, changed, saved: kept; the next one opens beside it.
  await open("First");
  await expect.element(tab("GET First (preview)")).toBeVisible();
  await ui.endpoint.fill("/api/test-todos?n=1&changed=1");
  await ui.save.click();
  await expect.element(screen.getByRole("status")).toHaveTextContent("Saved First.");
  await expect.element(tab("GET First")).toBeVisible();
  await open("Second");
  await expect.element(tab("GET First")).toBeVisible();
  await expect.element(tab("GET Second (preview)")).toHaveAttribute("aria-selected", "true");

  // Restored while First (a saved request's tab) is active: in a tab of its own, the preview Second's place, with no
  // answer yet; First and Second as saved.
  await tab("GET First").click();
  await restore.click();
  await expect.element(ui.endpoint).toHaveValue("/api/test-todos?from=history");
  await expect.element(tab("GET First")).toBeVisible();
  await expect.element(ui.response).toHaveTextContent("Response is undefined.");
  await tab("GET First").click();
  await expect.element(ui.endpoint).toHaveValue("/api/test-todos?n=1&changed=1");
  await open("Second");
  await expect.element(ui.endpoint).toHaveValue("/api/test-todos?n=2");

  // Resolved URL shows where its Send goes: its path variable given its value (it showed :id).
  await open("Third");
  await expect.element(screen.getByTestId("resolved-url")).toHaveTextContent("Resolved URL: http://api.example.test/api/test-todos/7");

  // Renamed in its collection: its open tab takes the name, and Save says it.
  await panel.getByRole("button", { name: "Actions for First" }).click();
  await screen.getByRole("menuitem", { name: "Rename" }).click();
  const field = screen.getByLabelText("New name for First");
  await field.fill("Renamed");
  await field.element().dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  await expect.element(screen.getByRole("status")).toHaveTextContent("Renamed First to Renamed.");
  await expect.element(tab("GET Renamed")).toBeVisible();
  await tab("GET Renamed").click();
  // Close tab names the tab as it reads, not by its URL.
  await expect.element(screen.getByRole("button", { name: "Close tab GET Renamed", exact: true })).toBeVisible();
  await ui.save.click();
  await expect.element(screen.getByRole("status")).toHaveTextContent("Saved Renamed.");

  // The same file imported again: its items have the same ids, in another collection. Opening its First opens it,
  // not the first collection's tab; renaming it leaves that tab's name alone.
  const again = await importCollection(
    screen,
    JSON.stringify({ ...collection, info: { ...collection.info, name: "Two again" } }),
    "Two again",
    "two.postman_collection.json",
  );
  await again.getByRole("button", { name: "GET First", exact: true }).click();
  await expect.element(tab("GET First (preview)")).toHaveAttribute("aria-selected", "true");
  await again.getByRole("button", { name: "Actions for First" }).click();
  await screen.getByRole("menuitem", { name: "Rename" }).click();
  const other = screen.getByLabelText("New name for First");
  await other.fill("Other");
  await other.element().dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  await expect.element(tab("GET Other (preview)")).toBeVisible();
  await expect.element(tab("GET Renamed")).toBeVisible();
});
