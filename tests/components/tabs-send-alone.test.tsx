// Each request tab sends on its own, as in Postman: while one waits for a slow answer, another tab's Submit
// sends at once and shows its own answer; the waiting tab alone is marked as sending, and its answer lands in
// it whichever tab is active by then.
import { expect, test } from "vitest";
import { renderWorkspace, workspaceUi } from "./harness";

test("a tab waiting for its answer holds only its own Submit: another tab sends and answers meanwhile", { timeout: 60_000 }, async () => {
  const screen = await renderWorkspace();
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  // /api/hold answers when the test says so; everything else goes to the page's mock as before.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  const before = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new Request(input, init).url.includes("/api/hold")) {
      await held;
      return new Response('{"held":true}', { status: 202, statusText: "Accepted", headers: { "content-type": "application/json" } });
    }
    return before(input, init);
  };
  try {
    const strip = screen.getByRole("tablist", { name: "Open requests" });
    await ui.endpoint.fill("/api/hold");
    await ui.submit.click();
    const first = strip.getByRole("tab", { name: /\/api\/hold.*\(sending\)/ });
    await expect.element(first).toBeInTheDocument();
    await expect.element(screen.getByRole("button", { name: "Sending…" })).toBeInTheDocument();

    // A new tab: its Submit is free, and its answer comes while the first still waits.
    await screen.getByRole("button", { name: "New tab" }).click();
    await expect.element(strip.getByRole("tab", { selected: true })).not.toHaveTextContent(/hold/);
    await ui.endpoint.fill("/api/users");
    await expect.element(ui.submit).toBeEnabled();
    await expect.element(ui.response).toHaveAttribute("aria-busy", "false");
    await ui.submit.click();
    await expect.element(ui.status).toHaveTextContent("200 OK");
    expect(strip.getByRole("tab", { selected: true }).element().textContent).not.toMatch(/sending/);
    await expect.element(first).toBeInTheDocument();

    // The first tab's answer lands in it, with the second tab active; opened, it shows it.
    answer();
    await expect.element(strip.getByRole("tab", { name: /\/api\/hold.*\(sending\)/ })).not.toBeInTheDocument();
    await expect.element(ui.status).toHaveTextContent("200 OK");
    await strip.getByRole("tab", { name: /\/api\/hold/ }).click();
    await expect.element(ui.status).toHaveTextContent("202 Accepted");
  } finally {
    window.fetch = before;
  }
});
