// Response tools: copy and save the body (extension from the content-type),
// raw and pretty views, and the ?limit= hint for a list that came back whole.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { mockmanUi, openMockman } from "./mockman-helpers";

test("Copy body, Save body with the right extension, and Raw / Pretty", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openMockman(page);
  const ui = mockmanUi(page);
  const tools = page.getByRole("group", { name: "Response tools" });
  await ui.endpoint.fill("/api/users");
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");

  await tools.getByRole("button", { name: "Copy body" }).click();
  await expect(tools.getByText("Copied the body.")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied).users).toHaveLength(4);
  expect(copied).toContain('\n  "users": [');

  // Raw: the text as it came (compact JSON), not the tree.
  await tools.getByRole("button", { name: "Raw" }).click();
  await expect(tools.getByRole("button", { name: "Raw" })).toHaveAttribute("aria-pressed", "true");
  await expect(ui.response.locator("pre.mm-text")).toContainText('{"users":[{');
  await tools.getByRole("button", { name: "Copy body" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\{"users":\[\{/);
  await tools.getByRole("button", { name: "Pretty" }).click();
  await expect(ui.response.locator("pre.mm-text")).toHaveCount(0);

  const downloading = page.waitForEvent("download");
  await tools.getByRole("button", { name: "Save body" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("get-api-users-200.json");
  expect(JSON.parse(readFileSync(await download.path(), "utf8")).users).toHaveLength(4);

  // An HTML answer (the static server) saves as .html.
  await ui.endpoint.fill("/mockman");
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");
  const html = page.waitForEvent("download");
  await tools.getByRole("button", { name: "Save body" }).click();
  expect((await html).suggestedFilename()).toBe("get-mockman-200.html");
});

test("a list route called without paging that answers a long list suggests ?limit=", async ({ page }) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  // 15 more posts than the 6 seeded: 21, one more than a default page.
  await page.evaluate(async () => {
    const login = await fetch("/api/auth/login", { method: "POST", body: JSON.stringify({ username: "guest", password: "guest1234" }) });
    const { encodedToken } = await login.json();
    for (let i = 0; i < 15; i++) {
      await fetch("/api/posts", {
        method: "POST",
        headers: { authorization: encodedToken },
        body: JSON.stringify({ postData: { content: `post ${i}` } }),
      });
    }
  });
  await ui.endpoint.fill("/api/posts");
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");
  await expect(ui.response.getByText("This list came back whole (21 items)")).toBeVisible();
  await ui.response.getByRole("button", { name: "Add ?limit=" }).click();
  await expect(ui.endpoint).toHaveValue("/api/posts?limit=20");
  await ui.submit.click();
  await expect(page.getByRole("button", { name: "Next page" })).toBeVisible();
  await expect(ui.response.getByText(/This list came back whole/)).toBeHidden();
});
