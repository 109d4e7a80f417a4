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

// Use guest token logs in aside (the tab's answer stays its own), so a tab waiting for its answer need not hold it:
// it was disabled while the tab sent. Its token goes to the tab it was asked in, even if another is active by then.
test("Use guest token works while the tab waits for its answer, and fills that tab", { timeout: 60_000 }, async () => {
  const screen = await renderWorkspace();
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  let login!: () => void;
  const loginHeld = new Promise<void>((resolve) => (login = resolve));
  const before = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new Request(input, init).url;
    if (url.includes("/api/hold")) {
      await held;
      return new Response('{"held":true}', { status: 202, statusText: "Accepted", headers: { "content-type": "application/json" } });
    }
    if (url.includes("/api/auth/login")) await loginHeld;
    return before(input, init);
  };
  try {
    const strip = screen.getByRole("tablist", { name: "Open requests" });
    await ui.endpoint.fill("/api/hold");
    await ui.submit.click();
    await expect.element(screen.getByRole("button", { name: "Sending…" })).toBeInTheDocument();
    await ui.tools.click();
    const item = screen.getByRole("menu", { name: "Tools" }).getByRole("menuitem", { name: "Use guest token", exact: true });
    await expect.element(item).not.toHaveAttribute("aria-disabled");
    await item.click();

    // Another tab active when the login answers: the token lands in the tab that asked, not this one.
    await screen.getByRole("button", { name: "New tab" }).click();
    login();
    await expect.element(screen.getByRole("status")).toHaveTextContent(/^Logged in as guest/);
    await expect.poll(ui.headerRows).toHaveLength(2);
    await strip.getByRole("tab", { name: /\/api\/hold/ }).click();
    await expect.element(screen.getByLabelText("Header 2 name")).toHaveValue("authorization");
    await expect.poll(() => (screen.getByLabelText("Header 2 value").element() as HTMLInputElement).value).toMatch(/^eyJ/);
    answer();
    await expect.element(ui.status).toHaveTextContent("202 Accepted");
  } finally {
    window.fetch = before;
  }
});
