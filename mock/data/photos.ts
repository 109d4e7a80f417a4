// Photos by reference. An uploaded photo (a data URL of up to ~2.8 MB) is stored
// once, as a photo record of its own (`photos`: `{_id, data}`, format version 4),
// which its owner's field names as `photo:<id>` (PHOTO_LINK); so a write of the
// owner (a follow, a bookmark, a post's content edit) does not write the photo
// again. A photo record never changes: a new photo is a new record, and the one it
// replaces is removed in the same change set. Answers quote it as a short URL,
// `/api/photos/<users|posts>/<id>/<field>?v=<fingerprint>`, which GET answers
// with the image's bytes. So a comment, like or follow costs the same whatever
// the photo of the user it quotes, and a feed page is a few kB, not 20 × 2 MB.
// Small data URLs (icons, up to PHOTO_INLINE_MAX) and every other kind of value
// (/paths, http(s) URLs, "") are answered as they are.
//
// The fingerprint is of the photo's content: the same URL always means the same
// bytes, so a client may cache it forever; a new photo gets a new URL. A client
// that sends a reference back (an edit form holding the current photo) means that
// photo: writes resolve it to the photo record it names (resolvePhoto), and keep
// it when it is already the owner's, or copy it when it is another owner's.
import { rasterDanger, svgTextDanger } from "./photo-check";

/** Data URLs up to this many characters stay inline in answers. */
export const PHOTO_INLINE_MAX = 2048;

export const PHOTO_FIELDS = { users: ["userPhoto", "coverPhoto"], posts: ["postPic"] } as const;
export type PhotoOwner = keyof typeof PHOTO_FIELDS;
export type PhotoField = (typeof PHOTO_FIELDS)[PhotoOwner][number];

/** Ids a URL path carries plainly; an owner with another id (imported data) keeps its photo inline. */
const ID = "[A-Za-z0-9_-]{1,100}";
const PLAIN_ID = new RegExp(`^${ID}$`);
/** A reference as answers give it (the fingerprint is optional when a client sends one). */
export const PHOTO_REF = new RegExp(`^/api/photos/(users|posts)/(${ID})/(userPhoto|coverPhoto|postPic)(?:\\?v=[a-z0-9]{1,32})?$`);

export interface PhotoRef {
  owner: PhotoOwner;
  id: string;
  field: PhotoField;
}

export function parsePhotoRef(value: string): PhotoRef | null {
  const m = PHOTO_REF.exec(value);
  if (!m) return null;
  const owner = m[1] as PhotoOwner;
  const field = m[3] as PhotoField;
  if (!(PHOTO_FIELDS[owner] as readonly string[]).includes(field)) return null;
  return { owner, id: m[2], field };
}

/** Whether a photo value is a large data URL: stored as a photo record, quoted by reference. */
export const isReferenced = (value: string) => value.length > PHOTO_INLINE_MAX && value.startsWith("data:");

/** What an owner's field holds in place of a large photo: `photo:<id of its photo record>`. Never in answers. */
export const PHOTO_LINK = "photo:";

/** The photo record id a stored field value names, or undefined when it holds the photo itself (or none). */
export const linkedPhoto = (value: string): string | undefined =>
  value.startsWith(PHOTO_LINK) ? value.slice(PHOTO_LINK.length) : undefined;

type PhotoRecordLike = { _id: string; data: string };
/** Where photo records are looked up (the tables' `photos`). */
export type PhotoLookup = { get(id: string): PhotoRecordLike | undefined };

/**
 * The photo a stored field value means: a link's photo record ("" when no record has
 * that id), else the value itself (a small photo, a /path, a web URL).
 */
function stored(photos: PhotoLookup, value: string): { value: string; record?: PhotoRecordLike } {
  const id = linkedPhoto(value);
  if (id === undefined) return { value };
  const record = photos.get(id);
  return record ? { value: record.data, record } : { value: "" };
}

/** Two 32-bit FNV-1a hashes with different seeds, and the length: 64 bits of content fingerprint (~10 ms for 2.8 MB). */
export function fingerprint(value: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ value.length;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36) + value.length.toString(36);
}

// Each photo record's fingerprint, kept while the record lives: a photo record
// never changes, and every answer that quotes its owner asks again, so a photo is
// hashed once per record load (~10 ms for 2.8 MB). Nothing here keeps a photo alive.
// A photo inline in its owner is small (or an imported oddity) and hashed when asked.
const FINGERPRINTS = new WeakMap<PhotoRecordLike, string>();

/** The fingerprint of a photo as `stored` found it. */
export function fingerprintOf(photo: { value: string; record?: PhotoRecordLike }): string {
  if (!photo.record) return fingerprint(photo.value);
  let print = FINGERPRINTS.get(photo.record);
  if (print === undefined) FINGERPRINTS.set(photo.record, (print = fingerprint(photo.value)));
  return print;
}

/** A record's photo as answers quote it. */
export function photoOut<F extends PhotoField>(
  photos: PhotoLookup,
  owner: PhotoOwner,
  record: { _id: string } & Record<F, string>,
  field: F,
): string {
  const photo = stored(photos, record[field]);
  return isReferenced(photo.value) && PLAIN_ID.test(record._id)
    ? `/api/photos/${owner}/${record._id}/${field}?v=${fingerprintOf(photo)}`
    : photo.value;
}

/**
 * The photo a reference names, or undefined when its owner is gone or holds no such
 * photo: `value` the photo, `record` its photo record (when it has one), `stored` what
 * the owner's field holds (a link to the photo record, or the photo itself).
 */
export function photoOf(
  photos: PhotoLookup,
  lookup: (owner: PhotoOwner, id: string) => object | undefined,
  ref: PhotoRef,
): { value: string; record?: PhotoRecordLike; stored: string } | undefined {
  const field = (lookup(ref.owner, ref.id) as Record<string, unknown> | undefined)?.[ref.field];
  if (typeof field !== "string") return undefined;
  const photo = stored(photos, field);
  return photo.value !== "" ? { ...photo, stored: field } : undefined;
}

/** A data URL's media type and bytes. */
export function decodeDataUrl(value: string): { type: string; bytes: Uint8Array } | null {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=]*)$/i.exec(value);
  if (!m) return null;
  let binary: string;
  try {
    binary = atob(m[2]);
  } catch {
    // Characters of base64 in no order it has ("12X/=+=0"): no image.
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { type: m[1].toLowerCase(), bytes };
}

/**
 * Why a photo's data URL may not be stored, or null when it may (mock/data/photo-check.ts):
 * an SVG must be well-formed XML of inert elements and attributes only; a raster image must
 * start with its format's magic bytes.
 */
export function photoDanger(value: string): string | null {
  const raster = /^data:image\/(png|jpeg|jpg|gif|webp|avif|apng);/i.exec(value);
  if (!raster && !/^data:image\/svg\+xml[;,]/i.test(value)) return null;
  const image = decodeDataUrl(value);
  if (!image) return "it is not a base64 data URL";
  const { bytes } = image;
  if (raster) return rasterDanger(image.type, bytes);
  if (bytes.includes(0) || (bytes[0] === 0x1f && bytes[1] === 0x8b)) return "it is not UTF-8 text (UTF-16 or compressed SVG is not taken)";
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "it is not UTF-8 text";
  }
  return svgTextDanger(text);
}

/** The 422 message for a photo photoDanger refused. */
export const unsafePhotoMessage = (field: string, value: string, reason: string) =>
  /^data:image\/svg\+xml/i.test(value)
    ? `${field}: this SVG image cannot be used because ${reason}. A photo's SVG may hold drawing elements only: no script, event handlers, embedded documents, links, animation or references outside the image. Nothing was changed.`
    : `${field}: this image cannot be used because ${reason}. Nothing was changed.`;
