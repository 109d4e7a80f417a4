// Shared steps for the /mockman page's suites: open it, its controls, axe.
import { expect, type Page } from "@playwright/test";
import { seriousViolations } from "./helpers";

/** Opens /mockman and waits until it can send. */
export async function openMockman(page: Page) {
  await page.goto("/mockman");
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
}

export const expectNoSeriousAxeViolations = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

/** The page's controls, by their accessible names. */
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
