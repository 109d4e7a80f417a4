// Response tools: copy and save the body (extension from the content-type), raw and pretty views,
// and the ?limit= hint for a list that came back whole. Was tests/e2e/mockman-response.spec.ts: the
// response panel alone, the answer read by the page's own sendRequest from the page's mock in this
// frame (its seeded /api/users), what Copy hands the clipboard API and what Save's download link holds
// read where the page hands them over; the hint on the request column (harness renderWorkspace: the
// URL bar, Submit and the response on the page's own useMockman), the page's mock answering in the frame.
import { expect, test, vi } from "vitest";
import { render } from "vitest-browser-react";
import { ResponsePanel } from "#app/mockman/components/ResponsePanel";
import { answer, get, pageMock, renderPanel, renderWorkspace, workspaceUi } from "./harness";

test("Copy body, Save body with the right extension, and Raw / Pretty", async () => {
  // What the page hands the clipboard, read back as text.
  const copied: string[] = [];
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation(async (text) => void copied.push(text));
  // What Save body's link downloads: its file name and the blob it points to, read before the page frees it.
  const saved: Array<{ name: string; text: Promise<string> }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: fetch(this.href).then((r) => r.text()) });
  });

  await pageMock();
  const screen = renderPanel(await get("/api/users"), "/api/users");
  const response = screen.getByRole("region", { name: "Response" });
  const tools = screen.getByRole("group", { name: "Response tools" });
  await expect.element(screen.getByTestId("status-line")).toHaveTextContent("200 OK");

  await tools.getByRole("button", { name: "Copy body" }).click();
  await expect.element(tools.getByText("Copied the body.")).toBeVisible();
  expect(copied).toHaveLength(1);
  expect(JSON.parse(copied[0]).users).toHaveLength(4);
  expect(copied[0]).toContain('\n  "users": [');

  // Raw: the text as it came (compact JSON), not the tree.
  const text = () => response.element().querySelector("pre.mm-text");
  await tools.getByRole("button", { name: "Raw" }).click();
  await expect.element(tools.getByRole("button", { name: "Raw" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => text()?.textContent).toContain('{"users":[{');
  await tools.getByRole("button", { name: "Copy body" }).click();
  await expect.poll(() => copied).toHaveLength(2);
  expect(copied[1]).toMatch(/^\{"users":\[\{/);
  await tools.getByRole("button", { name: "Pretty" }).click();
  await expect.poll(text).toBeNull();

  await tools.getByRole("button", { name: "Save body" }).click();
  await expect.poll(() => saved).toHaveLength(1);
  expect(saved[0].name).toBe("get-api-users-200.json");
  expect(JSON.parse(await saved[0].text).users).toHaveLength(4);
  screen.unmount();

  // An HTML answer (the static server's, as sirv types it) saves as .html.
  const page = renderPanel(await answer("<!doctype html><title>Mockman</title>", "text/html;charset=utf-8"), "/mockman");
  await expect.element(page.getByTestId("status-line")).toHaveTextContent("200 OK");
  await page.getByRole("group", { name: "Response tools" }).getByRole("button", { name: "Save body" }).click();
  await expect.poll(() => saved).toHaveLength(2);
  expect(saved[1].name).toBe("get-mockman-200.html");
});

test("a list route called without paging that answers a long list suggests ?limit=", async () => {
  const screen = await renderWorkspace();
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  // The hint knows a paged route by the mock's OpenAPI description (the endpoint's suggestions), built on first use: a hang detector, not a measure.
  await expect.poll(() => document.querySelectorAll("#mm-routes option").length).toBeGreaterThan(0);
  // 15 more posts than the 6 seeded: 21, one more than a default page.
  const login = await fetch("/api/auth/login", { method: "POST", body: JSON.stringify({ username: "guest", password: "guest1234" }) });
  const { encodedToken } = (await login.json()) as { encodedToken: string };
  for (let i = 0; i < 15; i++) {
    await fetch("/api/posts", {
      method: "POST",
      headers: { authorization: encodedToken },
      body: JSON.stringify({ postData: { content: `post ${i}` } }),
    });
  }
  await ui.endpoint.fill("/api/posts");
  await ui.submit.click();
  await expect.element(ui.status).toHaveTextContent("200 OK");
  await expect.element(ui.response.getByText("This list came back whole (21 items)")).toBeVisible();
  await ui.response.getByRole("button", { name: "Add ?limit=" }).click();
  await expect.element(ui.endpoint).toHaveValue("/api/posts?limit=20");
  await ui.submit.click();
  await expect.element(screen.getByRole("button", { name: "Next page" })).toBeVisible();
  await expect.element(ui.response.getByText(/This list came back whole/)).not.toBeInTheDocument();
});

test("sent again, the last answer stays in place, dimmed, with Sending… by the title, until the new one comes", async () => {
  const outcome = await answer('{"a":1}');
  const panel = (sending: boolean) => (
    <div className="mm-page">
      <main className="mm-main">
        <ResponsePanel outcome={outcome} sending={sending} request={{ method: "GET", endpoint: "/answer" }} />
      </main>
    </div>
  );
  const screen = render(panel(false));
  const shown = () => screen.container.querySelector<HTMLElement>(".mm-response-body")!;
  const sendingLine = () => screen.container.querySelector<HTMLElement>(".mm-resending");
  expect(getComputedStyle(shown()).opacity).toBe("1");
  expect(sendingLine()).toBeNull();

  screen.rerender(panel(true));
  // Only past 150 ms, so a quick answer does not flicker: the dimming and the line wait that long.
  expect(getComputedStyle(shown()).transitionDelay).toBe("0.15s");
  expect(getComputedStyle(sendingLine()!).animationDelay).toBe("0.15s");
  await expect.poll(() => getComputedStyle(shown()).opacity).toBe("0.45");
  await expect.poll(() => getComputedStyle(sendingLine()!).visibility).toBe("visible");
  expect(sendingLine()!.textContent).toBe("Sending…");
  // The last answer is still there to read, and the region says it is busy.
  await expect.element(screen.getByTestId("status-line")).toHaveTextContent("200 OK");
  await expect.element(screen.getByRole("region", { name: "Response" })).toHaveAttribute("aria-busy", "true");

  screen.rerender(panel(false));
  expect(sendingLine()).toBeNull();
  expect(getComputedStyle(shown()).opacity).toBe("1");
});
