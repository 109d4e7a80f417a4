// One model for the tester: an imported Postman request sent on its own from the page resolves the
// variables its collection's Run resolves, and goes out as the Run sends it; what a Run's scripts set
// in the collection's variables is what the next Send uses. Both reach the same echo (a route on the
// page's own origin outside /api, which the in-page mock leaves to the network).
import { expect, scaled, test, type Page } from "./fixtures";
import { importCollection, mockmanUi, sendAndAwaitAnswer } from "./mockman-helpers";

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
}

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

/** A collection whose requests read {{baseUrl}} and {{token}} from its variables; its login's test sets the token. */
const collection = (origin: string) =>
  JSON.stringify({
    info: { name: "Echo API", schema: SCHEMA },
    variable: [
      { key: "baseUrl", value: origin, type: "string" },
      { key: "token", value: "from-the-collection", type: "string" },
      { key: "client", value: "mockman-e2e", type: "string" },
    ],
    item: [
      {
        name: "List posts",
        request: {
          method: "GET",
          url: "{{baseUrl}}/echo/posts?limit=2&by={{client}}",
          header: [
            { key: "Authorization", value: "Bearer {{token}}" },
            { key: "X-Client", value: "{{client}}" },
          ],
        },
      },
      {
        name: "Log in",
        request: { method: "POST", url: "{{baseUrl}}/echo/login", header: [{ key: "X-Client", value: "{{client}}" }] },
        event: [
          {
            listen: "test",
            script: {
              exec: [
                "pm.test('answers 200', () => pm.response.to.have.status(200));",
                "pm.collectionVariables.set('token', pm.response.json().token);",
                "pm.globals.set('lastLogin', 'by the run');",
              ],
            },
          },
        ],
      },
    ],
  });

/** Answers every request under /echo/ and records it: its method, URL and headers (the browser's own left out). */
async function echo(page: Page): Promise<Seen[]> {
  const seen: Seen[] = [];
  await page.route("**/echo/**", async (route) => {
    const request = route.request();
    const headers = await request.allHeaders();
    // What the browser adds by itself, never the page's or the Run's choice.
    for (const name of Object.keys(headers)) if (/^(sec-|user-agent$|referer$|accept-language$|origin$)/.test(name)) delete headers[name];
    seen.push({ method: request.method(), url: request.url(), headers });
    const body = request.url().endsWith("/echo/login") ? { token: "from-the-run" } : { posts: [] };
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  });
  return seen;
}

/** Opens a saved request and sends it; waits for this Send's own answer (sendAndAwaitAnswer), which the echo saw first. */
const sendSaved = async (page: Page, name: string) => {
  await page.getByRole("region", { name: "Collections" }).getByRole("button", { name, exact: true }).click();
  await sendAndAwaitAnswer(page, () => mockmanUi(page).submit.click());
  await expect(mockmanUi(page).status).toContainText("200 OK");
};

test("a request sent from the page resolves its collection's variables as its Run does, and uses what the Run's scripts set", async ({
  page,
  baseURL,
}) => {
  const seen = await echo(page);
  const menu = await importCollection(page, collection(baseURL!), "Echo API", 2);
  await expect(page.getByLabel("Active environment").locator("option:checked")).toHaveText(/No environment/);

  // Sent on its own, with no environment: the collection's variables fill it.
  await sendSaved(page, "GET List posts");
  expect(seen).toHaveLength(1);
  const sent = seen[0];
  expect(sent.method).toBe("GET");
  expect(sent.url).toBe(`${baseURL}/echo/posts?limit=2&by=mockman-e2e`);
  expect(sent.headers).toMatchObject({ authorization: "Bearer from-the-collection", "x-client": "mockman-e2e" });

  // Its collection's Run sends the same request.
  await menu("Run");
  const runner = page.getByRole("dialog", { name: "Run Echo API" });
  await runner.getByRole("button", { name: "Run", exact: true }).click();
  await expect(runner.getByTestId("run-summary")).toContainText("Done.", { timeout: scaled(60_000) });
  await expect(runner.getByTestId("run-summary")).toContainText("2 passed, 0 failed");
  expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
    `GET ${baseURL}/echo/posts?limit=2&by=mockman-e2e`,
    `GET ${baseURL}/echo/posts?limit=2&by=mockman-e2e`,
    `POST ${baseURL}/echo/login`,
  ]);
  expect(seen[1]).toEqual(sent);
  await runner.getByRole("button", { name: "Close" }).click();

  // The Run's test script set the collection's token: the next Send from the page uses it.
  await sendSaved(page, "GET List posts");
  expect(seen).toHaveLength(4);
  expect(seen[3]).toEqual({ ...sent, headers: { ...sent.headers, authorization: "Bearer from-the-run" } });

  // A global it set is kept too, and shown with the environments.
  await page.getByRole("button", { name: "Environment", exact: true }).click();
  const globals = page.getByRole("dialog", { name: "Environments" }).getByRole("region", { name: "Globals" });
  await expect(globals.getByRole("definition")).toHaveText(["by the run"]);
  await expect(globals.getByRole("term")).toHaveText(["lastLogin"]);
  await page.getByRole("dialog", { name: "Environments" }).getByRole("button", { name: "Done" }).click();

  // And it stays with the collection: a reload keeps it.
  await page.reload();
  await sendSaved(page, "GET List posts");
  expect(seen[4].headers.authorization).toBe("Bearer from-the-run");
});
