// Issue 12, item 6 ("The page"): copied commands that run in a terminal, a
// pasted Chromium cURL, Use guest token through the history, the two search
// boxes, and failed requests logged to the console.
import { spawnSync } from "node:child_process";
import { scaled } from "./fixtures";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type ConsoleMessage, type Page } from "@playwright/test";
import { MOCKMAN_SHELL, ROOT, startServe, stopServe } from "./cli-helpers";
import {
  bodyJson,
  expectNoSeriousAxeViolations,
  mockmanUi as ui,
  openMockman as open,
  responseSection,
  section,
  THEMES,
  tool,
} from "./mockman-helpers";
import { keepShot } from "./helpers";
import { systemTheme } from "./screen-helpers";

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

const sh = (command: string) =>
  spawnSync("sh", ["-c", command], { cwd: ROOT, encoding: "utf8", timeout: scaled(60_000), env: { ...process.env, NO_COLOR: "1" } });

test("Copy as cURL targets mockman serve (base URL remembered) and Copy as mockman request runs in a terminal", async ({
  page,
  context,
}) => {
  test.setTimeout(scaled(120_000));
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page);
  const $ = ui(page);
  await section(page, "Settings");
  await expect($.baseUrl).toHaveValue("http://127.0.0.1:3001");
  // Why it is needed is behind the field's help button.
  await expect(page.getByText(/lives only in this browser tab/)).toBeHidden();
  await page.getByRole("button", { name: "Help on the copy server" }).click();
  await expect(page.getByText(/lives only in this browser tab/)).toContainText("npx mockman serve");
  await expect(page.getByText(/lives only in this browser tab/)).toContainText("npm run mockman -- serve");
  await section(page, "Body");

  await $.method.selectOption("POST");
  await $.endpoint.fill("/api/auth/login");
  await $.body.fill('{\n  "username": "guest",\n  "password": "guest1234"\n}');
  await tool(page, "Copy as cURL");
  await expect($.notice).toContainText("Copied the request as a cURL command for http://127.0.0.1:3001");
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  expect(await clipboard()).toBe(
    `curl -X POST 'http://127.0.0.1:3001/api/auth/login' -H 'Accept: */*' -H 'content-type: application/json' --data-raw '{\n  "username": "guest",\n  "password": "guest1234"\n}'`,
  );

  // A bad address says so and copies nothing.
  await section(page, "Settings");
  await $.baseUrl.fill("127.0.0.1:3001");
  await expect($.baseUrl).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a full address such as http://127.0.0.1:3001", { exact: true })).toBeVisible();
  await tool(page, "Copy as cURL");
  await expect($.notice).toContainText("Not copied");

  // The copied command really runs against a running `mockman serve`, and the field is remembered.
  const dir = mkdtempSync(join(tmpdir(), "mockman-page-"));
  const serve = await startServe(["--db", join(dir, "served.json")]);
  try {
    await $.baseUrl.fill(serve.url);
    await page.reload();
    await section(page, "Settings");
    await expect($.baseUrl).toHaveValue(serve.url);
    await section(page, "Body");
    await $.method.selectOption("POST");
    await $.endpoint.fill("/api/auth/login");
    await $.body.fill(`{"username": "guest", "password": "it's \`not\` $HOME"}`);
    await tool(page, "Copy as cURL");
    await expect($.notice).toContainText(`for ${serve.url}`);
    const curl = sh(`${await clipboard()} -s`);
    // The server got the body intact: a wrong password, not a JSON error.
    expect(curl.stdout).toContain("The credentials you entered are invalid");

    await $.body.fill('{"username": "guest", "password": "guest1234"}');
    await tool(page, "Copy as cURL");
    await expect($.notice).toContainText("Copied");
    expect(JSON.parse(sh(`${await clipboard()} -s`).stdout).encodedToken).toMatch(JWT);
  } finally {
    await stopServe(serve.child);
  }

  await tool(page, "Copy as mockman request");
  await expect($.notice).toHaveText("Copied the request as a mockman request command.");
  const mockman = await clipboard();
  expect(mockman).toBe(`npx mockman request POST /api/auth/login -d '{"username":"guest","password":"guest1234"}' -H 'Accept: */*'`);
  const run = sh(`${mockman.replace(/^npx mockman /, `${MOCKMAN_SHELL} `)} --db '${join(dir, "cli.json")}'`);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/200 OK/);
  expect(run.stdout).toMatch(/encodedToken/);
});

/** Fills the form from a command through Tools > Paste cURL, one line per item. */
async function pasteCurl(page: Page, lines: string[]) {
  await tool(page, "Paste cURL");
  const dialog = page.getByRole("dialog", { name: "Paste a cURL command" });
  await page.getByLabel(/^cURL command/).fill(lines.join("\n"));
  await dialog.getByRole("button", { name: "Fill the form" }).click();
  await expect(dialog).toBeHidden();
}

test("Paste cURL reads Chromium's 'Copy as cURL (bash)' and lists the flags it ignored", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  const origin = new URL(page.url()).origin;
  await pasteCurl(page, [
    `curl '${origin}/api/auth/login' \\`,
    `  -H 'accept: */*' \\`,
    `  -H 'content-type: application/json' \\`,
    `  -b 'theme=dark; _ga=GA1.1.42' \\`,
    `  -H 'sec-ch-ua-mobile: ?0' \\`,
    `  --data-raw $'{"username":"guest","password":"guest1234","note":"it\\'s"}' \\`,
    `  --compressed -k`,
  ]);
  await expect($.notice).toHaveText("Filled the form from the cURL command. Ignored (no effect here): --compressed, -k.");
  await expect($.method).toHaveValue("POST");
  await expect($.endpoint).toHaveValue("/api/auth/login");
  await expect.poll(() => bodyJson($.body)).toEqual({ username: "guest", password: "guest1234", note: "it's" });
  await expect(page.getByLabel("Header 4 name")).toHaveValue("Cookie");
  await expect(page.getByLabel("Header 4 value")).toHaveValue("theme=dark; _ga=GA1.1.42");

  // Pasting into the endpoint box works the same, -u and -G included.
  await $.endpoint.fill("");
  await $.endpoint.focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text", text);
    document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, `curl -sS -G -u guest:guest1234 ${origin}/api/posts -d limit=2`);
  await expect($.notice).toHaveText("Filled the form from the pasted cURL command. Ignored (no effect here): -s, -S.");
  await expect($.method).toHaveValue("GET");
  await expect($.endpoint).toHaveValue("/api/posts?limit=2");
  await expect(page.getByLabel("Header 1 name")).toHaveValue("Authorization");
  await expect(page.getByLabel("Header 1 value")).toHaveValue("Basic Z3Vlc3Q6Z3Vlc3QxMjM0");
});

test("Paste cURL reads a form upload as Chromium copies it: the form-data table, without the pasted boundary", async ({ page }) => {
  await open(page);
  const origin = new URL(page.url()).origin;
  const boundary = "----WebKitFormBoundaryAbC";
  await pasteCurl(page, [
    `curl '${origin}/api/test-todos' \\`,
    `  -H 'accept: */*' \\`,
    `  -H 'content-type: multipart/form-data; boundary=${boundary}' \\`,
    `  --data-raw $'--${boundary}\\r\\nContent-Disposition: form-data; name="title"\\r\\n\\r\\nHi there\\u0021\\r\\n--${boundary}--\\r\\n' \\`,
    `  --compressed`,
  ]);
  await expect(ui(page).method).toHaveValue("POST");
  await section(page, "Body");
  await expect(page.getByLabel("Body type")).toHaveValue("formdata");
  await expect(page.getByLabel("Part 1 name")).toHaveValue("title");
  await expect(page.getByLabel("Part 1 value")).toHaveValue("Hi there!");
  await expect(page.getByLabel("Header 1 name")).toHaveValue("accept");
  await expect(page.getByLabel("Header 2 name")).toHaveValue("");
});

test("Use guest token is a request in the history, so Export templates its token instead of writing a JWT", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  await tool(page, "Use guest token");
  await expect(page.getByLabel("Header 2 value")).toHaveValue(JWT);
  await expect($.notice).toContainText("the login is in the history");
  await expect($.history.getByRole("listitem")).toHaveCount(1);
  await expect($.history.getByRole("listitem").first()).toContainText(/POST\s*\/api\/auth\/login\s*200/);
  await expect($.status).toContainText("200 OK");

  await $.endpoint.fill("/api/users/bookmark");
  await $.submit.click();
  await expect($.status).toContainText("200 OK");
  await expect(page.getByRole("heading", { name: "History (2)" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all" }).click();
  const file = join(mkdtempSync(join(tmpdir(), "mockman-export-")), "c.json");
  await (await downloading).saveAs(file);
  const text = readFileSync(file, "utf8");
  expect(text).not.toMatch(JWT);
  const collection = JSON.parse(text);
  expect(collection.requests.map((r: { name: string }) => r.name)).toEqual(["post-auth-login", "get-users-bookmark"]);
  expect(collection.requests[0].body).toEqual({ username: "guest", password: "guest1234" });
  expect(collection.requests[1].headers.authorization).toBe("{{post-auth-login.body.encodedToken}}");
});

test("search boxes: the response tree by key or value, the history by method, path and status", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  await $.endpoint.fill("/api/posts");
  await $.submit.click();
  await expect($.status).toContainText("200 OK");
  const body = $.response.getByRole("group", { name: "Response body" });
  const search = page.getByRole("searchbox", { name: "Search the response" });

  await search.fill("ADASTERLING");
  await expect(page.getByText(/^\d+ match(es)? for "ADASTERLING"\.$/)).toBeVisible();
  await expect(body).toContainText("adasterling");
  await expect(body).toContainText('"posts": {');
  await expect(body).not.toContainText("guest");
  await expect(body).not.toContainText("likeCount");

  // Body and headers both match, then only the body: each view is replaced, none left behind.
  await search.fill("json");
  await responseSection(page, /^Headers/);
  await expect(page.getByRole("group", { name: "Response headers" })).toContainText("application/json");
  // A key match keeps its value, with its ancestors.
  await search.fill("likecount");
  await expect(page.getByRole("group", { name: "Response headers" })).toHaveCount(0);
  await responseSection(page, "Body");
  await expect(page.locator(".mm-response .mm-pretty")).toHaveCount(1);
  await expect(body).toContainText(/"likes": \{\s*"likeCount": \d+/);
  await expect(body).not.toContainText('"content":');

  await search.fill("no-such-thing-anywhere");
  await expect(page.getByText('No matches for "no-such-thing-anywhere".')).toBeVisible();
  await expect($.response).toContainText("No matches in the body.");
  await expect($.response).toContainText("No matches in the headers.");
  await search.fill("");
  await expect(body).toContainText("guest");

  // History: send a few, then filter.
  await $.endpoint.fill("/api/auth/login");
  await $.method.selectOption("POST");
  await $.body.fill('{"username":"guest","password":"wrong"}');
  await $.submit.click();
  await expect($.status).toContainText("401");
  await $.method.selectOption("GET");
  await $.endpoint.fill("/api/test-todos");
  await $.submit.click();
  await expect(page.getByRole("heading", { name: "History (3)" })).toBeVisible();
  const history = page.getByRole("searchbox", { name: "Search history" });
  await history.fill("post");
  await expect($.history.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("2 of 3 requests match.")).toBeVisible();
  await history.fill("4xx");
  await expect($.history.getByRole("listitem")).toHaveCount(1);
  await expect($.history.getByRole("listitem")).toContainText("/api/auth/login");
  await history.fill("DELETE");
  await expect(page.getByText('No requests match "DELETE".')).toBeVisible();
  await expect($.history).toHaveCount(0);
  // Keyboard: Escape clears a search box.
  await history.press("Escape");
  await expect(history).toHaveValue("");
  await expect($.history.getByRole("listitem")).toHaveCount(3);
});

test("a failed request is logged with console.error: method, URL, status and message", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m: ConsoleMessage) => m.type() === "error" && m.text().startsWith("mockman:") && errors.push(m.text()));
  await open(page);
  const $ = ui(page);
  const origin = new URL(page.url()).origin;
  await $.submit.click();
  await expect($.status).toContainText("200 OK");
  expect(errors).toEqual([]);

  await $.method.selectOption("POST");
  await $.endpoint.fill("/api/posts/like/8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01");
  await $.submit.click();
  await expect($.status).toContainText("404");
  await expect
    .poll(() => errors)
    .toEqual([
      `mockman: POST ${origin}/api/posts/like/8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01 failed: 404 Not Found - The username you entered is not Registered. Not Found error`,
    ]);

  await $.method.selectOption("GET");
  await $.endpoint.fill("http://127.0.0.1:9/nothing-listens-here");
  await $.submit.click();
  await expect($.status).toContainText("No response");
  await expect.poll(() => errors.length).toBe(2);
  expect(errors[1]).toMatch(
    /^mockman: GET http:\/\/127\.0\.0\.1:9\/nothing-listens-here failed: no response \(TypeError: Failed to fetch\)$/,
  );
});

test("the new controls pass axe in the light and the dark theme and hold at 375 and 1280 px", async ({ page }) => {
  await open(page);
  const $ = ui(page);
  await tool(page, "Use guest token");
  await expect($.status).toContainText("200 OK");
  await page.getByRole("searchbox", { name: "Search the response" }).fill("guest");
  await page.getByRole("searchbox", { name: "Search history" }).fill("zzz");
  await section(page, "Settings");
  await $.baseUrl.fill("not a url");
  await expect(page.getByText('No requests match "zzz".')).toBeVisible();
  for (const theme of THEMES) {
    await systemTheme(page, theme);
    await expectNoSeriousAxeViolations(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);
      await keepShot(page, `page-${theme}-${width}.png`, true);
    }
  }
});
