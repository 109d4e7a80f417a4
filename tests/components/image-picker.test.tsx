// A text file named fake.png was taken at pick time: the composer showed a broken preview some 20 px high
// with its Remove × clipped, and only Post failed, with a toast of raw bytes. The picked file's bytes are
// decoded at once and a file that is no picture is refused there, in words, under the picker; a preview
// that cannot load says so in a box that keeps Remove whole.
import "#app/styles/app.css";
import { render } from "vitest-browser-react";
import { expect, test, vi } from "vitest";
import { ImagePicker } from "#app/components/ImagePicker";

// tests/fixtures/images.ts's 1×1 PNG (that module needs Node's Buffer).
const PNG_URL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const file = (name: string, type: string, bytes: BlobPart) => new File([bytes], name, { type });

/** As the file chooser leaves it (the locator's upload did not carry a PNG's bytes whole). */
function pick(picked: File) {
  const input = document.querySelector<HTMLInputElement>(".image-picker__input")!;
  const chosen = new DataTransfer();
  chosen.items.add(picked);
  input.files = chosen.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

test("a file named .png whose bytes are no picture is refused when picked, in words", async () => {
  const onChange = vi.fn();
  const screen = render(<ImagePicker image="" onChange={onChange} />);
  pick(file("fake.png", "image/png", "hello\n"));
  await expect
    .element(screen.getByRole("alert"))
    .toHaveTextContent("fake.png is not a picture this browser can open. Choose an image of type");
  expect(onChange).not.toHaveBeenCalled();

  const png = Uint8Array.from(atob(PNG_URL.split(",")[1]), (c) => c.charCodeAt(0));
  pick(file("dot.png", "image/png", png));
  await expect.poll(() => onChange.mock.calls.length).toBe(1);
  expect(onChange.mock.calls[0][0]).toMatch(/^data:image\/png;base64,/);
  screen.unmount();
});

test("a preview that cannot load says so, and Remove stays whole inside it", async () => {
  const screen = render(<ImagePicker image="data:image/png;base64,aGVsbG8K" onChange={() => {}} />);
  await expect.element(screen.getByText("This picture cannot be shown.")).toBeVisible();
  const box = document.querySelector(".image-picker__preview")!.getBoundingClientRect();
  const remove = screen.getByRole("button", { name: "Remove image" }).element().getBoundingClientRect();
  expect(remove.height).toBeGreaterThanOrEqual(32);
  expect(remove.bottom).toBeLessThanOrEqual(box.bottom);
  expect(remove.top).toBeGreaterThanOrEqual(box.top);
  screen.unmount();
});

// A 12000×9000 picture was kept at full size: a data URL of every pixel in the post and in each tab's memory.
// A picture larger than 2048 px on its long edge is scaled down when picked, in its own type.
test.each([
  ["image/png", 6000, 4500, 2048, 1536],
  ["image/jpeg", 3000, 6000, 1024, 2048],
])("a picked %s of %i×%i is stored at %i×%i", async (type, width, height, scaledWidth, scaledHeight) => {
  const canvas = Object.assign(document.createElement("canvas"), { width, height });
  const context = canvas.getContext("2d")!;
  context.fillStyle = "#1d9bf0";
  context.fillRect(0, 0, width, height);
  const bytes = await new Promise<Blob>((done) => canvas.toBlob((blob) => done(blob!), type));
  const onChange = vi.fn();
  const screen = render(<ImagePicker image="" onChange={onChange} />);
  pick(new File([bytes], "big", { type }));
  await expect.poll(() => onChange.mock.calls.length, { timeout: 20_000 }).toBe(1);
  const dataUrl = onChange.mock.calls[0][0] as string;
  expect(dataUrl.startsWith(`data:${type};base64,`)).toBe(true);
  const img = new Image();
  img.src = dataUrl;
  await img.decode();
  expect([img.naturalWidth, img.naturalHeight]).toEqual([scaledWidth, scaledHeight]);
  screen.unmount();
});
