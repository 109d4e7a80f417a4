// The composer's image checks (CONTRACT §5): accepted types and the 2 MB limit, before
// the file is read, so a bad file is never attached; and the picture's size in pixels,
// sent with it so every card keeps its shape before it loads.
import { IMAGE_ACCEPT, IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_TYPES } from "#mock/core/rules";

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

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

export interface PictureSize {
  width: number;
  height: number;
}

/** A picture's natural size, or null when the browser cannot tell (an SVG without one, a broken file). */
export async function pictureSize(src: string): Promise<PictureSize | null> {
  const img = new Image();
  img.src = src;
  try {
    await img.decode();
  } catch {
    return null;
  }
  const { naturalWidth: width, naturalHeight: height } = img;
  return width > 0 && height > 0 ? { width, height } : null;
}
