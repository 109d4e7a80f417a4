// `{{variables}}` on the /mockman page: an environment fills them, survives a reload, and goes out to files
// `mockman replay --env` runs. That a reference nothing fills is never sent, and that a saved request reads its
// collection's variables, is tests/components/variables.test.tsx's (issue 49).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test, type Page } from "./fixtures";
import { ROOT, mockmanSync } from "./cli-helpers";
import { mockmanUi, openMockman, sendAndAwaitAnswer } from "./mockman-helpers";
import { keepShot } from "./helpers";

const POSTMAN_EXAMPLE = resolve(ROOT, "cli/examples/moments.postman_collection.json");

/** Imports the example Postman collection (its URLs are {{baseUrl}}/api/…, its login body {{username}}/{{password}}) as a saved collection. */
export async function importExample(page: Page) {
  await page.getByLabel("Collection file to import").setInputFiles(POSTMAN_EXAMPLE);
  await expect(page.getByRole("region", { name: "Collections" }).getByRole("heading", { name: "Moments API" })).toBeVisible();
}

/** A saved request's button in the Collections sidebar: "METHOD name". */
export const savedButton = (page: Page, what: string) =>
  page.getByRole("region", { name: "Collections" }).getByRole("button", { name: what, exact: true });

/** A history entry's restore button: its name is "METHOD endpoint, status, time". */
export const restoreButton = (page: Page, what: string) =>
  page.getByRole("button", { name: new RegExp(`^${what.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, `) });

/** Opens the Environment editor; returns the dialog. */
async function openEnvironments(page: Page) {
  await page.getByRole("button", { name: "Environment", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Environments" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an environment fills {{variables}} in endpoint, headers and body, masks secrets, and survives a reload", async ({ page }) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  await importExample(page);

  const dialog = await openEnvironments(page);
  await dialog.getByRole("button", { name: "New environment" }).click();
  await dialog.getByLabel("Environment name").fill("local tab");
  await expect(dialog.getByLabel("Variable 1 name")).toHaveValue("baseUrl");
  await dialog.getByRole("button", { name: "Add variable" }).click();
  await dialog.getByLabel("Variable 2 name").fill("username");
  await dialog.getByLabel("Variable 2 value").fill("guest");
  await dialog.getByRole("button", { name: "Add variable" }).click();
  await dialog.getByLabel("Variable 3 name").fill("password");
  await dialog.getByLabel("Variable 3 value").fill("guest1234");
  await dialog.getByLabel("Variable 3 secret").check();
  // A secret is masked on screen unless asked.
  await expect(dialog.getByLabel("Variable 3 value")).toHaveAttribute("type", "password");
  await dialog.getByLabel("Show secret values").check();
  await expect(dialog.getByLabel("Variable 3 value")).toHaveAttribute("type", "text");
  await dialog.getByLabel("Show secret values").uncheck();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // The first environment becomes the active one, picked beside the endpoint.
  await expect(page.getByLabel("Active environment")).toHaveValue(/env-/);
  await expect(page.getByLabel("Active environment").locator("option:checked")).toHaveText("local tab");

  await savedButton(page, "POST Log in as guest").click();
  await expect(page.getByTestId("resolved-url")).toHaveText("Resolved URL: /api/auth/login");
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");
  await expect(ui.response).toContainText("encodedToken");
  // The history keeps what was typed, so no secret lands in it.
  await expect(restoreButton(page, "POST {{baseUrl}}/api/auth/login").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "History (1)" })).toBeVisible();

  // A header: {{token}} in authorization.
  const token = (await ui.response.innerText()).match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)![0];
  await openEnvironments(page);
  await dialog.getByRole("button", { name: "Add variable" }).click();
  await dialog.getByLabel("Variable 4 name").fill("token");
  await dialog.getByLabel("Variable 4 value").fill(token);
  await dialog.getByLabel("Variable 4 secret").check();
  await dialog.getByRole("button", { name: "Done" }).click();
  await ui.method.selectOption("GET");
  await ui.endpoint.fill("{{baseUrl}}/api/users/bookmark");
  await page.getByLabel("Header 2 name").fill("authorization");
  await page.getByLabel("Header 2 value").fill("{{token}}");
  // The login's answer is still on screen while this sends, and it too reads "200 OK" and holds "bookmarks"
  // (its user's): wait for this Send's own answer.
  await sendAndAwaitAnswer(page, () => ui.submit.click());
  await expect(ui.status).toContainText("200 OK");
  await expect(ui.response).toContainText("bookmarks");

  // A secret in the endpoint is masked in the preview.
  await ui.endpoint.fill("{{baseUrl}}/api/test-todos?t={{token}}");
  await expect(page.getByTestId("resolved-url")).toHaveText("Resolved URL: /api/test-todos?t=••••••");

  await page.reload();
  await expect(ui.submit).toBeEnabled();
  await expect(page.getByLabel("Active environment").locator("option:checked")).toHaveText("local tab");
  await openEnvironments(page);
  await expect(dialog.getByLabel("Variable 4 value")).toHaveValue(token);
  await expect(dialog.getByLabel("Variable 3 secret")).toBeChecked();
});

test("export and import keep an environment: secrets left out unless asked, the file runs with `mockman replay --env`, Postman files too", async ({
  page,
}) => {
  await openMockman(page);
  const dialog = await openEnvironments(page);
  // The repository's example env file (what the README shows with --env).
  await dialog.getByLabel("Environment file to import").setInputFiles(resolve(ROOT, "cli/examples/local.env.json"));
  await expect(page.getByText('Imported the environment "local" (3 variables) from local.env.json.')).toBeVisible();
  await expect(dialog.getByLabel("Environment name")).toHaveValue("local");
  await expect(dialog.getByLabel("Variable 1 value")).toHaveValue("http://127.0.0.1:3001");
  // Send to this tab's mock instead, and make the password a secret.
  await dialog.getByLabel("Variable 1 value").fill("");
  await dialog.getByLabel("Variable 3 secret").check();

  const dir = mkdtempSync(join(tmpdir(), "mockman-env-"));
  const save = async (button: string, name: string) => {
    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name: button }).click();
    const download = await downloading;
    const file = join(dir, name);
    await download.saveAs(file);
    return { file, suggested: download.suggestedFilename(), json: JSON.parse(readFileSync(file, "utf8")) };
  };

  const masked = await save("Export as mockman env file", "masked.json");
  expect(masked.suggested).toBe("local.env.json");
  expect(masked.json).toEqual({ baseUrl: "", user: "guest" });
  await expect(page.getByText(/Secret values left out: password/)).toBeVisible();

  await dialog.getByLabel("Include secret values in exports").check();
  const full = await save("Export as mockman env file", "full.json");
  expect(full.json).toEqual({ baseUrl: "", user: "guest", password: "guest1234" });
  const run = mockmanSync("replay", "cli/examples/smoke.collection.json", "--env", full.file, "--db", join(dir, "db.json"));
  expect(run.status, `replay exited ${run.status}\n${run.stdout}\n${run.stderr}`).toBe(0);

  await dialog.getByLabel("Include secret values in exports").uncheck();
  const postman = await save("Export as Postman environment", "local.postman_environment.json");
  expect(postman.suggested).toBe("local.postman_environment.json");
  expect(postman.json).toMatchObject({
    name: "local",
    _postman_variable_scope: "environment",
    values: [
      { key: "baseUrl", value: "", type: "default", enabled: true },
      { key: "user", value: "guest", type: "default", enabled: true },
      { key: "password", value: "", type: "secret", enabled: true },
    ],
  });

  // Delete it, then bring both files back.
  await dialog.getByRole("button", { name: "Delete environment" }).click();
  await expect(dialog.getByLabel("Environment name")).toBeHidden();
  await dialog.getByLabel("Environment file to import").setInputFiles(postman.file);
  await expect(dialog.getByLabel("Environment name")).toHaveValue("local");
  await expect(dialog.getByLabel("Variable 3 secret")).toBeChecked();
  await dialog.getByLabel("Environment file to import").setInputFiles(full.file);
  await expect(dialog.getByLabel("Environment name")).toHaveValue("full");
  await expect(dialog.getByLabel("Variable 3 value")).toHaveValue("guest1234");

  // A file that is no environment changes nothing and says why.
  const bad = join(dir, "bad.json");
  writeFileSync(bad, '{"base url": "x"}');
  await dialog.getByLabel("Environment file to import").setInputFiles(bad);
  await expect(page.getByText('bad.json was not imported, nothing changed: "base url" is not a variable name')).toBeVisible();
  await expect(dialog.getByLabel("Environment to edit").locator("option")).toHaveText(["local", "full"]);
});

test("at 375 px the import's notice leaves the Environments dialog's Done button whole: a tap there closes the dialog", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openMockman(page);
  const dialog = await openEnvironments(page);
  await dialog.getByLabel("Environment file to import").setInputFiles(resolve(ROOT, "cli/examples/local.env.json"));
  const notice = dialog.getByText('Imported the environment "local" (3 variables) from local.env.json.');
  await expect(notice).toBeVisible();
  const done = dialog.getByRole("button", { name: "Done" });
  await done.scrollIntoViewIfNeeded();
  await keepShot(page, "environments-notice-375.png");
  // What a finger at each corner of Done would touch: Done itself, not the notice over it.
  const box = (await done.boundingBox())!;
  for (const [x, y] of [
    [box.x + 3, box.y + 3],
    [box.x + box.width - 3, box.y + box.height - 3],
    [box.x + box.width / 2, box.y + box.height / 2],
  ])
    expect(await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.textContent?.trim(), [x, y])).toBe("Done");
  await expect(notice).toBeInViewport();
  await done.click();
  await expect(dialog).toBeHidden();
});
