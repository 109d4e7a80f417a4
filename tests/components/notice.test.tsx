// The page's status bar (fixed at the foot of the screen): its user can dismiss a notice, which on a phone
// otherwise covered up to three lines of the page until the next one; the text never runs under the button.
import { expect, test } from "vitest";
import { atWidth, axeInBothThemes, renderTester, tool, WIDTHS } from "./harness";

for (const width of WIDTHS) {
  test(`at ${width} px a notice can be dismissed, and its text stays clear of the Dismiss button`, { timeout: 120_000 }, async () => {
    await atWidth(width);
    const screen = await renderTester();
    const notice = screen.getByRole("status").first();
    await expect.element(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
    await expect.element(screen.getByRole("button", { name: "Dismiss the notice" })).not.toBeInTheDocument();

    // A long notice: Paste cURL listing the flags it ignored.
    await tool(screen, "Paste cURL");
    const dialog = screen.getByRole("dialog", { name: "Paste a cURL command" });
    // Its label shows the flags it reads as they are typed (an uppercase title made -d "-D", -b "-B").
    const label = dialog.element().querySelector<HTMLElement>('label[for="mm-curl-text"]')!;
    expect(label.innerText).toContain("-X, -H, -d/--data-raw/--data-urlencode, --json, -b, -u, -G and the URL");
    await screen
      .getByLabelText(/^cURL command/)
      .fill(`curl '${location.origin}/api/posts' --compressed -k -s -S -L --retry 3 --connect-timeout 5 --http1.1 -v`);
    await dialog.getByRole("button", { name: "Fill the form" }).click();
    await expect.element(notice).toHaveTextContent(/^Filled the form from the cURL command\. Ignored/);

    const dismiss = screen.getByRole("button", { name: "Dismiss the notice" });
    await expect.element(dismiss).toBeVisible();
    const bar = notice.element() as HTMLElement;
    const text = document.createRange();
    text.selectNodeContents(bar);
    const button = dismiss.element().getBoundingClientRect();
    for (const line of text.getClientRects())
      expect(line.right, "each line of the notice ends left of Dismiss").toBeLessThanOrEqual(button.left);
    expect(button.right).toBeLessThanOrEqual(window.innerWidth);
    expect(button.top).toBeGreaterThanOrEqual(bar.getBoundingClientRect().top);
    await axeInBothThemes();

    await dismiss.click();
    await expect.element(notice).toHaveTextContent(/^$/);
    await expect.element(dismiss).not.toBeInTheDocument();
    // Empty, the bar takes nothing: no background, no clicks.
    expect(getComputedStyle(bar).pointerEvents).toBe("none");
  });
}

test("the same notice said twice is written anew, so a screen reader hears it again", { timeout: 120_000 }, async () => {
  const screen = await renderTester();
  const bar = screen.getByRole("status").first().element() as HTMLElement;
  await expect.element(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
  const pasteSame = async () => {
    await tool(screen, "Paste cURL");
    await screen.getByLabelText(/^cURL command/).fill(`curl '${location.origin}/api/posts'`);
    await screen.getByRole("dialog", { name: "Paste a cURL command" }).getByRole("button", { name: "Fill the form" }).click();
  };
  await pasteSame();
  await expect.element(screen.getByRole("status").first()).toHaveTextContent("Filled the form from the cURL command.");
  // A live region announces what is added to it: an unchanged text node is not news.
  const added: Node[] = [];
  const watch = new MutationObserver((records) => records.forEach((r) => added.push(...r.addedNodes)));
  watch.observe(bar, { childList: true, subtree: true, characterData: true });
  await pasteSame();
  await expect.poll(() => added.length, { message: "the second notice was added to the live region" }).toBeGreaterThan(0);
  watch.disconnect();
  expect(bar.textContent).toBe("Filled the form from the cURL command.");
});
