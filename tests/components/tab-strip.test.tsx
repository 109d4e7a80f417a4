// Ten open tabs at 1280 and 375 px: the strip hid those past about the fifth with no sign. As Postman's, it now
// shows ‹ and › on a fade where tabs lie hidden, ▾ lists every open tab (mouse and keyboard), and the active tab
// is always in sight: after one is opened at the end, and after the strip narrows.
import { expect, test } from "vitest";
import { userEvent } from "@vitest/browser/context";
import { atWidth, axeInBothThemes, renderTester, workspaceUi } from "./harness";

test("every one of ten tabs can be reached, and the active one is in sight, at 1280 and 375 px", { timeout: 120_000 }, async () => {
  await atWidth(1280);
  const screen = await renderTester();
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  const strip = screen.getByRole("tablist", { name: "Open requests" });
  await ui.endpoint.fill("/api/tab-1");
  for (let n = 2; n <= 10; n++) {
    await screen.getByRole("button", { name: "New tab" }).click();
    await ui.endpoint.fill(`/api/tab-${n}`);
  }
  const list = strip.element() as HTMLElement;
  const tab = (n: number) => strip.getByRole("tab", { name: new RegExp(`/api/tab-${n}\\b`) });
  /** Whole inside the strip and not under its ‹ or ›. */
  const inSight = (n: number) => {
    const [box, at] = [list.getBoundingClientRect(), tab(n).element().getBoundingClientRect()];
    const cover = (name: string) => document.querySelector(`[aria-label="${name}"]`)?.getBoundingClientRect().width ?? 0;
    return at.left >= box.left + cover("Scroll tabs left") - 1 && at.right <= box.right - cover("Scroll tabs right") + 1;
  };
  await expect.poll(() => list.scrollWidth > list.clientWidth, { message: "ten tabs overflow at 1280 px" }).toBe(true);

  // The one just opened, at the end, shows; ‹ says tabs lie before it, and takes the strip back.
  await expect.poll(() => inSight(10)).toBe(true);
  const back = screen.getByRole("button", { name: "Scroll tabs left" });
  await expect.element(back).toBeVisible();
  await expect.element(screen.getByRole("button", { name: "Scroll tabs right" })).not.toBeInTheDocument();
  await back.click();
  await expect.element(screen.getByRole("button", { name: "Scroll tabs right" })).toBeVisible();

  // ▾ lists all ten, by mouse; the one chosen becomes active and shows.
  const all = screen.getByRole("button", { name: "All open tabs (10)" });
  await all.click();
  const menu = screen.getByRole("menu", { name: "Open tabs" });
  expect(menu.getByRole("menuitem").elements()).toHaveLength(10);
  await menu.getByRole("menuitem", { name: /\/api\/tab-1\b/ }).click();
  await expect.element(tab(1)).toHaveAttribute("aria-selected", "true");
  await expect.element(tab(1)).toHaveFocus();
  await expect.poll(() => inSight(1)).toBe(true);

  // By keyboard: ↑ on ▾ opens the list on its last tab, Enter chooses it.
  (all.element() as HTMLElement).focus();
  await userEvent.keyboard("{ArrowUp}");
  await expect.element(menu.getByRole("menuitem", { name: /\/api\/tab-10\b/ })).toHaveFocus();
  await userEvent.keyboard("{ArrowUp}{Enter}");
  await expect.element(tab(9)).toHaveAttribute("aria-selected", "true");
  await expect.poll(() => inSight(9)).toBe(true);

  // Narrowed to a phone's width, the active tab is still in sight.
  await tab(5).click();
  await atWidth(375);
  await expect.poll(() => inSight(5)).toBe(true);
  await expect.element(screen.getByRole("button", { name: "Scroll tabs right" })).toBeVisible();
  await expect.element(screen.getByRole("button", { name: "Scroll tabs left" })).toBeVisible();
  await axeInBothThemes();
});
