// The Code dialog: the languages are offered, {{variables}} are kept or filled by
// choice, and its cURL really runs against a `mockman serve` (the shipped bin,
// built by `npm run build`, which `npm run test:e2e` runs first).
import { expect, scaled, test } from "./fixtures";
import { execFile, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startServe, stopServe } from "./cli-helpers";
import { checkInBothThemes, mockmanUi, openMockman, section, tool } from "./mockman-helpers";

let dir: string;
let server: ChildProcess;
let serveUrl: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "moments-code-"));
  ({ url: serveUrl, child: server } = await startServe(["--db", join(dir, "db.json")]));
});

test.afterAll(async () => {
  await stopServe(server);
  rmSync(dir, { recursive: true, force: true });
});

test("Code offers the languages, keeps or fills variables, and its cURL runs against mockman serve", async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await openMockman(page);
  const ui = mockmanUi(page);
  await section(page, "Settings");
  await ui.baseUrl.fill(serveUrl);
  await section(page, "Body");
  await ui.method.selectOption("POST");
  await ui.endpoint.fill("/api/test-todos?from={{who}}");
  await ui.body.fill('{"title": "made by the Code dialog"}');

  await tool(page, "Code");
  const dialog = page.getByRole("dialog", { name: "Code" });
  await expect(dialog).toBeVisible();
  const language = dialog.getByLabel("Language");
  await expect(language.locator("option")).toHaveText([
    "cURL",
    "JavaScript fetch",
    "Node (fetch)",
    "Python requests",
    "HTTPie",
    "mockman request",
  ]);
  const code = dialog.getByTestId("code-snippet");
  // Kept as written by default.
  // Copy as cURL's command (app/mockman/lib/curl.ts), not httpsnippet's.
  await expect(code).toContainText(`curl -X POST '${serveUrl}/api/test-todos?from={{who}}' \\\n  -H 'Accept: */*' \\\n`);
  await expect(code).toContainText(`${serveUrl}/api/test-todos?from={{who}}`);
  // A flag a line: the dialog scrolls inside itself, never the page sideways.
  await checkInBothThemes(page, "code-dialog");
  for (const [label, marker] of [
    ["JavaScript fetch", "fetch("],
    ["Node (fetch)", "fetch(url, options)"],
    ["Python requests", "requests.post("],
    ["HTTPie", "http POST"],
    ["mockman request", "npx mockman request POST"],
  ] as const) {
    await language.selectOption({ label });
    await expect(code, label).toContainText(marker);
    await expect(code, label).toContainText("{{who}}");
  }

  // Filled: an environment defines who.
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Environment", exact: true }).click();
  const envDialog = page.getByRole("dialog", { name: "Environments" });
  await envDialog.getByRole("button", { name: "New environment" }).click();
  await envDialog.getByRole("button", { name: "Add variable" }).click();
  await envDialog.getByLabel("Variable 2 name").fill("who");
  await envDialog.getByLabel("Variable 2 value").fill("codedialog");
  await envDialog.getByRole("button", { name: "Done" }).click();
  await tool(page, "Code");
  await language.selectOption({ label: "cURL" });
  await dialog.getByLabel(/Fill in variables/).check();
  await expect(code).toContainText(`${serveUrl}/api/test-todos?from=codedialog`);
  const curl = await code.innerText();

  // Copy puts exactly that on the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog).toContainText("Copied the cURL code.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl);

  // The cURL, run by a shell, creates the todo on the server.
  const { stdout } = await promisify(execFile)("sh", ["-c", curl], { timeout: scaled(20_000) });
  const made = JSON.parse(stdout) as { todo?: { title?: string } };
  expect(made.todo?.title).toBe("made by the Code dialog");
  const check = await fetch(`${serveUrl}/api/test-todos`);
  expect(JSON.stringify(await check.json())).toContain("made by the Code dialog");
});
