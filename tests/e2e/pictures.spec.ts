// Pictures keep their shape (issue 34): a portrait post picture shows whole at its
// own aspect ratio on the card and on the post page (its size is measured at upload
// and sent with it, so the box is kept before it loads), and any photo (a post's
// picture, a profile's avatar and cover) opens a full-size viewer that works from
// the keyboard and closes by Escape, its button or a click outside, giving focus
// back. At 1280 and 375 px; the page never forbids pinch-zoom.
import { deflateSync } from "node:zlib";
import { expect, expectToast, test, type Locator, type Page } from "./fixtures";
import { feed, loginAsGuest, seriousViolationsInPage, watchErrors } from "./screen-helpers";
import { keepShot } from "./helpers";

/** A real PNG of the given size (the mock checks a photo's magic bytes): a grey gradient, row by row. */
function png(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) rows.fill(Math.round((y / height) * 255), y * (width + 1) + 1, (y + 1) * (width + 1));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

// A phone screenshot's shape (750 × 1624), a tenth of its size.
const PORTRAIT = { width: 75, height: 162 };
const RATIO = PORTRAIT.width / PORTRAIT.height;
const TEXT = "A tall screenshot";
const DESCRIPTION = "A phone screen, grey from top to bottom";

const composer = (page: Page) => page.getByRole("region", { name: "Create a post" });

async function postPortrait(page: Page) {
  await composer(page)
    .getByLabel("Add an image")
    .setInputFiles({ name: "tall.png", mimeType: "image/png", buffer: png(PORTRAIT.width, PORTRAIT.height) });
  await expect(composer(page).getByRole("img", { name: "Preview of the image to post" })).toBeVisible();
  await composer(page).getByRole("textbox", { name: "What's happening?" }).fill(TEXT);
  await composer(page).getByLabel("Image description (alt text, optional)").fill(DESCRIPTION);
  // The size is measured before it is sent (the hidden fields appear once it is known).
  await expect(composer(page).locator('input[name="postPicSize.height"]')).toHaveValue(String(PORTRAIT.height));
  await composer(page).getByRole("button", { name: "Post" }).click();
  await expectToast(page, "Post created successfully");
}

/** The rendered box's width ÷ height, and whether its picture has loaded. */
const shape = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => {
    const r = el.getBoundingClientRect();
    return {
      ratio: r.width / r.height,
      width: r.width,
      height: r.height,
      natural: el.naturalWidth / el.naturalHeight,
      fit: getComputedStyle(el).objectFit,
    };
  });

async function expectWhole(img: Locator, maxHeight: number) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const s = await shape(img);
  // The box has the file's shape (so nothing is cropped or stretched), within a pixel's rounding.
  expect(Math.abs(s.ratio - RATIO) / RATIO).toBeLessThan(0.02);
  expect(Math.abs(s.natural - RATIO) / RATIO).toBeLessThan(0.02);
  expect(s.fit).not.toBe("cover");
  expect(s.height).toBeLessThanOrEqual(maxHeight + 1);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    });

    test("a portrait picture shows whole on the card and the post page, its box kept before it loads", async ({ page }) => {
      const errors = watchErrors(page);
      // A seeded picture's file is held back until the card's box has been measured.
      let release = () => {};
      const held = new Promise<void>((done) => (release = done));
      await page.route("**/seed/post-dusk.svg", async (route) => {
        await held;
        await route.continue();
      });
      await loginAsGuest(page);
      await postPortrait(page);
      const card = feed(page).getByRole("article").filter({ hasText: TEXT }).first();
      const img = card.getByRole("img", { name: DESCRIPTION });
      // The size the API keeps comes back on the card: the box is reserved from it before the picture loads.
      await expect(img).toHaveAttribute("width", String(PORTRAIT.width));
      await expect(img).toHaveAttribute("height", String(PORTRAIT.height));
      await expectWhole(img, 420);
      const box = await card.locator(".post-image__view").boundingBox();
      expect(Math.abs(box!.width / box!.height - RATIO) / RATIO).toBeLessThan(0.02);
      await keepShot(page, `card-${width}.png`);
      // A seeded picture (an SVG with a viewBox and no size of its own) comes with its size too
      // (postPicSize), so its box has its shape before the file comes, and it shows whole.
      const seededCard = feed(page).getByRole("article").filter({ hasText: "Ten years since my first company" });
      const seeded = seededCard.getByRole("img", { name: "Picture posted by Marco" });
      await expect(seeded).toHaveAttribute("width", "640");
      await expect(seeded).toHaveAttribute("height", "360");
      expect(await seeded.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(0);
      const before = (await seededCard.locator(".post-image__view").boundingBox())!;
      expect(Math.abs(before.width / before.height - 640 / 360) / (640 / 360)).toBeLessThan(0.02);
      release();
      await expect(seeded).toBeVisible();
      await expect.poll(() => seeded.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      // Loading it changed nothing of the box's size: nothing below it moved.
      const after = (await seededCard.locator(".post-image__view").boundingBox())!;
      expect([after.width, after.height]).toEqual([before.width, before.height]);
      const s = await shape(seeded);
      expect(s.width).toBeGreaterThan(100);
      expect(Math.abs(s.ratio - s.natural) / s.natural).toBeLessThan(0.02);

      await card.getByRole("link", { name: /^(now|\d+[smhd]), / }).click();
      await expect(page.getByRole("heading", { name: "Post by Guest" })).toBeAttached();
      await expectWhole(page.getByRole("article").getByRole("img", { name: DESCRIPTION }), 640);
      expect(errors).toEqual([]);
    });

    test("the viewer from the keyboard: the whole picture and its description; Escape, Close and a click outside close it, focus comes back", async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await loginAsGuest(page);
      await postPortrait(page);
      const card = feed(page).getByRole("article").filter({ hasText: TEXT }).first();
      const opener = card.getByRole("button", { name: DESCRIPTION });
      await expect(opener).toHaveAttribute("aria-haspopup", "dialog");
      await opener.focus();
      await page.keyboard.press("Enter");
      const viewer = page.getByRole("dialog", { name: "Picture posted by Guest" });
      await expect(viewer).toBeVisible();
      await expect(viewer.getByText(DESCRIPTION)).toBeVisible();
      const big = viewer.getByRole("img", { name: DESCRIPTION });
      await expectWhole(big, page.viewportSize()!.height);
      // Whole on the screen, and larger than on the card.
      const b = (await big.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(width);
      expect(b.y + b.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      await expect(viewer.getByRole("button", { name: "Close" })).toBeFocused();
      await keepShot(page, `viewer-${width}.png`);
      expect(await seriousViolationsInPage(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);
      await expect(opener).toBeFocused();

      await page.keyboard.press("Enter");
      await expect(viewer).toBeVisible();
      await page.keyboard.press("Enter"); // the focused Close button
      await expect(viewer).toHaveCount(0);
      await expect(opener).toBeFocused();

      await opener.click();
      await expect(viewer).toBeVisible();
      await page.mouse.click(2, 2); // the backdrop, outside the panel
      await expect(viewer).toHaveCount(0);
      await expect(opener).toBeFocused();
      expect(errors).toEqual([]);
    });

    test("a profile's avatar and cover open the viewer; pinch-zoom is allowed", async ({ page }) => {
      const errors = watchErrors(page);
      await loginAsGuest(page);
      await page.goto("/profile/adasterling");
      const avatar = page.getByRole("button", { name: "View the avatar of Ada" });
      await avatar.click();
      const viewer = page.getByRole("dialog", { name: "Avatar of Ada" });
      await expect(viewer.getByRole("img")).toBeVisible();
      await keepShot(page, `avatar-viewer-${width}.png`);
      await page.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);
      await expect(avatar).toBeFocused();
      const cover = page.getByRole("button", { name: "View the cover photo of Ada" });
      await cover.click();
      await expect(page.getByRole("dialog", { name: "Cover photo of Ada" }).getByRole("img")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(cover).toBeFocused();
      const viewport = await page.locator('meta[name="viewport"]').getAttribute("content");
      expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\b/);
      expect(errors).toEqual([]);
    });
  });
}
