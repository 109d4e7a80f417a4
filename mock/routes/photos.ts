// GET /api/photos/:owner/:id/:field: the bytes of a photo that answers quote by
// reference (mock/photos.ts). The fingerprint in `?v=` names the content, so an
// answer to the current one may be cached forever; an old one gets the current
// photo, not to be cached. The ETag is the fingerprint: If-None-Match gets a 304.
import { ApiError, MSG, notFound } from "../errors";
import { PHOTO_DATA_URL } from "../boundary";
import { v4 as uuid } from "uuid";
import { PHOTO_LINK, fingerprintOf, isReferenced, linkedPhoto, parsePhotoRef, photoOf, type PhotoOwner } from "../photos";
import type { Tables } from "../tables";
import type { RouteDef } from "../route-kit";

const lookup = (db: Tables) => (owner: PhotoOwner, id: string) => db[owner].get(id);

/**
 * A photo value a client sent in a write: a reference the answers gave is what
 * the field it names holds (a link to a photo record, or a small photo itself; an
 * edit form sends the current photo back unchanged); anything else is itself.
 * Store it with storePhoto.
 */
export function resolvePhoto(db: Tables, field: string, value: string): string;
export function resolvePhoto(db: Tables, field: string, value: string | undefined): string | undefined;
export function resolvePhoto(db: Tables, field: string, value: string | undefined): string | undefined {
  if (value === undefined || !value.startsWith("/api/photos/")) return value;
  const ref = parsePhotoRef(value);
  const photo = ref && photoOf(db.photos, lookup(db), ref);
  if (!photo) throw new ApiError(422, MSG.PHOTO_REF_GONE(field, value));
  return photo.stored;
}

/**
 * What an owner's field holds once `next` (a value resolvePhoto gave) replaces
 * `current`: a large data URL becomes a photo record of its own; a link is kept when
 * it is the field's own photo, and copied into a new record when it is another
 * owner's (each photo record has one owner, so removing it never breaks another).
 * The photo record `current` named goes in the same change set.
 */
export function storePhoto(db: Tables, current: string, next: string): string {
  if (next === current) return current;
  let value = next;
  const linked = linkedPhoto(next);
  if (linked !== undefined) value = addPhoto(db, db.photos.get(linked)?.data ?? "");
  else if (isReferenced(next)) value = addPhoto(db, next);
  dropPhoto(db, current);
  return value;
}

/** Removes the photo record a field's value names, if any (its owner is deleted, or has another photo). */
export function dropPhoto(db: Tables, value: string) {
  const id = linkedPhoto(value);
  if (id !== undefined) db.photos.remove(id);
}

function addPhoto(db: Tables, data: string): string {
  if (!data) return "";
  const photo = db.photos.insert({ _id: uuid(), data });
  return PHOTO_LINK + photo._id;
}

export const photoRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/photos/:owner/:id/:field",
    auth: false,
    handler(ctx, req) {
      const { owner, id, field } = req.params;
      const path = `/api/photos/${owner}/${id}/${field}`;
      const ref = parsePhotoRef(path);
      const photo = ref && photoOf(ctx.db.photos, lookup(ctx.db), ref);
      if (!photo) throw notFound(MSG.PHOTO_NOT_FOUND(path));
      const { value } = photo;
      // A photo given as a URL (a /path, an http(s) address) is where it lives.
      if (!value.startsWith("data:")) return { status: 302, body: "", headers: { location: value } };
      const tag = fingerprintOf(photo);
      const current = req.query.v === tag;
      const headers = {
        etag: `"${tag}"`,
        "cache-control": current ? "public, max-age=31536000, immutable" : "no-cache",
        [PHOTO_DATA_URL]: "1",
      };
      const match = req.headers["if-none-match"];
      if (match !== undefined && match.split(",").some((t) => t.trim().replace(/^W\//, "") === `"${tag}"`))
        return { status: 304, body: "", headers };
      return { status: 200, body: value, headers };
    },
  },
];
