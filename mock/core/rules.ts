// CONTRACT §5 and §9 limits, shared by the API's checks and the app's forms.
import { z } from "zod";
import { PHOTO_REF } from "../data/photos";

export const POST_MAX = 210;
export const COMMENT_MAX = 60;
export const NAME_MAX = 12;
export const USERNAME_MAX = 12;
export const BIO_MAX = 250;
export const LINK_MAX = 200;
export const TODO_MAX = 200;
/** Notifications a user keeps: a new one past this drops their oldest. */
export const NOTIFICATIONS_MAX = 200;
/** An image's description (alt text), as Bluesky allows. */
export const ALT_MAX = 1000;
/** A picture's width or height in pixels, as given with it (postPicSize). */
export const PICTURE_SIDE_MAX = 100_000;
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

/**
 * Base64 as `atob` reads it: groups of four, the last group of 2 or 3 with its `=`
 * padding or without. "12X/=+=0" is no base64: refused as input (400), never left
 * for the decoder to throw on.
 */
const BASE64 = "(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)";
const DATA_IMAGE = new RegExp(`^data:image/(${IMAGE_TYPES.map((t) => t.replace("+", "\\+")).join("|")});base64,${BASE64}$`);
const SAME_ORIGIN_PATH = /^\/[A-Za-z0-9/_.-]*$/;
// Case-insensitive scheme, spelled out: the pattern goes into the OpenAPI description as it is, where flags cannot.
const WEB_URL = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s"'<>]+$/;

/**
 * An image reference: empty, a same-origin path, an http(s) URL, a base64 data URL of an
 * accepted type, or a photo reference as answers give them (`/api/photos/...?v=`, mock/data/photos.ts).
 */
const IMAGE_REF = new RegExp(
  ["^$", SAME_ORIGIN_PATH, WEB_URL, DATA_IMAGE, PHOTO_REF].map((r) => (typeof r === "string" ? r : r.source)).join("|"),
);

export const imageRef = z
  .string({ invalid_type_error: "must be a string" })
  .max(IMAGE_URL_MAX, `must be an image of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`)
  .regex(IMAGE_REF, `must be an http(s) URL, a /path, or a data:image URL of type ${IMAGE_TYPES.join(", ")}`);

/**
 * How many characters a text holds, counted as JSON Schema's maxLength counts them
 * (and as people do): code points, so an emoji is one, not the two UTF-16 units
 * `.length` counts.
 */
export function charCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * At most `max` characters (charCount). zod's own `.max` counts UTF-16 units, which
 * would refuse a 12-emoji name the OpenAPI description's maxLength allows; so the
 * check is a refinement, and the limit reaches the description as maxLength through
 * the metadata zod-to-openapi reads (`_def.openapi`, what its `.openapi()` sets; set
 * here by hand so the code every request runs does not load the generator).
 */
function atMost<T extends z.ZodString>(schema: T, max: number, message: string) {
  // On the string itself: the generator looks through refinements, `.optional()` and `.default()` to it.
  (schema._def as { openapi?: unknown }).openapi = { metadata: { maxLength: max } };
  return schema.refine((text) => charCount(text) <= max, message);
}

/**
 * A text that must say something (not only spaces), of at most `max` characters.
 * The limits reach the OpenAPI description as minLength, maxLength and pattern:
 * the schema and the check cannot drift.
 */
export const required = (field: string, max: number) =>
  atMost(
    z
      .string({ required_error: `${field} is required`, invalid_type_error: `${field} must be a string` })
      .min(1, `${field} is required`)
      .regex(/\S/, `${field} is required`),
    max,
    `${field} must be at most ${max} characters`,
  );

export const optionalText = (field: string, max: number) =>
  atMost(z.string({ invalid_type_error: `${field} must be a string` }), max, `${field} must be at most ${max} characters`);

/** A picture's width or height: a whole number of pixels, 1 to PICTURE_SIDE_MAX. */
const pictureSide = (field: string) =>
  z
    .number({ required_error: `${field} is required`, invalid_type_error: `${field} must be a number` })
    .int(`${field} must be a whole number of pixels`)
    .min(1, `${field} must be at least 1`)
    .max(PICTURE_SIDE_MAX, `${field} must be at most ${PICTURE_SIDE_MAX}`);

/** A picture's size in pixels (postPicSize), both sides. */
export const pictureSizeField = z.object(
  { width: pictureSide("width"), height: pictureSide("height") },
  { invalid_type_error: "postPicSize must be an object {width, height}" },
);

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * Names a profile URL (GET /api/users/:username) could never reach: "." and ".."
 * are dot segments URLs collapse (%2E too), and "bookmark" and "edit" are routes of their own.
 */
export function isReservedUsername(name: string): boolean {
  return /^\.{1,2}$/.test(name) || name === "bookmark" || name === "edit";
}

/** USERNAME_PATTERN without the reserved names: what the OpenAPI description gives as the username's pattern. */
export const USERNAME_FIELD_PATTERN = /^(?!(?:\.{1,2}|bookmark|edit)$)[A-Za-z0-9_.-]+$/;

export const usernameField = z
  .string({
    // One pattern says both rules (so the OpenAPI description can); the message says which one failed.
    errorMap: (issue, ctx) => ({
      message:
        issue.code === "invalid_type"
          ? ctx.data === undefined
            ? "username is required"
            : "username must be a string"
          : issue.code === "invalid_string" && typeof ctx.data === "string" && isReservedUsername(ctx.data)
            ? "username is reserved; choose another"
            : issue.code === "invalid_string"
              ? "username may hold only letters, digits, '_', '.' and '-'"
              : ctx.defaultError,
    }),
  })
  .min(1, "username is required")
  .max(USERNAME_MAX, `username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_FIELD_PATTERN);

const INVISIBLE_RANGE = "\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff";
/**
 * Characters that change how text around them reads without being seen: direction overrides
 * and isolates (U+202A-U+202E, U+2066-U+2069, U+200E/F, U+061C), zero-width characters and the
 * soft hyphen. In a link they make `https://\u202Eevil.example` read as another address.
 */
export const INVISIBLE_CHARACTERS = new RegExp(`[${INVISIBLE_RANGE}]`);
/** `https://paypal.com@evil.example`: what reads as the host is a user name. */
const USER_INFO = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]*@/;
/**
 * `javascript:alert(1)`, `mailto:me@example.org`, `data:…`: a scheme other than http(s), which
 * no profile link may have (issue 34). A host's port (`example.org:8080/me`) is no scheme.
 */
const OTHER_SCHEME = "\\s*(?![Hh][Tt][Tt][Pp][Ss]?:)[A-Za-z][A-Za-z0-9+.-]*:(?!\\d+(?:[/?#]|$))";
const OTHER_SCHEME_START = new RegExp(`^${OTHER_SCHEME}`);
/** Every rule of a profile link in one pattern, so the OpenAPI description can give it. */
export const LINK_FIELD_PATTERN = new RegExp(`^(?!${USER_INFO.source.slice(1)})(?!${OTHER_SCHEME})[^${INVISIBLE_RANGE}]*$`);
export const LINK_SCHEME_MESSAGE = "link must be a web address (https://…): javascript:, mailto: and other schemes are refused";

/** Why a profile link may not be stored, or null. Plain text that is no URL is still a link's text (the spec's rule). */
export function linkProblem(link: string): string | null {
  if (INVISIBLE_CHARACTERS.test(link)) return "link may not hold invisible or direction-changing characters";
  if (USER_INFO.test(link.trim())) return "link may not hold a user name or password before the host (user@host)";
  if (OTHER_SCHEME_START.test(link)) return LINK_SCHEME_MESSAGE;
  return null;
}

/** A web address written without its scheme: a host with a dot, then perhaps a port and a path. */
const BARE_HOST =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,63}(?::\d{1,5})?(?:[/?#][^\s"'<>]*)?$/;

/**
 * A profile link as it is kept: trimmed, and `example.org/me` as `https://example.org/me`, so
 * it shows as a link. Anything else (an http(s) URL, or text that is no address) stays as written,
 * and so does an address that the scheme would take past LINK_MAX: what is kept passes the rule it came in by.
 */
export function normalLink(link: string): string {
  const trimmed = link.trim();
  return BARE_HOST.test(trimmed) && trimmed.length + "https://".length <= LINK_MAX ? `https://${trimmed}` : trimmed;
}

export const linkField = atMost(
  z
    .string({
      errorMap: (issue, ctx) => ({
        message:
          issue.code === "invalid_type"
            ? "link must be a string"
            : issue.code === "invalid_string" && typeof ctx.data === "string"
              ? (linkProblem(ctx.data) ?? ctx.defaultError)
              : ctx.defaultError,
      }),
    })
    .regex(LINK_FIELD_PATTERN),
  LINK_MAX,
  `link must be at most ${LINK_MAX} characters`,
);

/**
 * What a web link shows: its host as the URL parser gives it (punycode for a name in other
 * scripts, so a look-alike host reads as what it is) and the rest of it; null when it should
 * not be shown as a link at all (no http(s), a user@ part, characters that hide).
 */
export function shownLink(link: string): { href: string; text: string } | null {
  const trimmed = link.trim();
  if (!WEB_URL.test(trimmed) || INVISIBLE_CHARACTERS.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const rest = `${url.pathname}${url.search}${url.hash}`.replace(/^\/$/, "");
  // The link goes where it was written; one written in other scripts goes to its punycode form (the same place).
  // eslint-disable-next-line no-control-regex -- ASCII is the range being tested
  const href = /^[\x00-\x7f]*$/.test(trimmed) ? trimmed : url.href;
  return { href, text: `${url.host}${rest}` };
}

/** Links are shown clickable only when they are http(s). */
export function isWebLink(link: string): boolean {
  return WEB_URL.test(link.trim());
}
