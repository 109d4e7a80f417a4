// `{{variables}}` on the tester: a reference nothing fills is never sent; a saved request reads its
// collection's variables as its Run does (the example defines baseUrl, username and password). Was the first
// test of tests/e2e/mockman-variables.spec.ts: the tester without its top bar and Mock settings (harness
// renderTester: the request column, the Collections and History panels on the page's own useMockman), the
// example imported through the Collections panel's file field, the page's mock in this frame answering /api,
// collections and history in this frame's IndexedDB. The environment tests (a reload, `mockman replay`) stay there.
import { expect, test } from "vitest";
import { page, server } from "@vitest/browser/context";
import { importCollection, renderTester, workspaceUi } from "./harness";

type Screen = Awaited<ReturnType<typeof renderTester>>;

/** Imports the example Postman collection (its URLs are {{baseUrl}}/api/…, its login body {{username}}/{{password}}) as a saved collection. */
async function importExample(screen: Screen) {
  // The repository's file as it is (read by vitest's server), picked.
  const text = await server.commands.readFile(`${server.config.root}/cli/examples/moments.postman_collection.json`);
  await importCollection(screen, text, "Moments API", "moments.postman_collection.json");
}

/** A saved request's button in the Collections sidebar: "METHOD name". */
const savedButton = (screen: Screen, what: string) =>
  screen.getByRole("region", { name: "Collections" }).getByRole("button", { name: what, exact: true });

/**
 * Counts the fetches the page makes from now on, /api/* ones included (the page's mock answers those in
 * this frame), leaving out Vite's own module loads: a chunk loaded when first needed is no request sent.
 */
function countRequests() {
  const seen: string[] = [];
  const before = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(input, init).url);
    return before(input, init);
  };
  return seen;
}

test("Submit refuses a request with an unresolved {{variable}}, names each one, and sends nothing", { timeout: 120_000 }, async () => {
  await page.viewport(1280, 800);
  const screen = await renderTester();
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  await importExample(screen);

  await savedButton(screen, "GET List posts").click();
  await expect.element(ui.endpoint).toHaveValue("{{baseUrl}}/api/posts?limit=5");
  await screen.getByLabelText("Header 2 name").fill("authorization");
  await screen.getByLabelText("Header 2 value").fill("Bearer {{auth-log-in-as-guest.body.encodedToken}}");
  const sent = countRequests();
  await ui.submit.click();
  const refusal = screen.getByRole("alert").filter({ hasText: "Not sent" });
  // Its authorization header refers to the login's answer, which only `mockman replay` fills; {{baseUrl}} is the collection's.
  await expect
    .element(refusal)
    .toHaveTextContent("Not sent: {{auth-log-in-as-guest.body.encodedToken}} is not defined (no environment is active)");
  await expect.element(refusal).toHaveTextContent("A reference to an earlier answer is filled only by mockman replay");
  await expect.element(ui.response).toHaveTextContent("Response is undefined.");
  await expect.element(screen.getByRole("heading", { name: "History (0)" })).toBeVisible();
  expect(sent).toEqual([]);

  // Each unresolved reference is named, wherever it is: endpoint and body.
  await savedButton(screen, "POST Log in as guest").click();
  await ui.endpoint.fill("{{host}}/api/auth/login");
  await ui.body.fill('{"username": "{{username}}", "password": "{{secret}}"}');
  await ui.submit.click();
  await expect.element(refusal).toHaveTextContent("Not sent: {{host}} and {{secret}} are not defined");
  await ui.endpoint.fill("{{baseUrl}}/api/auth/login");
  await ui.body.fill('{"username": "{{username}}", "password": "{{password}}"}');
  await expect
    .element(screen.getByTestId("resolved-url"))
    .toHaveTextContent(/^Resolved URL: http:\/\/127\.0\.0\.1:3001\/api\/auth\/login$/);
  await expect.element(screen.getByRole("heading", { name: "History (0)" })).toBeVisible();
  expect(sent).toEqual([]);

  // A header counts too; a built-in ({{$uuid}}) is filled, not refused.
  await ui.endpoint.fill("/api/test-todos?x={{$uuid}}");
  await ui.method.selectOptions("GET");
  await screen.getByLabelText("Header 2 name").fill("authorization");
  await screen.getByLabelText("Header 2 value").fill("{{apiKey}}");
  await ui.submit.click();
  await expect.element(refusal).toHaveTextContent("Not sent: {{apiKey}} is not defined");
  await screen.getByLabelText("Header 2 value").fill("none");
  await ui.submit.click();
  // The saved login carries the example's scripts, so this Send goes through the run worker, which boots its script
  // isolate first (served module by module in this mode): a minute allowed, as the Run tests here wait.
  await expect.element(ui.status, { timeout: 60_000 }).toHaveTextContent("200 OK");
  await expect.element(screen.getByRole("heading", { name: "History (1)" })).toBeVisible();
  // The count above sees what a Send fetches.
  expect(sent).not.toEqual([]);
});
