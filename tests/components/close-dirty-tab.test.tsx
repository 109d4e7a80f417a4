// Closing a tab with unsaved changes asks, as Postman does: Save, Don't save or Cancel (Escape too). It threw the
// changes away without a word; a clean tab still closes in one click.
import { expect, test } from "vitest";
import { userEvent } from "@vitest/browser/context";
import { testerWithCollection } from "./harness";

/** The tester with the collection One, whose request First is GET /api/test-todos?n=1; the close question about First. */
async function withFirst() {
  const { screen, ui, panel } = await testerWithCollection(
    "One",
    [{ name: "First", request: { method: "GET", url: "/api/test-todos?n=1" } }],
    "one.postman_collection.json",
  );
  const strip = screen.getByRole("tablist", { name: "Open requests" });
  return { screen, ui, panel, strip, dialog: screen.getByRole("dialog", { name: "Save changes to First?" }) };
}

test(
  "a changed tab asks before it closes: Cancel and Escape keep it, Don't save drops it, Save writes it",
  { timeout: 120_000 },
  async () => {
    const { screen, ui, panel, strip, dialog } = await withFirst();
    const first = strip.getByRole("tab", { name: /^GET First/ });
    const openChanged = async () => {
      await panel.getByRole("button", { name: "GET First", exact: true }).click();
      await ui.endpoint.fill("/api/test-todos?n=1&changed=1");
      await expect.element(screen.getByTestId("saved-as")).toHaveTextContent("Unsaved changes");
    };

    // Its ×: the question, Cancel (the safe answer) focused; Escape keeps the tab, its changes and its focus.
    await openChanged();
    (first.element() as HTMLElement).focus();
    (first.element().querySelector('[data-testid="tab-close"]') as HTMLElement).click();
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(first).toHaveFocus();
    await expect.element(ui.endpoint).toHaveValue("/api/test-todos?n=1&changed=1");

    // Delete on the focused tab asks too; Cancel keeps it.
    await userEvent.keyboard("{Delete}");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.element(first).toBeInTheDocument();

    // Don't save: gone, unsaved; the tab now active has the focus.
    await userEvent.keyboard("{Delete}");
    await dialog.getByRole("button", { name: "Don't save" }).click();
    await expect.element(first).not.toBeInTheDocument();
    await expect.poll(() => document.activeElement?.getAttribute("aria-selected")).toBe("true");
    await panel.getByRole("button", { name: "GET First", exact: true }).click();
    await expect.element(ui.endpoint).toHaveValue("/api/test-todos?n=1");

    // Save: written, then closed.
    await ui.endpoint.fill("/api/test-todos?n=1&changed=1");
    await screen.getByRole("button", { name: "Close tab GET First" }).click();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect.element(screen.getByRole("status")).toHaveTextContent("Saved First.");
    await expect.element(first).not.toBeInTheDocument();
    await panel.getByRole("button", { name: "GET First", exact: true }).click();
    await expect.element(ui.endpoint).toHaveValue("/api/test-todos?n=1&changed=1");

    // A clean tab closes at once.
    await screen.getByRole("button", { name: "Close tab GET First" }).click();
    await expect.element(first).not.toBeInTheDocument();
    await expect.element(dialog).not.toBeInTheDocument();
  },
);

// Postman asks for any edited tab: a new one with a URL typed closed without a word (only tabs of a saved request
// counted); a blank one still closes at once. And it asks where the tab is: an inactive tab's × selected it first.
test(
  "a new tab once typed in asks too, a blank one does not; an inactive tab asks without being selected, by name",
  { timeout: 120_000 },
  async () => {
    const { screen, ui, panel, strip, dialog } = await withFirst();
    const closeX = (name: RegExp) =>
      (strip.getByRole("tab", { name }).element().querySelector('[data-testid="tab-close"]') as HTMLElement).click();
    const newTab = screen.getByRole("button", { name: "New tab" });

    // Blank: gone at once.
    await newTab.click();
    await expect.poll(() => strip.getByRole("tab").elements().length).toBe(2);
    await screen.getByRole("button", { name: /^Close tab/ }).click();
    await expect.poll(() => strip.getByRole("tab").elements().length).toBe(1);
    await expect.element(screen.getByRole("dialog")).not.toBeInTheDocument();

    // Typed in: asks, named by its request; Don't save drops it.
    await newTab.click();
    await ui.endpoint.fill("/api/typed");
    await screen.getByRole("button", { name: /^Close tab/ }).click();
    const typed = screen.getByRole("dialog", { name: "Save changes to GET /api/typed?" });
    await expect.element(typed).toBeVisible();
    await typed.getByRole("button", { name: "Don't save" }).click();
    await expect.element(strip.getByRole("tab", { name: /\/api\/typed/ })).not.toBeInTheDocument();

    // Typed in, Save: Save as asks where; cancelled, the tab stays; saved, it closes, as Postman closes it.
    await newTab.click();
    await ui.endpoint.fill("/api/kept");
    const kept = strip.getByRole("tab", { name: /\/api\/kept/ });
    const saveAs = screen.getByRole("dialog", { name: "Save request" });
    for (const answer of ["Cancel", "Save"]) {
      closeX(/\/api\/kept/);
      await screen
        .getByRole("dialog", { name: "Save changes to GET /api/kept?" })
        .getByRole("button", { name: "Save", exact: true })
        .click();
      await expect.element(saveAs).toBeVisible();
      await saveAs.getByRole("button", { name: answer, exact: true }).click();
      await expect.element(saveAs).not.toBeInTheDocument();
    }
    await expect.element(screen.getByRole("status")).toHaveTextContent("Saved GET /api/kept.");
    await expect.element(kept).not.toBeInTheDocument();
    await expect.element(panel.getByRole("button", { name: "GET GET /api/kept", exact: true })).toBeVisible();

    // A changed saved request in a tab behind the active one: its × asks over the active tab, which stays.
    await panel.getByRole("button", { name: "GET First", exact: true }).click();
    await ui.endpoint.fill("/api/test-todos?n=1&changed=1");
    await newTab.click();
    await ui.endpoint.fill("/api/other");
    const active = strip.getByRole("tab", { selected: true });
    await expect.element(active).toHaveAccessibleName(/\/api\/other/);
    closeX(/^GET First/);
    await expect.element(dialog).toBeVisible();
    await expect.element(active).toHaveAccessibleName(/\/api\/other/);
    await expect.element(ui.endpoint).toHaveValue("/api/other");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.element(active).toHaveAccessibleName(/\/api\/other/);

    // Save writes that tab's request, not the active one's, and closes it; the active tab stays as it was.
    closeX(/^GET First/);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect.element(screen.getByRole("status")).toHaveTextContent("Saved First.");
    await expect.element(strip.getByRole("tab", { name: /^GET First/ })).not.toBeInTheDocument();
    await expect.element(ui.endpoint).toHaveValue("/api/other");
    await panel.getByRole("button", { name: "GET First", exact: true }).click();
    await expect.element(ui.endpoint).toHaveValue("/api/test-todos?n=1&changed=1");
  },
);
