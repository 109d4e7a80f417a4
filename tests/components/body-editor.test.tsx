// The JSON body editor (CodeMirror 6, loaded on first use): highlighting, the parse error at its line
// and column, Format, keyboard use (Tab leaves the editor), and the formatted body is what is sent.
// Was tests/e2e/mockman-editor.spec.ts: the request column alone (harness renderWorkspace:
// RequestWorkspace on the page's own useMockman), its Submit answered by the page's mock in this frame.
import { expect, test } from "vitest";
import { page, userEvent } from "@vitest/browser/context";
import { renderWorkspace } from "./harness";

test("the body editor highlights JSON, places the error, formats, and lets Tab leave", async () => {
  await page.viewport(1280, 800);
  const screen = await renderWorkspace();
  const body = screen.getByLabelText("JSON body");
  const format = screen.getByRole("button", { name: "Format" });
  await screen.getByLabelText("Method").selectOptions("POST");
  const editor = screen.getByTestId("body-editor");
  const help = () => document.getElementById("mm-body-help")!.textContent;
  const cmLines = () => [...editor.element().querySelectorAll(".cm-line")];

  // Highlighting: property names and strings come out in different colours.
  await body.fill('{"title": "buy milk", "done": false}');
  const spanWith = (text: string) => [...editor.element().querySelectorAll(".cm-line span")].find((el) => el.textContent?.includes(text));
  await expect.poll(() => spanWith('"title"') && spanWith('"buy milk"')).toBeTruthy();
  const keyColour = getComputedStyle(spanWith('"title"')!).color;
  const stringColour = getComputedStyle(spanWith('"buy milk"')!).color;
  expect(keyColour).not.toBe(stringColour);
  await expect.poll(help).toBe("Sent as application/json.");

  // An error on line 2: said in words with its line and column, and marked in the text.
  await body.fill('{"title": "buy milk",\n  "done" false}');
  await expect.poll(help).toContain("Error in JSON format at line 2, column 10");
  await expect.element(body).toHaveAttribute("aria-invalid", "true");
  // The linter waits 300 ms after the last change: a hang detector, not a measure.
  await expect.poll(() => editor.element().querySelectorAll(".cm-lintRange-error").length).toBe(1);
  await expect.element(format).toBeDisabled();

  // Format indents valid JSON by two spaces.
  await body.fill('{"title":"buy milk","tags":["a","b"]}');
  await expect.element(body).toHaveAttribute("aria-invalid", "false");
  await format.click();
  await expect.poll(cmLines).toHaveLength(7);
  expect(cmLines()[1].textContent).toBe('  "title": "buy milk",');
  await expect.element(format).toBeDisabled();

  // Typing works as in a text field, and Tab moves on rather than indenting.
  await body.click();
  await userEvent.keyboard("{Control>}{End}{/Control}");
  await userEvent.keyboard("{Backspace}");
  // The end of input: the empty line after "]".
  await expect.poll(help).toContain("Error in JSON format at line 7, column 1");
  await userEvent.keyboard("}");
  await expect.poll(help).toBe("Sent as application/json.");
  await userEvent.keyboard("{Tab}");
  await expect.element(body).not.toHaveFocus();

  // The formatted body is what is sent.
  await screen.getByRole("button", { name: "Submit" }).click();
  await expect.element(screen.getByTestId("status-line")).toHaveTextContent("201 Created");
  await expect.element(screen.getByRole("region", { name: "Response" })).toHaveTextContent("buy milk");
});
