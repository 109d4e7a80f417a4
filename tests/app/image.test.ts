// CONTRACT §5: the composer's image types and the 2 MB limit, checked before a file is read.
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "#mock/core/rules";
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE, imageProblem, typedByBytes } from "#app/lib/image";
import { TINY, TINY_URL } from "../fixtures/images";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("imageProblem", () => {
  it.each([
    ["a.apng", "image/apng"],
    ["a.avif", "image/avif"],
    ["a.gif", "image/gif"],
    ["a.jpeg", "image/jpeg"],
    ["a.jpg", "image/jpeg"],
    ["a.png", "image/png"],
    ["a.svg", "image/svg+xml"],
    ["a.webp", "image/webp"],
  ])("accepts %s (%s)", (name, type) => {
    expect(imageProblem(file(name, type))).toBeNull();
  });

  it.each([
    ["notes.txt", "text/plain"],
    ["doc.pdf", "application/pdf"],
    ["photo.bmp", "image/bmp"],
    ["photo.tiff", "image/tiff"],
  ])("refuses %s with a clear message", (name, type) => {
    expect(imageProblem(file(name, type))).toBe(IMAGE_TYPE_MESSAGE);
  });

  it("judges by extension when the browser gives no type", () => {
    expect(imageProblem(file("a.webp", ""))).toBeNull();
    expect(imageProblem(file("a.exe", ""))).toBe(IMAGE_TYPE_MESSAGE);
  });

  it("allows exactly 2 MB and refuses one byte more", () => {
    expect(IMAGE_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(imageProblem(file("a.png", "image/png", IMAGE_MAX_BYTES))).toBeNull();
    expect(imageProblem(file("a.png", "image/png", IMAGE_MAX_BYTES + 1))).toBe(IMAGE_SIZE_MESSAGE);
    expect(IMAGE_SIZE_MESSAGE).toContain("2 MB");
  });
});

describe("typedByBytes", () => {
  it("types a picked file's data URL by its magic bytes, as the API holds it (a JPEG named .png goes as image/jpeg)", () => {
    expect(typedByBytes(`data:image/png;base64,${TINY.jpeg}`)).toBe(TINY_URL.jpeg);
    expect(typedByBytes(`data:application/octet-stream;base64,${TINY.webp}`)).toBe(TINY_URL.webp);
    expect(typedByBytes(`data:image/jpeg;base64,${TINY.avif}`)).toBe(TINY_URL.avif);
    // A claim the bytes already meet stays as it is (APNG is a PNG, jpg a JPEG).
    for (const url of [...Object.values(TINY_URL), `data:image/apng;base64,${TINY.png}`, `data:image/jpg;base64,${TINY.jpeg}`])
      expect(typedByBytes(url)).toBe(url);
    // Bytes of no raster format keep their type: the API says what is wrong with them.
    for (const url of [
      "data:image/png;base64,PGh0bWw+",
      "data:image/svg+xml;base64,PHN2Zy8+",
      "data:image/png;base64,",
      "data:image/png;base64,iVBORw0KG",
    ])
      expect(typedByBytes(url)).toBe(url);
  });
});
