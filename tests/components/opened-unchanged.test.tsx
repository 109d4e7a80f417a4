// A request of an imported Postman collection, opened on /mockman and not touched, is not "Unsaved changes":
// the saved request read into the tab's form and that form as the page compares it must agree exactly, whatever
// the request holds (an explorer saw every opened request of a real export marked changed at once).
import { expect, test } from "vitest";
import { page } from "@vitest/browser/context";
import { formdataItem, formRow, postmanCollection } from "../fixtures/postman";
import { importCollection, renderTester, workspaceUi } from "./harness";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** Requests as a Postman export writes them: URLs in parts, descriptions, disabled rows, each kind of body. */
const ITEMS = [
  {
    name: "Raw JSON",
    request: {
      method: "POST",
      description: "Adds a todo.",
      header: [
        { key: "Content-Type", value: "application/json" },
        { key: "X-Off", value: "1", disabled: true },
        { key: "X-Trace", value: "{{trace}}", description: "a header's description" },
      ],
      auth: { type: "bearer", bearer: [{ key: "token", value: "{{token}}", type: "string" }] },
      body: { mode: "raw", raw: '{\n    "title": "a",\n    "done": false\n}', options: { raw: { language: "json" } } },
      url: {
        raw: "{{host}}/api/test-todos/:id?page=2&off=1",
        host: ["{{host}}"],
        path: ["api", "test-todos", ":id"],
        query: [
          { key: "page", value: "2" },
          { key: "gone", value: "x", disabled: true, description: "not sent" },
        ],
        variable: [{ key: "id", value: "7", description: "the todo" }],
      },
    },
  },
  {
    name: "Urlencoded",
    request: {
      method: "POST",
      auth: {
        type: "basic",
        basic: [
          { key: "password", value: "secret", type: "string" },
          { key: "username", value: "ann", type: "string" },
        ],
      },
      body: {
        mode: "urlencoded",
        urlencoded: [
          { key: "a", value: "1", type: "text" },
          { key: "b", value: "two words", type: "text", disabled: true },
        ],
      },
      url: { raw: "http://localhost/api/test-todos", protocol: "http", host: ["localhost"], path: ["api", "test-todos"] },
    },
  },
  formdataItem(
    "Form data",
    "{{host}}/api/test-todos",
    [
      formRow.text("text", "hello"),
      formRow.file("upload", "/home/ann/picture.png"),
      formRow.base64("inline", PNG, { fileName: "dot.png", contentType: "image/png" }),
      formRow.base64("bare", PNG),
      formRow.text("off", "x", { disabled: true }),
    ],
    { header: [] },
  ),
  {
    name: "Raw text",
    request: {
      method: "PUT",
      header: [{ key: "Content-Type", value: "text/plain" }],
      body: { mode: "raw", raw: "plain words", options: { raw: { language: "text" } } },
      url: { raw: "{{host}}/api/test-todos/1", host: ["{{host}}"], path: ["api", "test-todos", "1"] },
    },
  },
  {
    name: "Kept auth",
    request: {
      method: "DELETE",
      auth: { type: "apikey", apikey: [{ key: "key", value: "X-Key" }] },
      url: { raw: "{{host}}/api/test-todos/1", host: ["{{host}}"], path: ["api", "test-todos", "1"] },
    },
  },
];

test("each request of an imported collection opens without unsaved changes", { timeout: 120_000 }, async () => {
  await page.viewport(1280, 800);
  const screen = await renderTester();
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  const collection = postmanCollection("Varied", ITEMS, { variable: [{ key: "host", value: "http://localhost" }] });
  const panel = await importCollection(screen, JSON.stringify(collection), "Varied", "varied.postman_collection.json");
  const strip = screen.getByRole("tablist", { name: "Open requests" });
  const marked: string[] = [];
  for (const item of ITEMS) {
    await panel.getByRole("button", { name: `${item.request.method} ${item.name}`, exact: true }).click();
    const tab = strip.getByRole("tab", { selected: true });
    await expect.element(tab).toHaveTextContent(item.request.method);
    await expect.element(screen.getByText(item.name, { exact: true }).first()).toBeVisible();
    // Let the form's sections settle (a section that rewrote its rows on mount would do it now).
    await new Promise((done) => setTimeout(done, 300));
    const name = tab.element().getAttribute("aria-label") ?? tab.element().textContent ?? "";
    if (/unsaved/i.test(name) || /Unsaved changes/.test(document.body.textContent ?? "")) marked.push(item.name);
  }
  expect(marked).toEqual([]);
});
