// The composer's image checks (CONTRACT §5): accepted types and the 2 MB limit, before
// the file is read, so a bad file is never attached; and the picture's size in pixels,
// sent with it so every card keeps its shape before it loads.
import { IMAGE_ACCEPT, IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_TYPES } from "#mock/core/rules";
import { RASTER_SUBTYPE, claimedRaster, rasterKind } from "#mock/data/photo-check";

export { IMAGE_ACCEPT };

const MB = IMAGE_MAX_BYTES / 1024 / 1024;
export const IMAGE_TYPE_MESSAGE = `Choose an image of type ${IMAGE_EXTENSIONS.join(", ")}.`;
export const IMAGE_SIZE_MESSAGE = `The image is larger than ${MB} MB. Choose one of at most ${MB} MB.`;

/** The reason a file cannot be attached, or null when it can. */
export function imageProblem(file: { name: string; type: string; size: number }): string | null {
  const subtype = file.type.startsWith("image/") ? file.type.slice("image/".length) : "";
  const extension = file.name.includes(".") ? file.name.split(".").pop()!.toLowerCase() : "";
  const typeOk = subtype ? IMAGE_TYPES.includes(subtype) : (IMAGE_EXTENSIONS as string[]).includes(extension);
  if (!typeOk) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}

/**
 * A file's data URL typed by its bytes. The browser types a file by its name, and the API
 * holds a raster photo to the magic bytes of its type (mock/data/photo-check.ts): a JPEG saved
 * as `photo.png` is sent as `image/jpeg`, not refused. Bytes of no known raster format keep
 * their type (the API says what is wrong with them).
 */
export function typedByBytes(dataUrl: string): string {
  const m = /^data:([^;,]*);base64,/.exec(dataUrl);
  if (!m) return dataUrl;
  let head: string;
  try {
    // 48 bytes: every magic number, and an AVIF's ftyp box with its first brands.
    head = atob(dataUrl.slice(m[0].length, m[0].length + 64).replace(/=+$/, ""));
  } catch {
    return dataUrl;
  }
  const kind = rasterKind(Uint8Array.from(head, (c) => c.charCodeAt(0)));
  if (!kind || claimedRaster(m[1]) === kind) return dataUrl;
  return `data:image/${RASTER_SUBTYPE[kind]};base64,${dataUrl.slice(m[0].length)}`;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typedByBytes(String(reader.result)));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

export interface PictureSize {
  width: number;
  height: number;
}

/** The picture decoded, or null when its bytes are no picture the browser can show (text named `photo.png`). */
async function decoded(src: string): Promise<HTMLImageElement | null> {
  const img = new Image();
  img.src = src;
  try {
    await img.decode();
    return img;
  } catch {
    return null;
  }
}

export const brokenImageMessage = (name: string) => `${name} is not a picture this browser can open. ${IMAGE_TYPE_MESSAGE}`;

/** The longest edge a picked picture keeps; a larger one is scaled down before it is stored. */
export const PICTURE_MAX_EDGE = 2048;

/** A raster picture larger than PICTURE_MAX_EDGE, scaled down in its own type where this browser encodes it (else PNG). */
async function scaledDown(img: HTMLImageElement, dataUrl: string): Promise<string> {
  const type = /^data:([^;,]*)/.exec(dataUrl)?.[1] ?? "";
  const scale = PICTURE_MAX_EDGE / Math.max(img.naturalWidth, img.naturalHeight);
  if (scale >= 1 || type === "image/svg+xml") return dataUrl;
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
  canvas.getContext("2d")?.drawImage(img, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, type, 0.9));
  return blob ? readAsDataUrl(blob) : dataUrl;
}

/** The file's data URL (scaled down past PICTURE_MAX_EDGE), or why it cannot be attached: its bytes must decode as a picture. */
export async function readImage(file: File): Promise<{ dataUrl: string } | { problem: string }> {
  const dataUrl = await readAsDataUrl(file);
  const img = await decoded(dataUrl);
  return img ? { dataUrl: await scaledDown(img, dataUrl) } : { problem: brokenImageMessage(file.name) };
}

/** A picture's natural size, or null when the browser cannot tell (an SVG without one, a broken file). */
export async function pictureSize(src: string): Promise<PictureSize | null> {
  const img = await decoded(src);
  if (!img) return null;
  const { naturalWidth: width, naturalHeight: height } = img;
  return width > 0 && height > 0 ? { width, height } : null;
}
