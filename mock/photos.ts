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

/** Data URLs up to this many characters stay inline in answers. */
export const PHOTO_INLINE_MAX = 2048;

export const PHOTO_FIELDS = { users: ["userPhoto", "coverPhoto"], posts: ["postPic"] } as const;
export type PhotoOwner = keyof typeof PHOTO_FIELDS;
export type PhotoField = (typeof PHOTO_FIELDS)[PhotoOwner][number];

/** A reference as answers give it (the fingerprint is optional when a client sends one). */
const ID = /^[A-Za-z0-9_-]{1,100}$/;
export const PHOTO_REF = /^\/api\/photos\/(users|posts)\/([A-Za-z0-9_-]{1,100})\/(userPhoto|coverPhoto|postPic)(?:\?v=([a-z0-9]{1,32}))?$/;

export interface PhotoRef {
  owner: PhotoOwner;
  id: string;
  field: PhotoField;
  version: string | undefined;
}

export function parsePhotoRef(value: string): PhotoRef | null {
  const m = PHOTO_REF.exec(value);
  if (!m) return null;
  const owner = m[1] as PhotoOwner;
  const field = m[3] as PhotoField;
  if (!(PHOTO_FIELDS[owner] as readonly string[]).includes(field)) return null;
  return { owner, id: m[2], field, version: m[4] };
}

/** Whether a photo value is a large data URL: stored as a photo record, quoted by reference. */
export const isReferenced = (value: string) => value.length > PHOTO_INLINE_MAX && value.startsWith("data:");

/** What an owner's field holds in place of a large photo: `photo:<id of its photo record>`. Never in answers. */
export const PHOTO_LINK = "photo:";

/** The photo record id a stored field value names, or undefined when it holds the photo itself (or none). */
export const linkedPhoto = (value: string): string | undefined =>
  value.startsWith(PHOTO_LINK) ? value.slice(PHOTO_LINK.length) : undefined;

/** Where photo records are looked up (the tables' `photos`). */
export type PhotoLookup = { get(id: string): { _id: string; data: string } | undefined };

/**
 * The photo a stored field value means, and the object its fingerprint is kept on:
 * a link's photo record ("" when no record has that id), else the value on its owner.
 */
function stored(photos: PhotoLookup, owner: object, value: string): { holder: object; value: string } {
  const id = linkedPhoto(value);
  if (id === undefined) return { holder: owner, value };
  const photo = photos.get(id);
  return photo ? { holder: photo, value: photo.data } : { holder: owner, value: "" };
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

// Each photo record's fingerprint (or a record's, for a photo inline in it), kept
// while the record lives and its photo is the same string: every answer that
// quotes the owner asks again, and a photo record never changes, so only a new
// photo, or a record loaded anew, is hashed again. Nothing here keeps a photo alive.
const FINGERPRINTS = new WeakMap<object, Partial<Record<PhotoField, { value: string; print: string }>>>();

export function fingerprintOf(record: object, field: PhotoField, value: string): string {
  let prints = FINGERPRINTS.get(record);
  if (!prints) FINGERPRINTS.set(record, (prints = {}));
  const known = prints[field];
  if (known && known.value === value) return known.print;
  const print = fingerprint(value);
  prints[field] = { value, print };
  return print;
}

/** A record's photo as answers quote it. */
export function photoOut<F extends PhotoField>(
  photos: PhotoLookup,
  owner: PhotoOwner,
  record: { _id: string } & Record<F, string>,
  field: F,
): string {
  const { holder, value } = stored(photos, record, record[field]);
  // An id a URL path could not carry plainly (imported data) keeps its photo inline.
  return isReferenced(value) && ID.test(record._id)
    ? `/api/photos/${owner}/${record._id}/${field}?v=${fingerprintOf(holder, field, value)}`
    : value;
}

/**
 * The photo a reference names, or undefined when its owner is gone or holds no such photo:
 * `stored` is what the owner's field holds (a link to a photo record, or the photo itself),
 * `value` the photo, `holder` what its fingerprint is kept on.
 */
export function photoOf(
  photos: PhotoLookup,
  lookup: (owner: PhotoOwner, id: string) => object | undefined,
  ref: PhotoRef,
): { holder: object; value: string; stored: string } | undefined {
  const record = lookup(ref.owner, ref.id);
  const field = (record as Record<string, unknown> | undefined)?.[ref.field];
  if (!record || typeof field !== "string") return undefined;
  const photo = stored(photos, record, field);
  return photo.value !== "" ? { ...photo, stored: field } : undefined;
}

/** A data URL's media type and bytes. */
export function decodeDataUrl(value: string): { type: string; bytes: Uint8Array } | null {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=]*)$/i.exec(value);
  if (!m) return null;
  const binary = atob(m[2]);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { type: m[1].toLowerCase(), bytes };
}
