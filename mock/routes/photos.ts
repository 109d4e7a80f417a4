// GET /api/photos/:owner/:id/:field: the bytes of a photo that answers quote by
// reference (mock/photos.ts). The fingerprint in `?v=` names the content, so an
// answer to the current one may be cached forever; an old one gets the current
// photo, not to be cached. The ETag is the fingerprint: If-None-Match gets a 304.
import { ApiError, MSG, notFound } from "../errors";
import { PHOTO_DATA_URL } from "../boundary";
import { fingerprintOf, parsePhotoRef, photoOf, type PhotoOwner } from "../photos";
import type { Tables } from "../tables";
import type { RouteDef } from "../route-kit";

const lookup = (db: Tables) => (owner: PhotoOwner, id: string) => db[owner].get(id);

/**
 * A photo value a client sent in a write: a reference the answers gave is the
 * stored photo it names (an edit form sends the current photo back unchanged);
 * anything else is itself.
 */
export function resolvePhoto(db: Tables, field: string, value: string): string;
export function resolvePhoto(db: Tables, field: string, value: string | undefined): string | undefined;
export function resolvePhoto(db: Tables, field: string, value: string | undefined): string | undefined {
  if (value === undefined || !value.startsWith("/api/photos/")) return value;
  const ref = parsePhotoRef(value);
  const stored = ref && photoOf(lookup(db), ref);
  if (!stored) throw new ApiError(422, MSG.PHOTO_REF_GONE(field, value));
  return stored.value;
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
      const photo = ref && photoOf(lookup(ctx.db), ref);
      if (!photo) throw notFound(MSG.PHOTO_NOT_FOUND(path));
      const { record, value } = photo;
      // A photo given as a URL (a /path, an http(s) address) is where it lives.
      if (!value.startsWith("data:")) return { status: 302, body: "", headers: { location: value } };
      const tag = fingerprintOf(record, ref.field, value);
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
