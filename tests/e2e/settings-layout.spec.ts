// Settings, as it reads, at 375 and 1280 px, light and dark: every line of a card starts at the card
// title's edge, and the cards' explaining lines are one size. Found by looking at the screen: the
// Theme legend sat 2 px right of the titles (the browser's own padding of a <legend>); 'Require alt
// text' showed a checkbox 9 px in from that edge (a native checkbox drawn in the middle of the 40 px it
// was given), though it is a switch (role="switch") and looked like none; and 'Your data''s lede was
// 15 px beside the 14 px of every other explaining line of the page.
import { expect, test, type Locator, type Page } from "./fixtures";
import { keepShot } from "./helpers";
import { loginAsGuest, watchErrors } from "./screen-helpers";

/** Where a text's letters begin (its box may span the row). */
const textLeft = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect().x;
  });

/** Where a control is drawn, in page pixels: the first column, from its box's left, whose pixels differ from the card behind it. */
async function inkLeft(page: Page, control: Locator) {
  const box = (await control.boundingBox())!;
  const clip = { x: Math.floor(box.x) - 4, y: Math.floor(box.y), width: Math.ceil(box.width) + 8, height: Math.ceil(box.height) };
  const png = (await page.screenshot({ clip })).toString("base64");
  const column = await page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [image.width, image.height];
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data: px, width, height } = context.getImageData(0, 0, image.width, image.height);
    const at = (x: number, y: number) => px.slice((y * width + x) * 4, (y * width + x) * 4 + 3);
    const [br, bg, bb] = at(0, 0);
    for (let x = 0; x < width; x++)
      for (let y = 0; y < height; y++) {
        const [r, g, b] = at(x, y);
        if (Math.abs(r - br) + Math.abs(g - bg) + Math.abs(b - bb) > 40) return x;
      }
    return -1;
  }, png);
  expect(column, "the control is drawn").toBeGreaterThanOrEqual(0);
  return clip.x + column;
}

for (const width of [1280, 375]) {
  for (const scheme of ["light", "dark"] as const) {
    test(`Settings at ${width} px, ${scheme}: every card's lines start at its title, its explaining lines one size, Require alt text a switch`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await loginAsGuest(page);
      await page.goto("/settings");
      const appearance = page.getByRole("region", { name: "Appearance" });
      const posting = page.getByRole("region", { name: "Posting" });
      const data = page.getByRole("region", { name: "Your data" });
      await expect(data).toBeVisible();
      const edge = await textLeft(appearance.getByRole("heading", { name: "Appearance" }));
      // Every card's title starts at the same edge, and the Theme legend with them.
      expect(await textLeft(posting.getByRole("heading", { name: "Posting" }))).toBeCloseTo(edge, 0);
      expect(await textLeft(data.getByRole("heading", { name: "Your data" }))).toBeCloseTo(edge, 0);
      expect(await textLeft(appearance.locator("legend"))).toBeCloseTo(edge, 0);

      // The switch is drawn from that edge, as a track (wider than tall), and its thumb moves when it is on.
      const toggle = posting.getByRole("switch", { name: /Require alt text/ });
      expect(await inkLeft(page, toggle)).toBeLessThanOrEqual(edge + 1);
      await keepShot(page, `settings-${width}-${scheme}.png`);
      const off = await toggle.screenshot();
      await toggle.check();
      await expect(toggle).toBeChecked();
      expect((await toggle.screenshot()).equals(off), "on looks different from off").toBe(false);
      await toggle.uncheck();

      // The lines that explain (the lede, the theme's hint, the switch's, the tools') are one size.
      const size = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).fontSize);
      const hint = await size(appearance.getByText("System follows your device's light or dark setting."));
      expect(await size(posting.getByText(/Refuse to post an image without a description/))).toBe(hint);
      expect(await size(data.getByText(/Moments runs on a mock API inside this browser/))).toBe(hint);
      expect(await size(data.getByText(/Download every user, post and comment/))).toBe(hint);
      expect(errors).toEqual([]);
    });
  }
}
