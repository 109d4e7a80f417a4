import { expect, test, type Page } from "./fixtures";
import { bodyJson, expectNoSeriousAxeViolations, mockmanUi as ui, openMockman, responseSection, tool } from "./mockman-helpers";

const POST_ID = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01";

async function open(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.location().url.includes("favicon")) errors.push(m.text());
  });
  await openMockman(page);
  return errors;
}

test("the defaults: GET, /api/test-todos, {}, the Accept row, 'Response is undefined.'", async ({ page }) => {
  const errors = await open(page);
  const $ = ui(page);
  await expect($.method).toHaveValue("GET");
  await expect($.method.locator("option")).toHaveText(["GET", "POST", "DELETE", "PUT", "PATCH"]);
  await expect($.endpoint).toHaveValue("/api/test-todos");
  await expect($.endpoint).toHaveAttribute("placeholder", "Enter your endpoint");
  await expect($.body).toHaveText("{}");
  await expect(page.getByRole("group", { name: "Headers (1)" })).toBeVisible();
  await expect($.headerRows).toHaveCount(2);
  await expect(page.getByLabel("Send header 1 (Accept)")).toBeChecked();
  await expect(page.getByLabel("Header 1 name")).toHaveValue("Accept");
  await expect(page.getByLabel("Header 1 value")).toHaveValue("*/*");
  await expect(page.getByLabel("Send header 2")).not.toBeChecked();
  await expect(page.getByLabel("Header 2 name")).toHaveValue("");
  await expect($.response).toContainText("Response is undefined.");

  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ctrl+Enter sends from the body textarea.
  await $.body.focus();
  await page.keyboard.press("Control+Enter");
  await expect($.status).toContainText("200 OK");
  await expect($.status).toContainText(/\d+ ms/);
  await expect($.status).toContainText(/\d+(\.\d)? (B|KB)/);
  await expect($.response.getByRole("group", { name: "Response body" })).toContainText('"todos": [');
  await responseSection(page, /^Headers/);
  await expect($.response.getByRole("group", { name: "Response headers" })).toContainText(/content-type:\s*"application\/json"/);

  await expectNoSeriousAxeViolations(page);
  expect(errors).toEqual([]);
});

test("'Error in JSON format' for an empty or invalid body, and Submit says why", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  await $.method.selectOption("POST");
  await $.body.fill("");
  await expect(page.getByText("Error in JSON format", { exact: true })).toBeVisible();
  await $.body.fill('{"title": "buy milk"');
  await expect(page.getByText("Error in JSON format", { exact: true })).toBeVisible();
  await $.submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "Not sent: Error in JSON format" })).toBeVisible();
  await expect($.response).toContainText("Response is undefined.");

  await $.body.fill('{"title": "buy milk"}');
  await expect(page.getByText("Error in JSON format", { exact: true })).toHaveCount(0);
  await $.submit.click();
  await expect($.status).toContainText("201 Created");
  await expect($.response).toContainText('"buy milk"');
});

test("a login request, then an authenticated like with a pasted token", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  await $.method.selectOption("POST");
  await $.endpoint.fill("/api/auth/login");
  await $.body.fill('{"username": "guest", "password": "guest1234"}');
  await $.submit.click();
  await expect($.status).toContainText("200 OK");
  const token = (await $.response.innerText()).match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)?.[0];
  expect(token).toBeTruthy();

  await $.endpoint.fill(`/api/posts/like/${POST_ID}`);
  await $.body.fill("{}");
  await $.submit.click();
  await expect($.status).toContainText("404 Not Found");
  await expect($.response).toContainText("The server answered with an error status (404)");
  await expect($.response).toContainText("not Registered");

  // Typing into the blank last row appends another blank row and loses no keystrokes.
  await page.getByLabel("Header 2 name").pressSequentially("authorization", { delay: 5 });
  await expect($.headerRows).toHaveCount(3);
  await expect(page.getByLabel("Header 2 name")).toHaveValue("authorization");
  await expect(page.getByLabel("Header 2 name")).toBeFocused();
  await page.getByLabel("Header 2 value").fill(token!);
  await expect(page.getByRole("group", { name: "Headers (2)" })).toBeVisible();
  await page.keyboard.press("Control+Enter");
  await expect($.status).toContainText("201 Created");
  await expect($.response).toContainText(`"${POST_ID}"`);

  // Unticking the row stops the header being sent.
  await page.getByLabel("Send header 2 (authorization)").uncheck();
  await expect(page.getByRole("group", { name: "Headers (1)" })).toBeVisible();
  await $.submit.click();
  await expect($.status).toContainText("404 Not Found");
});

test("history survives a reload, restores on click, deletes one and clears all", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  await $.submit.click();
  await expect($.status).toContainText("200 OK");
  await $.method.selectOption("POST");
  await $.body.fill('{"title": "from history"}');
  await $.submit.click();
  await expect($.status).toContainText("201 Created");

  await page.reload();
  const list = page.getByRole("list", { name: "Sent requests, newest first" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("POST");
  await expect(list.getByRole("listitem").nth(1)).toContainText("GET");
  // The request tab keeps its form across the reload; switch it back so the restore below shows.
  await expect($.method).toHaveValue("POST");
  await $.method.selectOption("GET");
  await expectNoSeriousAxeViolations(page);

  await list
    .getByRole("button", { name: /POST \/api\/test-todos/ })
    .first()
    .click();
  await expect($.method).toHaveValue("POST");
  await expect($.body).toHaveText('{"title": "from history"}');
  await expect($.headerRows).toHaveCount(2);

  await page.getByRole("button", { name: "Delete GET /api/test-todos from history" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Clear all" }).click();
  await page.getByRole("button", { name: "Clear 1" }).click();
  await expect(page.getByText("Requests you send are kept here, newest first.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Requests you send are kept here, newest first.")).toBeVisible();
});

test("a request with no response shows the error itself and says so", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  await $.endpoint.fill("http://127.0.0.1:9/nothing-listens-here");
  await $.submit.click();
  await expect($.status).toContainText("No response");
  await expect($.response).toContainText("The request failed before any response arrived, so this is the error itself");
  await expect($.response).toContainText("TypeError");

  // A body that is not JSON (the page's own HTML) is shown as text.
  await $.endpoint.fill("/mockman");
  await $.submit.click();
  await expect($.status).toContainText("200 OK");
  await expect($.response.locator("pre").filter({ hasText: "<!DOCTYPE html>" })).toBeVisible();
});

test("the page's code loads only when /mockman is visited", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /mockman/i.test(s))).toEqual([]);
  await page.goto("/mockman");
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
  expect(scripts.filter((s) => /mockman/i.test(s)).length).toBeGreaterThan(0);
});

test("cURL: paste fills the form, a bad command says which part failed, copy prints the request", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page);
  const $ = ui(page);
  await tool(page, "Paste cURL");
  const dialog = page.getByRole("dialog", { name: "Paste a cURL command" });
  const command = page.getByLabel(/^cURL command/);
  await command.fill(`curl 'http://x' -H 'NoColon'`);
  await dialog.getByRole("button", { name: "Fill the form" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/Could not read the command: -H 'NoColon'.*no name before a colon/);
  await expectNoSeriousAxeViolations(page);
  await command.fill(`curl -X PATCH '${new URL(page.url()).origin}/api/test-todos' -H 'x-one: 1' --data-raw '{"a": 1}'`);
  await dialog.getByRole("button", { name: "Fill the form" }).click();
  await expect(dialog).toBeHidden();
  await expect($.method).toHaveValue("PATCH");
  await expect($.endpoint).toHaveValue("/api/test-todos");
  await expect(page.getByLabel("Header 1 name")).toHaveValue("x-one");
  await expect($.body).toHaveText('{"a": 1}');

  await tool(page, "Copy as cURL");
  await expect(page.getByRole("status")).toContainText("Copied the request as a cURL command for http://127.0.0.1:3001");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The tab's API is not on the static server: the command targets `mockman serve`.
  expect(copied).toBe(
    `curl -X PATCH 'http://127.0.0.1:3001/api/test-todos' \\\n  -H 'x-one: 1' \\\n  -H 'content-type: application/json' \\\n  --data-raw '{"a": 1}'`,
  );
});

test("'Use guest token' fills an authorization header row that works", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  await tool(page, "Use guest token");
  await expect(page.getByLabel("Header 2 name")).toHaveValue("authorization");
  await expect(page.getByLabel("Header 2 value")).toHaveValue(/^eyJ/);
  await $.endpoint.fill("/api/users/bookmark");
  await $.submit.click();
  await expect($.status).toContainText("200 OK");
  await expect($.response).toContainText('"bookmarks": [');
});

test("a paged request: the page sends ?limit=2 as it is and shows next and total", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  await $.endpoint.fill("/api/posts?limit=2");
  await $.submit.click();
  await expect($.status).toContainText("200 OK");
  // The Pretty view shows `"next": "<cursor>",` and `"total": 6` after the two posts.
  await expect($.response).toContainText(/"next": "[\w-]+",\s*"total": 6/);
});

test("the endpoint box suggests every route from the API's OpenAPI description, and a pick sets method, path and a body template", async ({
  page,
}) => {
  await open(page);
  const $ = ui(page);
  const options = page.locator("datalist#mm-routes option");
  await expect.poll(() => options.count()).toBeGreaterThan(20);
  await expect(page.locator('datalist#mm-routes option[value="POST /api/posts/like/{postId}"]')).toHaveText("Like a post");
  await $.endpoint.fill("POST /api/auth/login");
  await expect($.method).toHaveValue("POST");
  await expect($.endpoint).toHaveValue("/api/auth/login");
  // The template is written into the editor after the endpoint changes: wait for it, not read at once.
  await expect.poll(() => bodyJson($.body)).toEqual({ username: "", password: "" });
  // A body already edited is left alone.
  await $.body.fill('{"username":"guest","password":"guest1234"}');
  await $.endpoint.fill("POST /api/auth/signup");
  await expect($.endpoint).toHaveValue("/api/auth/signup");
  expect(await bodyJson($.body)).toEqual({ username: "guest", password: "guest1234" });
});

test("'OpenAPI description' downloads the document the tab's API serves", async ({ page }) => {
  await open(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "OpenAPI description" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("moments.openapi.json");
  const text = await (await file.createReadStream()).toArray();
  expect(JSON.parse(Buffer.concat(text).toString("utf8")).openapi).toBe("3.1.0");
});
