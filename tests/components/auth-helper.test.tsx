// The Authorization helper: Bearer and Basic fill the header; Use guest token stays. Was
// tests/e2e/mockman-auth.spec.ts: the request column alone (harness renderWorkspace: RequestWorkspace
// on the page's own useMockman), the login, the protected route and Use guest token answered by the
// page's mock in this frame.
import { expect, test } from "vitest";
import { page } from "@vitest/browser/context";
import { renderWorkspace, workspaceUi } from "./harness";

test("Bearer and Basic fields write the Authorization header, and a Bearer token reaches a protected route", async () => {
  await page.viewport(1280, 800);
  const screen = await renderWorkspace();
  const ui = workspaceUi(screen);
  const auth = screen.getByRole("group", { name: "Authorization" });

  // A token from a real login, then a protected route with Bearer.
  await ui.method.selectOptions("POST");
  await ui.endpoint.fill("/api/auth/login");
  await ui.body.fill('{"username": "guest", "password": "guest1234"}');
  await ui.submit.click();
  await expect.element(ui.status).toHaveTextContent("200 OK");
  await expect.element(ui.response).toHaveTextContent(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  const token = (ui.response.element() as HTMLElement).innerText.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)![0];

  await screen.getByRole("tablist", { name: "Request sections" }).getByRole("tab", { name: "Authorization" }).click();
  await auth.getByLabelText("Auth type").selectOptions("Bearer token");
  // No token yet: no header (it wrote "Authorization: Bearer " at once), as in Postman.
  await expect.element(screen.getByLabelText("Header 2 name")).toHaveValue("");
  await auth.getByLabelText("Token").fill(token);
  await expect.element(screen.getByLabelText("Header 2 name")).toHaveValue("Authorization");
  await expect.element(screen.getByLabelText("Header 2 value")).toHaveValue(`Bearer ${token}`);
  await ui.method.selectOptions("GET");
  await ui.endpoint.fill("/api/users/bookmark");
  await ui.submit.click();
  // The bookmarks' own answer, not the login's still showing (its body carries encodedToken).
  await expect.element(ui.response).not.toHaveTextContent("encodedToken");
  await expect.element(ui.status).toHaveTextContent("200 OK");

  // Basic: base64 of user:password, UTF-8.
  await auth.getByLabelText("Auth type").selectOptions("Basic auth");
  await auth.getByLabelText("Username").fill("guest");
  await auth.getByLabelText("Password").fill("pässword");
  await expect.element(auth.getByLabelText("Password")).toHaveAttribute("type", "password");
  await expect.element(screen.getByLabelText("Header 2 value")).toHaveValue("Basic Z3Vlc3Q6cMOkc3N3b3Jk");
  await expect.poll(ui.headerRows).toHaveLength(3);

  // None takes the header away again; Use guest token is still there and fills it.
  await auth.getByLabelText("Auth type").selectOptions("None (headers as they are)");
  await expect.poll(ui.headerRows).toHaveLength(2);
  await screen.getByRole("button", { name: "Tools" }).click();
  await screen.getByRole("menu", { name: "Tools" }).getByRole("menuitem", { name: "Use guest token", exact: true }).click();
  await expect.element(screen.getByLabelText("Header 2 name")).toHaveValue("authorization");
  await expect.poll(() => (screen.getByLabelText("Header 2 value").element() as HTMLInputElement).value).toMatch(/^eyJ/);
});
