// The questions asked in place, by keyboard: a collection's or folder's Delete and History's Clear all. Focus stayed on
// the Actions button (the next Tab landing on the red Delete) or fell to <body>, and Escape did nothing. Now Keep, the
// safe answer, takes focus; Keep or Escape gives it back to the button that asked; the other answer, on the panel's title.
import { expect, test } from "vitest";
import { userEvent } from "@vitest/browser/context";
import { testerWithCollection } from "./harness";

test("Delete and Clear all ask with focus on Keep; Escape keeps and returns focus; the answer puts focus on the panel's title", async () => {
  const { screen, ui, panel } = await testerWithCollection(
    "Walk",
    [{ name: "Reads", item: [{ name: "List", request: { method: "GET", url: "/api/test-todos" } }] }],
    "walk.postman_collection.json",
  );
  // A row's menu button is ⋯ (named "Actions for …"), not a ▾ beside the folder's own ▾.
  await expect.element(panel.getByRole("button", { name: "Actions for Reads" })).toHaveTextContent(/^⋯$/);
  await expect.element(panel.getByRole("button", { name: "Actions for Walk" })).toHaveTextContent(/^⋯$/);
  const askDelete = async (name: string) => {
    await panel.getByRole("button", { name: `Actions for ${name}` }).click();
    await screen.getByRole("menuitem", { name: "Delete" }).click();
    const group = panel.getByRole("group", { name: `Delete ${name}?` });
    await expect.element(group.getByRole("button", { name: "Keep" })).toHaveFocus();
    return group;
  };

  // The folder: Escape keeps it and focus goes back to its Actions button.
  const folder = await askDelete("Reads");
  await userEvent.keyboard("{Escape}");
  await expect.element(folder).not.toBeInTheDocument();
  await expect.element(panel.getByRole("button", { name: "Actions for Reads" })).toHaveFocus();
  // Deleted: its button is gone, focus goes to the panel's title.
  await (await askDelete("Reads")).getByRole("button", { name: "Delete" }).click();
  await expect.element(panel.getByRole("button", { name: "Actions for Reads" })).not.toBeInTheDocument();
  await expect.element(panel.getByRole("heading", { name: "Collections" })).toHaveFocus();
  // The collection: Keep (clicked) returns focus too.
  await (await askDelete("Walk")).getByRole("button", { name: "Keep" }).click();
  await expect.element(panel.getByRole("button", { name: "Actions for Walk" })).toHaveFocus();

  // History's Clear all.
  await ui.submit.click();
  await expect.element(ui.status).toHaveTextContent("200 OK");
  const history = screen.getByRole("region", { name: /History/ });
  const clearAll = history.getByRole("button", { name: "Clear all" });
  await clearAll.click();
  const ask = history.getByRole("group", { name: "Clear history?" });
  await expect.element(ask.getByRole("button", { name: "Keep" })).toHaveFocus();
  await userEvent.keyboard("{Escape}");
  await expect.element(ask).not.toBeInTheDocument();
  await expect.element(clearAll).toHaveFocus();
  await clearAll.click();
  await ask.getByRole("button", { name: "Clear 1" }).click();
  await expect.element(screen.getByRole("heading", { name: "History (0)" })).toHaveFocus();
});
