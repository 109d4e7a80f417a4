// The JSON body editor (CodeMirror 6): highlighting, the parse error at its
// line and column, Format, and keyboard use (Tab leaves the editor).
import { expect, test } from "@playwright/test";
import { scaled } from "./fixtures";
import { mockmanUi, openMockman } from "./mockman-helpers";

test("the body editor highlights JSON, places the error, formats, and lets Tab leave", async ({ page }) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.method.selectOption("POST");
  const editor = page.getByTestId("body-editor");
  const help = page.locator("#mm-body-help");

  // Highlighting: property names and strings come out in different colours.
  await ui.body.fill('{"title": "buy milk", "done": false}');
  const colourOf = (text: string) =>
    editor
      .locator(".cm-line span")
      .filter({ hasText: text })
      .first()
      .evaluate((el) => getComputedStyle(el).color);
  const keyColour = await colourOf('"title"');
  const stringColour = await colourOf('"buy milk"');
  expect(keyColour).not.toBe(stringColour);
  await expect(help).toHaveText("Sent as application/json.");

  // An error on line 2: said in words with its line and column, and marked in the text.
  await ui.body.fill('{"title": "buy milk",\n  "done" false}');
  await expect(help).toContainText("Error in JSON format at line 2, column 10");
  await expect(ui.body).toHaveAttribute("aria-invalid", "true");
  await expect(editor.locator(".cm-lintRange-error")).toHaveCount(1, { timeout: scaled(5_000) });
  await expect(page.getByRole("button", { name: "Format" })).toBeDisabled();

  // Format indents valid JSON by two spaces.
  await ui.body.fill('{"title":"buy milk","tags":["a","b"]}');
  await expect(ui.body).toHaveAttribute("aria-invalid", "false");
  await page.getByRole("button", { name: "Format" }).click();
  await expect(editor.locator(".cm-line")).toHaveCount(7);
  await expect(editor.locator(".cm-line").nth(1)).toHaveText('  "title": "buy milk",');
  await expect(page.getByRole("button", { name: "Format" })).toBeDisabled();

  // Typing works as in a text field, and Tab moves on rather than indenting.
  await ui.body.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Backspace");
  // The end of input: the empty line after "]".
  await expect(help).toContainText("Error in JSON format at line 7, column 1");
  await page.keyboard.type("}");
  await expect(help).toHaveText("Sent as application/json.");
  await page.keyboard.press("Tab");
  await expect(ui.body).not.toBeFocused();

  // The formatted body is what is sent.
  await ui.submit.click();
  await expect(ui.status).toContainText("201 Created");
  await expect(ui.response).toContainText("buy milk");
});
