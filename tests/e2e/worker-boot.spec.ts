// The mock in its worker at a size (issue 23's functional checks; figures live in
// `npm run bench:browser`): an import of 2,500 posts made by the shipped `mockman`
// reports progress that moves, the page keeps answering while it runs, and a
// reload shows the feed again, first from the answers kept ready, then from the
// booted mock (a like after the reload lands).
import { expect, test, type Page, scaled } from "./fixtures";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mockman } from "./cli-helpers";
import { expectToast, feed, loginAsGuest } from "./screen-helpers";

let dir: string;
let exported: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "moments-worker-boot-"));
  const db = join(dir, "db.json");
  await mockman("seed", "--db", db, "--users", "50", "--posts", "2500", "--seed", "5");
  exported = join(dir, "export.json");
  await mockman("export", exported, "--db", db);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Records every value the import's progress bar and status line take, from now on. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Import progress"]');
      if (bar) seen.push(`${bar.getAttribute("value") ?? "?"} ${bar.parentElement?.textContent ?? ""}`);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

test("an import of 2,500 posts shows its progress, and a reload shows the feed from the worker", async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await loginAsGuest(page);
  await page.goto("/settings");
  await watchProgress(page);
  await page.getByLabel("Import a file…").setInputFiles(exported);
  const confirm = page.getByRole("dialog", { name: "Import this file?" });
  await expect(confirm).toContainText(/\d+ users and 25\d\d posts/, { timeout: scaled(60_000) });
  await confirm.getByRole("button", { name: "Import" }).click();
  await expectToast(page, /^Imported \d+ users and 25\d\d posts\.$/, { timeout: scaled(60_000) });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  // The bar moved: it showed a determinate value below 1, named its stage, and more than one value.
  const values = new Set(seen.map((s) => s.split(" ")[0]).filter((v) => v !== "?"));
  expect(values.size, seen.join("\n")).toBeGreaterThan(1);
  expect(
    seen.some((s) => /Saving: \d+%/.test(s)),
    seen.join("\n"),
  ).toBe(true);

  await page.goto("/home");
  await expect(feed(page).getByRole("article").first()).toBeVisible();
  await expect(feed(page)).toHaveAttribute("aria-label", "Home feed");
  const total = await feed(page).getByRole("article").first().getAttribute("aria-setsize");
  expect(Number(total)).toBeGreaterThanOrEqual(2500);

  // A reload: the feed shows again, and once the mock has booted a like lands.
  const first = await feed(page).getByRole("article").first().textContent();
  await page.reload();
  await expect(feed(page).getByRole("article").first()).toBeVisible();
  expect(await feed(page).getByRole("article").first().textContent()).toBe(first);
  await page.waitForFunction(() => window.__moments);
  const like = feed(page).getByRole("article").first().getByRole("button", { name: "Like" });
  const was = await like.getAttribute("aria-pressed");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", was === "true" ? "false" : "true");
  await page.reload();
  await expect(feed(page).getByRole("article").first().getByRole("button", { name: "Like" })).toHaveAttribute(
    "aria-pressed",
    was === "true" ? "false" : "true",
  );
});
