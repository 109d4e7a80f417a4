// The page's history export is the CLI's collection format: what the page
// exports, `mockman replay` runs and passes, in the same test.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { ROOT, mockmanSync } from "./cli-helpers";

const POST_ID = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b04";

test("export a collection, then `mockman replay` runs it and passes", async ({ page }) => {
  await page.goto("/mockman");
  const submit = page.getByRole("button", { name: "Submit" });
  const status = page.getByTestId("status-line");
  await expect(submit).toBeEnabled();

  await page.getByLabel("Method").selectOption("POST");
  await page.getByLabel("Endpoint").fill("/api/auth/login");
  await page.getByLabel("JSON body").fill('{"username": "guest", "password": "guest1234"}');
  await submit.click();
  await expect(status).toContainText("200 OK");
  const token = (await page.getByRole("region", { name: "Response" }).innerText()).match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)![0];

  await page.getByLabel("Endpoint").fill(`/api/posts/like/${POST_ID}`);
  await page.getByLabel("JSON body").fill("{}");
  await page.getByLabel("Header 2 name").fill("authorization");
  await page.getByLabel("Header 2 value").fill(token);
  await submit.click();
  await expect(status).toContainText("201 Created");
  await expect(page.getByRole("heading", { name: "History (2)" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mockman-collection-\d{4}-\d{2}-\d{2}\.json$/);
  const dir = mkdtempSync(join(tmpdir(), "mockman-replay-"));
  const file = join(dir, "collection.json");
  await download.saveAs(file);

  const collection = JSON.parse(readFileSync(file, "utf8"));
  expect(collection.mockman).toBe(1);
  expect(collection.requests.map((r: { name: string }) => r.name)).toEqual(["post-auth-login", "post-posts-like"]);
  expect(collection.requests[1].headers.authorization).toBe("{{post-auth-login.body.encodedToken}}");
  expect(collection.requests[1].expect).toEqual({ status: 201 });

  const run = mockmanSync("replay", file, "--db", join(dir, "db.json"));
  console.log(run.stdout, run.stderr);
  expect(run.status, `replay exited ${run.status}\n${run.stdout}\n${run.stderr}`).toBe(0);
  expect(run.stdout).toMatch(/2 requests, 2 assertions, 0 failed/);
});

test("Export for Postman writes a v2.1 collection that `mockman replay` runs; Import collection reads a Postman export", async ({
  page,
}) => {
  await page.goto("/mockman");
  const submit = page.getByRole("button", { name: "Submit" });
  await expect(submit).toBeEnabled();
  await page.getByLabel("Method").selectOption("POST");
  await page.getByLabel("Endpoint").fill("/api/auth/login");
  await page.getByLabel("JSON body").fill('{"username": "guest", "password": "guest1234"}');
  await submit.click();
  await expect(page.getByTestId("status-line")).toContainText("200 OK");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export for Postman" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mockman-\d{4}-\d{2}-\d{2}\.postman_collection\.json$/);
  await expect(page.getByText(/as a Postman v2\.1 collection/)).toBeVisible();
  const dir = mkdtempSync(join(tmpdir(), "mockman-postman-"));
  const file = join(dir, "postman.json");
  await download.saveAs(file);
  const json = JSON.parse(readFileSync(file, "utf8"));
  expect(json.info.schema).toBe("https://schema.getpostman.com/json/collection/v2.1.0/collection.json");
  expect(json.item[0].request.url.raw).toBe("{{baseUrl}}/api/auth/login");

  const run = mockmanSync("replay", file, "--env-var", "baseUrl=", "--db", join(dir, "db.json"));
  expect(run.status, `replay exited ${run.status}\n${run.stdout}\n${run.stderr}`).toBe(0);

  await page.getByLabel("Collection file to import").setInputFiles(join(ROOT, "cli/examples/moments.postman_collection.json"));
  // Importing makes a saved collection, not history rows.
  await expect(page.getByText("Imported 5 requests from moments.postman_collection.json as the collection Moments API.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Collections" }).getByRole("heading", { name: "Moments API" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "History (1)" })).toBeVisible();
});
