// CONTRACT §5 and §9 limits, shared by the API's checks and the app's forms.
import { z } from "zod";
import { PHOTO_REF } from "./photos";

export const POST_MAX = 210;
export const COMMENT_MAX = 60;
export const NAME_MAX = 12;
export const USERNAME_MAX = 12;
export const BIO_MAX = 250;
export const LINK_MAX = 200;
export const TODO_MAX = 200;
/** An image's description (alt text), as Bluesky allows. */
export const ALT_MAX = 1000;
/** Largest image file the app attaches; as a data URL it is about 4/3 of this. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_URL_MAX = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 100;
/** The images CONTRACT §5 accepts, the one list: each file extension with its MIME subtype. */
const IMAGE_KINDS = {
  apng: "apng",
  avif: "avif",
  gif: "gif",
  jpeg: "jpeg",
  jpg: "jpeg",
  png: "png",
  svg: "svg+xml",
  webp: "webp",
} as const;
export const IMAGE_EXTENSIONS = Object.keys(IMAGE_KINDS) as Array<keyof typeof IMAGE_KINDS>;
const SUBTYPES = [...new Set(Object.values(IMAGE_KINDS))];
/** MIME subtypes after `image/`; `jpg` too, which some systems report for JPEG files. */
export const IMAGE_TYPES: readonly string[] = [...SUBTYPES, "jpg"];
/** The file pickers' `accept`. */
export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS.map((e) => `.${e}`), ...SUBTYPES.map((t) => `image/${t}`)].join(",");
/** "apng, avif, gif, jpeg, jpg, png, svg or webp", for messages. */
export const IMAGE_KIND_LIST = `${IMAGE_EXTENSIONS.slice(0, -1).join(", ")} or ${IMAGE_EXTENSIONS.at(-1)}`;

const DATA_IMAGE = new RegExp(`^data:image/(${IMAGE_TYPES.map((t) => t.replace("+", "\\+")).join("|")});base64,[A-Za-z0-9+/=]+$`);
const SAME_ORIGIN_PATH = /^\/[A-Za-z0-9/_.-]*$/;
const WEB_URL = /^https?:\/\/[^\s"'<>]+$/i;

/**
 * An image reference: empty, a same-origin path, an http(s) URL, a base64 data URL of an
 * accepted type, or a photo reference as answers give them (`/api/photos/...?v=`, mock/photos.ts).
 */
export const imageRef = z
  .string({ invalid_type_error: "must be a string" })
  .max(IMAGE_URL_MAX, `must be an image of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`)
  .refine((v) => v === "" || SAME_ORIGIN_PATH.test(v) || WEB_URL.test(v) || DATA_IMAGE.test(v) || PHOTO_REF.test(v), {
    message: `must be an http(s) URL, a /path, or a data:image URL of type ${IMAGE_TYPES.join(", ")}`,
  });

export const required = (field: string, max: number) =>
  z
    .string({ required_error: `${field} is required`, invalid_type_error: `${field} must be a string` })
    .refine((v) => v.trim().length > 0, `${field} is required`)
    .refine((v) => v.length <= max, `${field} must be at most ${max} characters`);

export const optionalText = (field: string, max: number) =>
  z.string({ invalid_type_error: `${field} must be a string` }).max(max, `${field} must be at most ${max} characters`);

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * Names a profile URL (GET /api/users/:username) could never reach: "." and ".."
 * are dot segments URLs collapse (%2E too), and "bookmark" and "edit" are routes of their own.
 */
export function isReservedUsername(name: string): boolean {
  return /^\.{1,2}$/.test(name) || name === "bookmark" || name === "edit";
}

export const usernameField = required("username", USERNAME_MAX)
  .refine((v) => USERNAME_PATTERN.test(v), "username may hold only letters, digits, '_', '.' and '-'")
  .refine((v) => !isReservedUsername(v), "username is reserved; choose another");

/** Links are shown clickable only when they are http(s). */
export function isWebLink(link: string): boolean {
  return WEB_URL.test(link.trim());
}
