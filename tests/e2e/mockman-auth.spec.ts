// The Authorization helper: Bearer and Basic fill the header; Use guest token stays.
import { expect, test } from "@playwright/test";
import { mockmanUi, openMockman, section, tool } from "./mockman-helpers";

test("Bearer and Basic fields write the Authorization header, and a Bearer token reaches a protected route", async ({ page }) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  const auth = page.getByRole("group", { name: "Authorization" });

  // A token from a real login, then a protected route with Bearer.
  await ui.method.selectOption("POST");
  await ui.endpoint.fill("/api/auth/login");
  await ui.body.fill('{"username": "guest", "password": "guest1234"}');
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");
  const token = (await ui.response.innerText()).match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)![0];

  await section(page, "Authorization");
  await auth.getByLabel("Auth type").selectOption("Bearer token");
  await auth.getByLabel("Token").fill(token);
  await expect(page.getByLabel("Header 2 name")).toHaveValue("Authorization");
  await expect(page.getByLabel("Header 2 value")).toHaveValue(`Bearer ${token}`);
  await ui.method.selectOption("GET");
  await ui.endpoint.fill("/api/users/bookmark");
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");

  // Basic: base64 of user:password, UTF-8.
  await auth.getByLabel("Auth type").selectOption("Basic auth");
  await auth.getByLabel("Username").fill("guest");
  await auth.getByLabel("Password").fill("pässword");
  await expect(auth.getByLabel("Password")).toHaveAttribute("type", "password");
  await expect(page.getByLabel("Header 2 value")).toHaveValue("Basic Z3Vlc3Q6cMOkc3N3b3Jk");
  await expect(ui.headerRows).toHaveCount(3);

  // None takes the header away again; Use guest token is still there and fills it.
  await auth.getByLabel("Auth type").selectOption("None (headers as they are)");
  await expect(ui.headerRows).toHaveCount(2);
  await tool(page, "Use guest token");
  await expect(page.getByLabel("Header 2 name")).toHaveValue("authorization");
  await expect(page.getByLabel("Header 2 value")).toHaveValue(/^eyJ/);
});
