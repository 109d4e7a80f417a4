// Tokens: HS256 JWTs signed with a fixed secret (CONTRACT §9), verified on every call.
import { SignJWT, jwtVerify } from "jose";

const SECRET_BYTES = new TextEncoder().encode("moments-mock-api-fixed-secret-do-not-use-in-production");
/**
 * The key as the Uint8Array of now: jose checks `instanceof Uint8Array`, and under jsdom the global
 * Uint8Array is the page's while TextEncoder still makes Node's (a login answered 500 there).
 */
const secret = () => new Uint8Array(SECRET_BYTES);
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  _id: string;
  username: string;
}

export async function signToken(claims: TokenClaims, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ _id: claims._id, username: claims.username })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(secret());
}

// A token string is immutable, so a verified one need not be verified again
// until it expires. Bounded, so a flood of distinct tokens cannot grow it.
const verified = new Map<string, { claims: TokenClaims; exp: number }>();
const CACHE_LIMIT = 1000;

/** The claims of a valid token, or null when it fails verification in any way. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  const nowSeconds = Date.now() / 1000;
  const hit = verified.get(token);
  if (hit) {
    if (hit.exp > nowSeconds) return hit.claims;
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, secret(), { algorithms: ["HS256"] });
    if (typeof payload._id !== "string" || typeof payload.username !== "string" || typeof payload.exp !== "number") return null;
    const claims = { _id: payload._id, username: payload.username };
    if (verified.size >= CACHE_LIMIT) verified.clear();
    verified.set(token, { claims, exp: payload.exp });
    return claims;
  } catch {
    return null;
  }
}

/** The token from an `authorization` header: the bare token (as the client sends it) or `Bearer <token>`. */
export function tokenFromHeader(value: string | null | undefined): string | null {
  const given = value?.trim() ?? "";
  // "Bearer" alone, or with undefined or null after it (a client's unset variable), carries no token.
  const token = /^Bearer(?:\s|$)/i.test(given) ? given.slice("Bearer".length).trim() : given;
  return !token || token === "undefined" || token === "null" ? null : token;
}
