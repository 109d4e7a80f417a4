// GET /api/photos/:owner/:id/:field: the bytes of a photo that answers quote by
// reference (mock/data/photos.ts). The fingerprint in `?v=` names the content, so an
// answer to the current one may be cached forever; an old one gets the current
// photo, not to be cached. The ETag is the fingerprint: If-None-Match gets a 304.
// Every photo is served so that it can never act as a page: `nosniff`, and a
// sandboxing Content-Security-Policy (no script, no loads, not the server's origin)
// in case one is opened on its own. Only stored images are served: a photo field
// holding a web URL or a /path is quoted as it is, and its /api/photos URL is a 404,
// never a redirect (which would make this API an open redirector).
import { ApiError, MSG, notFound } from "../core/errors";
import { PHOTO_DATA_URL } from "../core/boundary";
import { v4 as uuid } from "uuid";
import {
  PHOTO_LINK,
  fingerprintOf,
  isReferenced,
  linkedPhoto,
  parsePhotoRef,
  photoOf,
  photoDanger,
  unsafePhotoMessage,
  type PhotoOwner,
} from "../data/photos";
import type { Tables } from "../data/tables";
import type { RouteDef } from "./route-kit";
import { z } from "zod";

const lookup = (db: Tables) => (owner: PhotoOwner, id: string) => db[owner].get(id);

/** The headers every photo answer carries: it is an image, never a page. */
export const PHOTO_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'",
} as const;

/**
 * A photo value a client sent in a write: a reference the answers gave is what
 * the field it names holds (a link to a photo record, or a small photo itself; an
 * edit form sends the current photo back unchanged); anything else is itself.
 * An SVG that could run script or load anything is refused (422, naming why).
 * Store it with storePhoto.
 */
export function resolvePhoto(db: Tables, field: string, value: string): string;
export function resolvePhoto(db: Tables, field: string, value: string | undefined): string | undefined;
export function resolvePhoto(db: Tables, field: string, value: string | undefined): string | undefined {
  if (value === undefined) return value;
  const danger = photoDanger(value);
  if (danger) throw new ApiError(422, unsafePhotoMessage(field, value, danger));
  if (!value.startsWith("/api/photos/")) return value;
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

const photoQuery = z.object({
  v: z.string().optional().describe("The content's fingerprint, as answers give it: the answer may be cached forever."),
});

export const photoRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/photos/:owner/:id/:field",
    auth: false,
    facts: {
      operationId: "getPhoto",
      summary: "Get a photo",
      description:
        "A photo answers quote by reference (owner `users`: userPhoto or coverPhoto; owner `posts`: postPic). " +
        "A write may send the reference back to mean that photo. A photo field holding a /path or a web URL has no answer here (404): " +
        "answers quote it as it is. Every photo is served nosniff and sandboxed (Content-Security-Policy).",
      tag: "photos",
      query: photoQuery,
      answers: {
        200: {
          description: "The image's bytes; the ETag is the fingerprint.",
          media: "image/*",
          headers: ["ETag", "Cache-Control", "X-Content-Type-Options", "Content-Security-Policy"],
        },
        304: { description: "If-None-Match holds the current fingerprint.", headers: ["ETag", "Cache-Control"] },
      },
    },
    handler(ctx, req) {
      const { owner, id, field } = req.params;
      const path = `/api/photos/${owner}/${id}/${field}`;
      const ref = parsePhotoRef(path);
      const photo = ref && photoOf(ctx.db.photos, lookup(ctx.db), ref);
      // A photo given as a URL (a /path, an http(s) address) is not stored here: answers quote it as it is.
      if (!photo || !photo.value.startsWith("data:")) throw notFound(MSG.PHOTO_NOT_FOUND(path));
      const { value } = photo;
      const tag = fingerprintOf(photo);
      const current = req.query.v === tag;
      const headers = {
        ...PHOTO_HEADERS,
        etag: `"${tag}"`,
        "cache-control": current ? "public, max-age=31536000, immutable" : "no-cache",
        [PHOTO_DATA_URL]: "1",
      };
      // `*` matches any current representation (RFC 9110 §13.1.2), and this photo is one.
      const match = req.headers["if-none-match"];
      if (match !== undefined && match.split(",").some((t) => t.trim() === "*" || t.trim().replace(/^W\//, "") === `"${tag}"`))
        return { status: 304, body: "", headers };
      return { status: 200, body: value, headers };
    },
  },
];
