// Photos by reference. An uploaded photo (a data URL of up to ~2.8 MB) is stored
// once, in its owner's record; answers quote it as a short URL,
// `/api/photos/<users|posts>/<id>/<field>?v=<fingerprint>`, which GET answers
// with the image's bytes. So a comment, like or follow costs the same whatever
// the photo of the user it quotes, and a feed page is a few kB, not 20 × 2 MB.
// Small data URLs (icons, up to PHOTO_INLINE_MAX) and every other kind of value
// (/paths, http(s) URLs, "") are answered as they are.
//
// The fingerprint is of the photo's content: the same URL always means the same
// bytes, so a client may cache it forever; a new photo gets a new URL. A client
// that sends a reference back (an edit form holding the current photo) means that
// photo: writes resolve it to the stored data (resolvePhoto).

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

/** Whether answers quote this stored value by reference. */
export const isReferenced = (value: string) => value.length > PHOTO_INLINE_MAX && value.startsWith("data:");

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

// Each record's fingerprints, kept while the record lives and its photo is the
// same string: every answer that quotes the owner asks again, and a record
// holds the one string its photo is (a pointer compare), so only a new photo,
// or a record loaded anew, is hashed again. Nothing here keeps a photo alive.
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
export function photoOut<F extends PhotoField>(owner: PhotoOwner, record: { _id: string } & Record<F, string>, field: F): string {
  const value = record[field];
  // An id a URL path could not carry plainly (imported data) keeps its photo inline.
  return isReferenced(value) && ID.test(record._id)
    ? `/api/photos/${owner}/${record._id}/${field}?v=${fingerprintOf(record, field, value)}`
    : value;
}

/** The record a reference names and its photo, or undefined when its owner is gone or holds no such photo. */
export function photoOf(
  lookup: (owner: PhotoOwner, id: string) => object | undefined,
  ref: PhotoRef,
): { record: object; value: string } | undefined {
  const record = lookup(ref.owner, ref.id);
  const value = (record as Record<string, unknown> | undefined)?.[ref.field];
  return record && typeof value === "string" && value !== "" ? { record, value } : undefined;
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
