// The axe helpers every screen's audit goes through (helpers.ts) report what axe finds: each rule
// broken, each node breaking it, by both ways they run axe (AxeBuilder first, then the copy left in
// the page), with the options they pass (only violations written out in full). Without this, an
// option that quietly dropped findings would leave every audit green.
import { expect, test } from "./fixtures";
import { axeViolations, seriousViolations, seriousViolationsInPage } from "./helpers";

const BROKEN = `<!doctype html><html lang="en"><head><title>broken</title></head><body><main>
  <h1>Audit</h1>
  <p style="color:#bbb;background:#fff">first pale line</p>
  <p style="color:#bbb;background:#fff">second pale line</p>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">
  <button></button>
</main></body></html>`;

test("the axe helpers report every serious rule broken and every node breaking it", async ({ page }) => {
  await page.setContent(BROKEN);
  const wanted = [
    expect.stringMatching(/^button-name \(critical\): .*\(button\)$/),
    expect.stringMatching(/^color-contrast \(serious\): .*\(p:nth-child\(2\), p:nth-child\(3\)\)$/),
    expect.stringMatching(/^image-alt \(critical\): .*\(img\)$/),
  ];
  // AxeBuilder injects axe-core; the second look reuses the copy it left in the page.
  expect((await seriousViolationsInPage(page)).sort()).toEqual(wanted);
  expect(await page.evaluate(() => "axe" in window)).toBe(true);
  expect((await seriousViolationsInPage(page)).sort()).toEqual(wanted);
  expect((await seriousViolations(page)).sort()).toEqual(wanted);
  // Without impacts named, every violation: the serious ones among them.
  expect(await axeViolations(page)).toEqual(expect.arrayContaining(wanted));
});
