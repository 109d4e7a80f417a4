// A tab's Test results are kept with its answer (lib/tabs.ts saveAnswer): a reload shows them again, a new Send
// replaces them, and closing the tab drops them with its answer. They lived only in the page's memory, so a
// reload showed the answer without them. The tester mounted anew over the same localStorage is the reload.
import { expect, test } from "vitest";
import { render } from "vitest-browser-react";
import { MockmanLayout } from "#app/mockman/components/MockmanPage";
import { PAGE_KEY_PREFIX } from "#app/mockman/lib/page-keys";
import { renderTester, workspaceUi } from "./harness";

type Screen = Awaited<ReturnType<typeof renderTester>>;

const resultsTab = (screen: Screen) =>
  screen.getByRole("tablist", { name: "Response sections" }).getByRole("tab", { name: /^Test results/ });
const stored = () => Object.keys(localStorage).filter((key) => key.startsWith(`${PAGE_KEY_PREFIX}tab-answer.`));
const storedText = () => stored().map((key) => localStorage.getItem(key) ?? "");

async function writeTests(screen: Screen, text: string) {
  await screen
    .getByRole("tablist", { name: "Request sections" })
    .getByRole("tab", { name: /^Scripts/ })
    .click();
  await screen.getByRole("textbox", { name: "Tests", exact: true }).fill(text);
}

test(
  "a tab's Test results come back after a reload with its answer; a new Send replaces them; closing the tab drops them",
  { timeout: 120_000 },
  async () => {
    let screen = await renderTester();
    let ui = workspaceUi(screen);
    await expect.element(ui.submit).toBeEnabled();
    await writeTests(screen, "pm.test('answers 200', () => pm.response.to.have.status(200));");
    await ui.submit.click();
    await expect.element(resultsTab(screen), { timeout: 60_000 }).toHaveTextContent("Test results (1/1)");

    screen.unmount();
    screen = render(<MockmanLayout />);
    ui = workspaceUi(screen);
    await expect.element(ui.status).toHaveTextContent("200 OK");
    await expect.element(resultsTab(screen)).toHaveTextContent("Test results (1/1)");
    await resultsTab(screen).click();
    await expect.element(screen.getByTestId("test-results").getByRole("listitem")).toHaveTextContent("Passed answers 200");

    // A Send without tests leaves none to show, in the page or in storage.
    await writeTests(screen, "");
    await ui.submit.click();
    await expect.element(resultsTab(screen)).not.toBeInTheDocument();
    await expect.poll(storedText).toEqual([expect.not.stringContaining("answers 200")]);

    await writeTests(screen, "pm.test('answers 201', () => pm.response.to.have.status(201));");
    await ui.submit.click();
    await expect.element(resultsTab(screen), { timeout: 60_000 }).toHaveTextContent("Test results (0/1)");
    await expect.poll(storedText).toEqual([expect.stringContaining("answers 201")]);
    await screen.getByRole("button", { name: /^Close tab / }).click();
    await screen
      .getByRole("dialog", { name: /^Save changes to / })
      .getByRole("button", { name: "Don't save" })
      .click();
    await expect.element(resultsTab(screen)).not.toBeInTheDocument();
    await expect.poll(stored).toEqual([]);
  },
);
