// Issue 12, item 6 ("The page"): copied commands that run in a terminal. A pasted
// Chromium cURL, Use guest token through the history, the two search boxes, failed
// requests logged to the console and those controls under axe are
// tests/components/tools.test.tsx's (issue 49).
import { spawnSync } from "node:child_process";
import { expect, scaled, test } from "./fixtures";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MOCKMAN_SHELL, ROOT, startServe, stopServe } from "./cli-helpers";
import { mockmanUi as ui, openMockman as open, section, tool } from "./mockman-helpers";

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
    `curl -X POST 'http://127.0.0.1:3001/api/auth/login' \\\n  -H 'Accept: */*' \\\n  -H 'content-type: application/json' \\\n  --data-raw '{\n  "username": "guest",\n  "password": "guest1234"\n}'`,
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
    // This copy's notice reads word for word as the last one, which is still showing: dismissed first, the
    // notice that comes is this copy's (said once the clipboard holds it), not the wrong password's command.
    await page.getByRole("button", { name: "Dismiss the notice" }).click();
    await expect($.notice).toBeEmpty();
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
