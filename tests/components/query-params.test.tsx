// The query parameters table, in step with the endpoint both ways. Was the first test of
// tests/e2e/mockman-params.spec.ts: the request column alone (harness renderWorkspace: RequestWorkspace
// on the page's own useMockman), its Params section and endpoint field. Paging and Next page, which
// send to the mock and count the history, stay there.
import { expect, test } from "vitest";
import { page } from "@vitest/browser/context";
import { renderWorkspace } from "./harness";

test("the Query parameters table and the endpoint stay in step both ways", async () => {
  await page.viewport(1280, 800);
  const screen = await renderWorkspace();
  const endpoint = screen.getByLabelText("Endpoint");
  const params = screen.getByRole("region", { name: "Query parameters" });
  const rows = () => params.getByTestId("param-row").elements();
  await screen.getByRole("tablist", { name: "Request sections" }).getByRole("tab", { name: "Params (0)" }).click();
  await expect.element(params).toBeVisible();
  expect(rows()).toHaveLength(0);

  // Endpoint → table.
  await endpoint.fill("/api/posts?limit=2&q={{term}}");
  await expect.poll(rows).toHaveLength(2);
  await expect.element(params.getByLabelText("Parameter 1 name")).toHaveValue("limit");
  await expect.element(params.getByLabelText("Parameter 1 value")).toHaveValue("2");
  await expect.element(params.getByLabelText("Parameter 2 value")).toHaveValue("{{term}}");
  await expect.element(params.getByRole("heading", { name: "Query parameters (2)" })).toBeVisible();

  // Table → endpoint: edit, disable (kept in the table, gone from the URL), enable, add, remove.
  await params.getByLabelText("Parameter 1 value").fill("3");
  await expect.element(endpoint).toHaveValue("/api/posts?limit=3&q={{term}}");
  await params.getByLabelText("Send parameter 2 (q)").click();
  await expect.element(params.getByLabelText("Send parameter 2 (q)")).not.toBeChecked();
  await expect.element(endpoint).toHaveValue("/api/posts?limit=3");
  expect(rows()).toHaveLength(2);
  await params.getByRole("button", { name: "Add parameter" }).click();
  await params.getByLabelText("Parameter 3 name").fill("sort");
  await params.getByLabelText("Parameter 3 value").fill("new");
  await expect.element(endpoint).toHaveValue("/api/posts?limit=3&sort=new");
  await params.getByLabelText("Send parameter 2 (q)").click();
  await expect.element(params.getByLabelText("Send parameter 2 (q)")).toBeChecked();
  await expect.element(endpoint).toHaveValue("/api/posts?limit=3&q={{term}}&sort=new");
  await params.getByRole("button", { name: "Remove parameter 2 (q)" }).click();
  await expect.element(endpoint).toHaveValue("/api/posts?limit=3&sort=new");
  await params.getByRole("button", { name: "Remove parameter 2 (sort)" }).click();

  // Typing in the endpoint keeps a disabled row.
  await params.getByLabelText("Send parameter 1 (limit)").click();
  await expect.element(params.getByLabelText("Send parameter 1 (limit)")).not.toBeChecked();
  await expect.element(endpoint).toHaveValue("/api/posts");
  await endpoint.fill("/api/posts?x=1");
  await expect.element(params.getByLabelText("Parameter 1 name")).toHaveValue("x");
  await expect.element(params.getByLabelText("Parameter 2 name")).toHaveValue("limit");
  await expect.element(params.getByLabelText("Send parameter 2 (limit)")).not.toBeChecked();
});
